/// The keys of paths whose coverage a thread's `CoverageMemo` holds, taken before the
/// paths are flattened: a path asked for again (a cell's shape in the next cell, a shape
/// standing still) is found by its elements and placement, with no flattening at all.
///
/// Why it is exact: the coverage of a path, on `Rasterizer`'s route for paths, is a
/// function of its elements, its transform (after the whole pixels are taken out), the
/// flattening tolerance, the fill rule and the clip: `Flattener.polylines` and the
/// accumulation read nothing else. The key is those, compared bit for bit (a -0 is not a
/// 0). The clip is left out only where it cannot matter: when every mapped control point
/// lies a pixel or more inside it, no subpath is dropped by it (`Flattener.mayMeet`) and
/// the flattened points' area is inside it (`Rasterizer.coveredArea`), so the coverage is
/// the same under any clip that holds the path so. A key records the memo entry made or
/// found for it and the area the coverage lay over; a key whose entry has gone finds nothing.
///
/// The bound: at most `capacity` keys, of paths of at most `elementLimit` elements (a
/// longer path is not keyed); the least recently used goes first.
struct PathCoverageKeys {
    /// The most keys kept: heavy's cells ask for a ring, an oval and a label each frame.
    static let capacity = 16
    /// The longest path keyed (a label's glyphs are a few dozen elements).
    static let elementLimit = 1_024

    /// One kept key and what it found.
    private struct Record {
        var hash: UInt64 = 0
        var words: [UInt64] = []
        /// The `CoverageMemo` entry that holds the coverage, and the area it lay over.
        var entry: UInt64 = 0
        var area = PixelRect.empty
        var used: UInt64 = 0
    }

    private var records: [Record] = []
    /// The key of the path in hand (its buffer reused from path to path); empty when the
    /// path is not keyed.
    private var key: [UInt64] = []
    private var hash: UInt64 = 0
    private var clock: UInt64 = 0

    /// Sets the key of the path in hand: `elements` under `m`, flattened within `tolerance`,
    /// filled by `fillRule` inside `clip`. False (no key) when the path is too long to key.
    mutating func set(_ elements: [Path.Element], transform m: Transform, tolerance: Double, fillRule: FillRule,
                      clip: PixelRect) -> Bool {
        key.removeAll(keepingCapacity: true)
        guard elements.count <= PathCoverageKeys.elementLimit else { return false }
        key.append(fillRule == .evenodd ? 1 : 0)
        key.append(tolerance.bitPattern)
        key.append(m.a.bitPattern); key.append(m.b.bitPattern); key.append(m.c.bitPattern)
        key.append(m.d.bitPattern); key.append(m.tx.bitPattern); key.append(m.ty.bitPattern)
        // Whether the path lies inside the clip, then the clip's bounds (all 0 when it
        // does), set below once the mapped control points' box is known.
        let clipAt = key.count
        key.append(contentsOf: repeatElement(0, count: 5))
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        for element in elements {
            switch element {
            case .move: key.append(0)
            case .line: key.append(1)
            case .quad: key.append(2)
            case .cubic: key.append(3)
            case .close: key.append(4)
            }
            element.forEachPoint { p in
                key.append(p.x.bitPattern)
                key.append(p.y.bitPattern)
                // As `Flattener.mayMeet` maps them: non-finite points are left out.
                guard let q = Flattener.map(p, m) else { return }
                lo = Point(min(lo.x, q.x), min(lo.y, q.y))
                hi = Point(max(hi.x, q.x), max(hi.y, q.y))
            }
        }
        let within = lo.x <= hi.x && lo.x - 1 >= Double(clip.x0) && hi.x + 1 <= Double(clip.x1)
            && lo.y - 1 >= Double(clip.y0) && hi.y + 1 <= Double(clip.y1)
        if within {
            key[clipAt] = 1
        } else {
            key[clipAt &+ 1] = UInt64(bitPattern: Int64(clip.x0))
            key[clipAt &+ 2] = UInt64(bitPattern: Int64(clip.y0))
            key[clipAt &+ 3] = UInt64(bitPattern: Int64(clip.x1))
            key[clipAt &+ 4] = UInt64(bitPattern: Int64(clip.y1))
        }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for word in key { h = (h ^ word) &* 0x100_0000_01B3 }
        hash = h
        return true
    }

    /// The memo entry and area recorded for the key in hand, or nil.
    mutating func find() -> (entry: UInt64, area: PixelRect)? {
        guard !key.isEmpty, let i = records.firstIndex(where: matchesKey) else { return nil }
        clock &+= 1
        records[i].used = clock
        return (records[i].entry, records[i].area)
    }

    /// Records that the key in hand's coverage is held by memo entry `entry`, over `area`
    /// (replacing the least recently used key when `capacity` are kept).
    mutating func keep(entry: UInt64, area: PixelRect) {
        guard !key.isEmpty else { return }
        clock &+= 1
        var slot = Record()
        if let i = records.firstIndex(where: matchesKey) {
            slot = records.remove(at: i)
        } else if records.count >= PathCoverageKeys.capacity,
                  let oldest = records.indices.min(by: { records[$0].used < records[$1].used }) {
            slot = records.remove(at: oldest)
        }
        slot.words.removeAll(keepingCapacity: true)
        slot.words.append(contentsOf: key)
        slot.hash = hash
        slot.entry = entry
        slot.area = area
        slot.used = clock
        records.append(slot)
    }

    /// True when `record` was kept for the key in hand, compared word for word.
    private func matchesKey(_ record: Record) -> Bool {
        record.hash == hash && record.words == key
    }
}

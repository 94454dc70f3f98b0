/// The keys of paths whose coverage a thread's `CoverageMemo` holds, taken before the
/// paths are flattened: a path placed at a whole-pixel offset and asked for again (a
/// cell's shape in the next cell, or standing still) is found by its elements and
/// placement, with no flattening at all (`Rasterizer.coverage(of:transform:...)`).
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
        guard elements.count <= PathCoverageKeys.elementLimit else {
            key.removeAll(keepingCapacity: true)
            return false
        }
        // The words: the rule, the tolerance, the transform's six, whether the path lies
        // inside the clip and the clip's bounds (all 0 when it does), then each element's
        // kind and its points. Sized, then written through a pointer: an append a word
        // cost more than the rest of the key.
        var points = 0
        for element in elements { element.forEachPoint { _ in points &+= 1 } }
        let total = PathCoverageKeys.headerWords &+ elements.count &+ points &* 2
        if key.count > total {
            key.removeLast(key.count &- total)
        } else if key.count < total {
            key.append(contentsOf: repeatElement(0, count: total &- key.count))
        }
        hash = key.withUnsafeMutableBufferPointer { out in
            out[0] = fillRule == .evenodd ? 1 : 0
            out[1] = tolerance.bitPattern
            out[2] = m.a.bitPattern; out[3] = m.b.bitPattern; out[4] = m.c.bitPattern
            out[5] = m.d.bitPattern; out[6] = m.tx.bitPattern; out[7] = m.ty.bitPattern
            var k = PathCoverageKeys.headerWords
            // The mapped points' box, as `Flattener.mayMeet` makes it.
            var box = Flattener.MappedBox()
            for element in elements where k < out.count {
                switch element {
                case let .move(p): out[k] = 0; k &+= 1; Self.put(p, m, out, &k, &box)
                case let .line(p): out[k] = 1; k &+= 1; Self.put(p, m, out, &k, &box)
                case let .quad(c, p):
                    out[k] = 2; k &+= 1
                    Self.put(c, m, out, &k, &box); Self.put(p, m, out, &k, &box)
                case let .cubic(c1, c2, p):
                    out[k] = 3; k &+= 1
                    Self.put(c1, m, out, &k, &box); Self.put(c2, m, out, &k, &box); Self.put(p, m, out, &k, &box)
                case .close: out[k] = 4; k &+= 1
                }
            }
            let within = box.liesWithin(clip)
            out[8] = within ? 1 : 0
            out[9] = within ? 0 : UInt64(bitPattern: Int64(clip.x0))
            out[10] = within ? 0 : UInt64(bitPattern: Int64(clip.y0))
            out[11] = within ? 0 : UInt64(bitPattern: Int64(clip.x1))
            out[12] = within ? 0 : UInt64(bitPattern: Int64(clip.y1))
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for word in out { h = (h ^ word) &* 0x100_0000_01B3 }
            return h
        }
        return true
    }

    /// Writes `p`'s coordinates at `out[k]` (moving `k` past them) and widens `box` by `p`
    /// mapped as `Flattener.mayMeet` maps it.
    @inline(__always)
    private static func put(_ p: Point, _ m: Transform, _ out: UnsafeMutableBufferPointer<UInt64>, _ k: inout Int,
                            _ box: inout Flattener.MappedBox) {
        out[k] = p.x.bitPattern
        out[k &+ 1] = p.y.bitPattern
        k &+= 2
        box.include(p, m)
    }

    /// The words of a key before its elements'.
    private static let headerWords = 13

    /// The memo entry and area recorded for the key in hand, or nil. The records are
    /// searched from the last kept: a key asked for again within a frame (the next cell's
    /// shape) is most often the one the cell before kept.
    mutating func find() -> (entry: UInt64, area: PixelRect)? {
        guard !key.isEmpty, let i = records.lastIndexInPlace(where: matchesKey) else { return nil }
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
        if let i = records.lastIndexInPlace(where: matchesKey) {
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

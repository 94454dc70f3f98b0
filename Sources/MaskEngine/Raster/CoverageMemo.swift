import CPixels
import Foundation

/// The last few coverages the rasterizer accumulated on one thread, each kept with exactly
/// what its accumulation consumed, so that a request consuming the same is answered with
/// a copy instead of being accumulated again: a shape repeated at whole-pixel offsets (a
/// grid of cells, a list, `repeat`), or standing still from frame to frame.
///
/// Why it is exact: the accumulation (`LineAccumulator`, CoverageLines.c, then
/// `mask_sum_rows`) reads nothing of a request but its area's width and height, the fill
/// rule, and each polyline's points moved by the area's origin (`p.x - x0`, `p.y - y0`, as
/// doubles), in order. The key is those: the points' differences compared bit for bit
/// (a -0 is not a 0), the polylines' lengths, the size and the rule. Equal keys are equal
/// inputs to the same arithmetic, so the bytes, extents and full runs are the same,
/// counted from the area's origin; only where the area lies differs, and the kept coverage
/// is handed out at the request's own area. No tolerance is involved anywhere.
/// A path's request is first looked up by the path itself (`PathCoverageKeys`: its
/// elements, placement, tolerance, rule and clip), so a path found costs no flattening;
/// one not found is flattened and looked up by its points as above, and the entry that
/// answers (its id handed back with the coverage, `Served`) is then named by the path's key.
/// Points not found are accumulated, and the cells they leave are looked up last
/// (`coverage(ofCells:...)`): the running sum (`mask_sum_rows`) reads nothing but the
/// area's width and height, the rule, the blocks of cells the edges marked and those
/// blocks' cells, so an entry made from the same marks and cells, bit for bit, holds the
/// bytes and spans the sum would write. That finds a shape whose points differ in their
/// last bits only (a turned oval in a grid of cells: `x + 204 - …` rounds its fraction on
/// another grid in each power of two of `x`, yet the float cells come out the same), at
/// the cost of the edges' accumulation, not of the sum and the copy kept.
///
/// The bound: at most `capacity` keys, their coverages together at most `byteBudget`
/// bytes of values, span tables and cells (a larger one is never kept; the buffers' room is at
/// most twice their values, about twice the budget); the least recently used
/// goes first. A coverage of more than `eagerLimit` bytes is kept only when its key comes
/// again (then it is made once more, and kept): a large shape that changes every frame
/// (a circle growing over the canvas) is not copied every frame for nothing. Over an area
/// of more than `eagerLimit` pixels, even the key of the points is made only when a kept
/// entry has the request's outline (size, rule, polyline lengths; the outline alone is
/// kept otherwise): such a shape costs the memo a few comparisons, and one standing still
/// is found from its fourth request on. After `coldAfter` requests in a row found nothing
/// (a thread whose shapes change every frame: one circle growing from a corner), every area
/// is taken so, small ones too, until a request is found again: no key of points and no
/// copy kept a frame for nothing; a small shape repeated is then found from its third
/// request.
/// A kept coverage is handed out lent, not copied (`CoverageMask.isLent`): the mask shares
/// the entry's arrays, so a caller that writes it in place writes a copy (arrays are copied
/// on write) and the entry stays as it was made; given back, its buffers are let go, not
/// pooled. An entry dropped while a mask still holds its buffers leaves them to that mask:
/// beyond the budget, the memo keeps no more than the masks in hand hold.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`.
final class CoverageMemo {
    /// The most coverages kept. Heavy's 25 cells ask, each frame, for a few shapes that
    /// are alike across cells (a ring, a few placements of a turning oval).
    static let capacity = 8
    /// The most bytes the kept values, span tables and cells take together (2 MiB: a few
    /// canvas-wide shapes of a 1280 × 720 frame, or hundreds of a cell's).
    static let byteBudget = 2 << 20
    /// The largest coverage kept the first time its key is seen (64 KiB: heavy's ring,
    /// 240 × 128, is 30 KiB).
    static let eagerLimit = 64 << 10
    /// How many requests in a row that found nothing make the memo take every area as a
    /// large one (heavy's cells find their shapes dozens of times a frame; a scene of one
    /// changing shape finds nothing).
    static let coldAfter = 16

    /// One kept coverage and the key it was made for.
    private struct Entry {
        var width = 0, height = 0, evenOdd = false
        /// A hash of the rest, to pass over most other keys at one comparison.
        var hash: UInt64 = 0
        /// Each polyline's point count, then the points' moved coordinates as bits (x, y).
        var counts: [Int] = []
        var points: [UInt64] = []
        /// The cells its accumulation left: the marks of every row, then the marked blocks'
        /// cells, two to a word (`mask_gather_marked_cells`); empty when not kept.
        var cells: [UInt64] = []
        var bytes: [UInt8] = []
        var rowSpans: [Int32] = []
        var fullRuns: [Int32] = []
        /// False while only the key is kept (a large coverage, seen once).
        var isMade = false
        /// When it was last asked for (`clock`).
        var used: UInt64 = 0
        /// Which coverage it holds (`nextID`): a path's key (`PathCoverageKeys`) names it.
        var id: UInt64 = 0

        /// The bytes it holds for the budget.
        var size: Int { bytes.count &+ (rowSpans.count &+ fullRuns.count) &* 4 &+ cells.count &* 8 }
    }

    // Asked for by every accumulation: the dynamic exclusivity checks are off, since only
    // the memo's one thread touches it and no access begins inside another.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The key of the request in hand (its buffers reused from request to request).
    @exclusivity(unchecked) private var key = Entry()
    private var clock: UInt64 = 0
    /// Requests in a row that found nothing (up to `coldAfter`).
    private var missesInARow = 0
    /// True while the request in hand, of at most `eagerLimit` pixels, is keyed by its
    /// points and not found: its cells are looked up, and kept with its key when a kept
    /// entry has its outline (`coverage(ofCells:...)`).
    private var cellsWanted = false
    /// True when `key.cells` holds the cells of the request in hand (else it is a buffer
    /// left over).
    private var keyHasCells = false
    /// The index of the entry `coverage(ofCells:...)` found for the request in hand, if any.
    private var foundByCells: Int?
    /// The keys of the paths whose coverage is kept, taken before flattening.
    @exclusivity(unchecked) private var paths = PathCoverageKeys()
    /// The next entry's `id`.
    private var nextID: UInt64 = 1

    /// A coverage handed out and the id of the entry that holds it (the one that answered,
    /// or the one it was just kept in), nil when none does: a path's key names that entry.
    typealias Served = (mask: CoverageMask, entry: UInt64?)

    /// How many requests were answered with a kept coverage (for tests and measures).
    private(set) var hits = 0
    /// How many of them were found by their path's key, with no flattening.
    private(set) var pathHits = 0
    /// How many requests were answered with a kept coverage found by their cells (not
    /// counted in `hits`, which counts those found by a key).
    private(set) var cellHits = 0
    /// How many requests had the key of their points made (for tests and measures).
    private(set) var keyed = 0
    /// How many coverages are kept.
    var keptCount: Int { entries.count }
    /// The bytes the kept coverages take (at most `byteBudget`).
    var keptBytes: Int { entries.reduce(0) { $0 &+ $1.size } }

    init() {}

    /// The coverage of `elements` under `transform` (flattened within `tolerance`) inside
    /// `clip` by `fillRule`: a kept one found by the path's key (`PathCoverageKeys`), lent,
    /// else `make()`'s, which flattens the path and asks `coverage(of:fillRule:area:make:)`;
    /// the entry that `make()` names (the one that answered or kept it) is then named by
    /// the path's key.
    func coverage(ofPath elements: [Path.Element], transform: Transform, tolerance: Double, fillRule: FillRule,
                  clip: PixelRect, make: () -> Served?) -> CoverageMask? {
        guard paths.set(elements, transform: transform, tolerance: tolerance, fillRule: fillRule, clip: clip) else { return make()?.mask }
        if let (id, area) = paths.find(), let i = entries.indexInPlace(where: { $0.id == id }), entries[i].isMade {
            clock &+= 1
            entries[i].used = clock
            hits &+= 1
            pathHits &+= 1
            missesInARow = 0
            return lend(entries[i], at: area)
        }
        guard let (made, entry) = make() else { return nil }
        if let entry { paths.keep(entry: entry, area: made.rect) }
        return made
    }

    /// The coverage of `polygons` (device space) over `area` by `fillRule`: a kept one made
    /// for the same key, lent, else `make()`'s, kept when it fits; with the id of the entry
    /// that holds it (nil when none does).
    /// `make()` hands back a coverage made, or nil when nothing is covered or when its cells
    /// found a kept coverage (`coverage(ofCells:...)`): that one is handed out, lent.
    func coverage(of polygons: [Polyline], fillRule: FillRule, area: PixelRect,
                  make: () -> CoverageMask?) -> Served? {
        clock &+= 1
        keyHasCells = false
        foundByCells = nil
        let cold = missesInARow >= CoverageMemo.coldAfter
        missesInARow = min(missesInARow &+ 1, CoverageMemo.coldAfter)
        // A large area (or any, while the memo is cold) is keyed by its points only when a
        // kept entry has its outline (size, rule, lengths): a large shape that changes every
        // frame (a circle growing over the canvas) costs a few comparisons, not a key of its
        // points. Its outline is kept, so a shape standing still is keyed from its second
        // request on.
        if cold || area.width &* area.height > CoverageMemo.eagerLimit {
            setOutline(polygons, fillRule: fillRule, area: area)
            if entries.indexInPlace(where: hasKeysOutline) == nil {
                guard let made = make() else { return nil }
                key.points.removeAll(keepingCapacity: true)
                key.hash = 0
                keep(made, seen: nil, made: false)
                return (made, nil)
            }
        }
        setKey(polygons, fillRule: fillRule, area: area)
        keyed &+= 1
        let found = entries.indexInPlace(where: matchesKey)
        if let i = found, entries[i].isMade {
            entries[i].used = clock
            hits &+= 1
            missesInARow = 0
            return (lend(entries[i], at: area), entries[i].id)
        }
        // Cells looked up for areas kept at once only: a large one's would cost a copy of
        // its cells for a shape most often changing.
        cellsWanted = area.width &* area.height <= CoverageMemo.eagerLimit
        let made = make()
        cellsWanted = false
        if let i = foundByCells { return (lend(entries[i], at: area), entries[i].id) }
        guard let made else { return nil }
        if let found { return (made, keep(made, seen: found, made: true)) }
        // The outline's entry of a large shape, if any, is replaced by its key.
        let outline = entries.indexInPlace { $0.points.isEmpty && hasKeysOutline($0) }
        return (made, keep(made, seen: outline, made: made.bytes.count &+ made.spanBytes <= CoverageMemo.eagerLimit))
    }

    /// Looks for a kept coverage made from the same cells as the request in hand's
    /// accumulation left over `area` (`cells` and `marks`, `stride` cells and `words` words
    /// of marks a row, as `mask_sum_rows` would read them). True when one was found (handed
    /// out by `coverage(of:fillRule:area:make:)`), the cells then cleared (all +0, as after
    /// the sum); false, the cells as they were, when none was, or when the request is not
    /// keyed by its points or no kept entry has its outline (then nothing is looked up).
    /// Not found, the cells are kept with the request's key, for the entry it makes.
    func coverage(ofCells cells: UnsafeMutablePointer<Float>, marks: UnsafePointer<UInt64>, words: Int, stride: Int,
                  area: PixelRect) -> Bool {
        guard cellsWanted else { return false }
        cellsWanted = false
        // Only a shape that comes back (a kept entry has its outline: size, rule, lengths) at
        // other points: a shape changing every frame copies no cells for nothing.
        guard entries.indexInPlace(where: hasKeysOutline) != nil else { return false }
        let height = area.height, markCount = words &* height
        var blocks = 0
        for k in 0..<markCount { blocks &+= marks[k].nonzeroBitCount }
        // Sized, not refilled: every word is written below. A buffer much larger than needed
        // is let go: an entry's cells stay within twice what the budget counts.
        let count = markCount &+ blocks &* 4
        if key.cells.capacity > 2 &* count { key.cells = [] }
        if key.cells.count > count {
            key.cells.removeLast(key.cells.count &- count)
        } else if key.cells.count < count {
            key.cells.append(contentsOf: repeatElement(0, count: count &- key.cells.count))
        }
        keyHasCells = true
        return key.cells.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return false }
            base.update(from: marks, count: markCount)
            let taken = base + markCount
            // An entry with the same size, rule and marks, whose cells are to be compared.
            guard entries.indexInPlace(where: { hasKeysCells($0, prefix: markCount, of: base) }) != nil else {
                mask_gather_marked_cells(cells, marks, words, stride, height, taken)
                return false
            }
            // Taken out (one walk for the copy and the clearing), put back if no entry has them.
            mask_take_marked_cells(cells, marks, words, stride, height, taken)
            foundByCells = entries.indexInPlace { hasKeysCells($0, prefix: count, of: base) }
            guard let i = foundByCells else {
                mask_put_marked_cells(cells, marks, words, stride, height, taken)
                return false
            }
            entries[i].used = clock
            cellHits &+= 1
            missesInARow = 0
            return true
        }
    }

    /// True when `entry` holds values made from cells of `key`'s size and rule, as many as
    /// `key.cells`, whose first `prefix` words are those at `words`, bit for bit.
    private func hasKeysCells(_ entry: Entry, prefix: Int, of words: UnsafePointer<UInt64>) -> Bool {
        guard entry.isMade, entry.width == key.width, entry.height == key.height, entry.evenOdd == key.evenOdd,
              entry.cells.count == key.cells.count else { return false }
        return entry.cells.withUnsafeBytes { kept in
            guard let base = kept.baseAddress else { return false }
            return memcmp(base, words, prefix &* 8) == 0
        }
    }

    /// Sets `key`'s outline: the area's size, the rule and the polylines' lengths.
    private func setOutline(_ polygons: [Polyline], fillRule: FillRule, area: PixelRect) {
        key.width = area.width
        key.height = area.height
        key.evenOdd = fillRule == .evenodd
        key.counts.removeAll(keepingCapacity: true)
        for poly in polygons { key.counts.append(poly.points.count) }
    }

    /// True when `entry` has `key`'s outline (whether or not it holds its points).
    private func hasKeysOutline(_ entry: Entry) -> Bool {
        entry.width == key.width && entry.height == key.height && entry.evenOdd == key.evenOdd && entry.counts == key.counts
    }

    /// Sets `key` to what the accumulation of `polygons` over `area` consumes.
    private func setKey(_ polygons: [Polyline], fillRule: FillRule, area: PixelRect) {
        setOutline(polygons, fillRule: fillRule, area: area)
        var total = 0
        for count in key.counts { total &+= count &* 2 }
        // Sized, then written through a pointer: an append a coordinate cost more than the
        // subtraction (a circle grown over the canvas is a few hundred points).
        if key.points.count > total {
            key.points.removeLast(key.points.count &- total)
        } else if key.points.count < total {
            key.points.append(contentsOf: repeatElement(0, count: total &- key.points.count))
        }
        // The same subtraction `LineAccumulator.add` and `mask_add_inside_edges` make.
        let ox = Double(area.x0), oy = Double(area.y0)
        var hash = UInt64(truncatingIfNeeded: area.width &* 31 &+ area.height) &* 2 &+ (key.evenOdd ? 1 : 0)
        key.points.withUnsafeMutableBufferPointer { out in
            var k = 0
            for poly in polygons {
                hash = (hash ^ UInt64(truncatingIfNeeded: poly.points.count)) &* 0x100_0000_01B3
                poly.points.withUnsafeBufferPointer { points in
                    for p in points where k &+ 1 < out.count {
                        let x = (p.x - ox).bitPattern, y = (p.y - oy).bitPattern
                        out[k] = x
                        out[k &+ 1] = y
                        k &+= 2
                        hash = (hash ^ x ^ (y &<< 1)) &* 0x100_0000_01B3
                    }
                }
            }
        }
        key.hash = hash
    }

    /// True when `entry` was made for `key`: the sizes, rule, lengths and points compared
    /// bit for bit (the hash only passes over unequal keys sooner).
    private func matchesKey(_ entry: Entry) -> Bool {
        guard entry.hash == key.hash, entry.width == key.width, entry.height == key.height, entry.evenOdd == key.evenOdd,
              entry.counts == key.counts, entry.points.count == key.points.count else { return false }
        return entry.points.withUnsafeBufferPointer { a in
            key.points.withUnsafeBufferPointer { b in
                for i in 0..<a.count where a[i] != b[i] { return false }
                return true
            }
        }
    }

    /// A mask over `area` holding `entry`'s values and spans, lent: their arrays shared,
    /// not copied (`CoverageMask.isLent`).
    private func lend(_ entry: Entry, at area: PixelRect) -> CoverageMask {
        CoverageMask(rect: area, lent: entry.bytes, rowSpans: entry.rowSpans, fullRuns: entry.fullRuns)
    }

    /// Keeps `made` under `key` when it fits the budget (its values only when `isMade`, else
    /// only the key), replacing `seen`, the index of the key's entry, and dropping the least
    /// recently used entries as needed (reusing the buffers of the one it replaces, unless
    /// a lent mask still holds them). The id of the entry holding `made`'s values, or nil
    /// when none does.
    @discardableResult
    private func keep(_ made: CoverageMask, seen: Int?, made isMade: Bool) -> UInt64? {
        let valuesSize = made.bytes.count &+ made.spanBytes
        guard valuesSize <= CoverageMemo.byteBudget else { return nil }
        // Cells only when they are the request's and kept with the values made from them,
        // within the budget.
        if !keyHasCells || !isMade || valuesSize &+ key.cells.count &* 8 > CoverageMemo.byteBudget {
            key.cells.removeAll(keepingCapacity: true)
        }
        let size = valuesSize &+ key.cells.count &* 8
        var slot = Entry()
        if let seen { slot = entries.remove(at: seen) }
        var held = keptBytes
        let adding = isMade ? size : 0
        while !entries.isEmpty && (entries.count >= CoverageMemo.capacity || held &+ adding > CoverageMemo.byteBudget) {
            guard let oldest = entries.indices.min(by: { entries[$0].used < entries[$1].used }) else { break }
            held &-= entries[oldest].size
            slot = entries.remove(at: oldest)
        }
        swap(&slot.counts, &key.counts)
        swap(&slot.points, &key.points)
        swap(&slot.cells, &key.cells)
        keyHasCells = false
        slot.width = key.width
        slot.height = key.height
        slot.evenOdd = key.evenOdd
        slot.hash = key.hash
        slot.used = clock
        slot.isMade = isMade
        slot.id = nextID
        nextID &+= 1
        // A buffer reused for much less (or for a key alone) is let go: what the memo
        // holds stays within twice what it counts.
        if slot.bytes.capacity > 2 &* made.bytes.count || !isMade { slot.bytes = [] }
        slot.bytes.removeAll(keepingCapacity: true)
        slot.rowSpans.removeAll(keepingCapacity: true)
        slot.fullRuns.removeAll(keepingCapacity: true)
        if isMade {
            slot.bytes.append(contentsOf: made.bytes)
            slot.rowSpans.append(contentsOf: made.rowSpans)
            slot.fullRuns.append(contentsOf: made.fullRuns)
        }
        entries.append(slot)
        return isMade ? slot.id : nil
    }
}

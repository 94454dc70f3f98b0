/// The coverage of a rectangle that covers every pixel of its area (a box on whole pixels,
/// or cut by the clip inside its whole pixels): kept by size, lent, so that a layer's frame
/// or background asked for every frame costs a look-up, not a buffer of bytes grown and a
/// table of rows written.
///
/// Why it is exact: such a coverage is a function of its area's width and height alone.
/// Every row is the whole width, one full run (`Rasterizer.rectangleCoverage`'s inside
/// rows: extent `0 ..< w`, run `0 ..< w`, all rows sharing the one run's entry), and the
/// mask is sparse with no byte left open: none is written, none is read (they hold 255,
/// the coverage they stand for, so that a reader of bytes would still be right). Handed out at
/// the request's own area (`CoverageMask.isLent`, as `CoverageMemo` lends): a caller that
/// writes it in place writes a copy, and given back its buffers are let go, not pooled.
///
/// A size is kept from its second request in a row of sizes not kept (its first is
/// written as before): a rectangle whose size changes at every request (a mask's frame cut
/// by a growing shape, once a frame) costs no kept buffers made for nothing, while one
/// asked for again (heavy's cells, or a frame standing still) is kept from then on.
///
/// The bound: at most `capacity` sizes, their buffers together at most `byteBudget` bytes
/// (a larger rectangle is made as before); the least recently used goes first, its buffers
/// reused by the size that replaces it where they are large enough.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`.
final class FullRectangleMasks {
    /// The most sizes kept: heavy's cells ask for a gradient's frame, a panel's and a
    /// mask's frame, each the same size in every cell.
    static let capacity = 4
    /// The most bytes the kept values and row tables take together (2 MiB: a canvas-wide
    /// rectangle of a 1280 × 720 frame, or hundreds of a cell's).
    static let byteBudget = 2 << 20

    /// One kept size and its buffers.
    private struct Entry {
        var width = 0, height = 0
        /// `width × height` bytes of 255, not read (every pixel is in its row's full run).
        var bytes: [UInt8] = []
        /// Four integers a row: `0, width, 0, 2`.
        var rowSpans: [Int32] = []
        /// The one run: `0, width`.
        var fullRuns: [Int32] = []
        var used: UInt64 = 0

        /// The bytes it holds for the budget.
        var size: Int { bytes.count &+ (rowSpans.count &+ fullRuns.count) &* 4 }
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    private var clock: UInt64 = 0
    /// The size of the last request that found no kept one, made once when asked again.
    private var missed: (width: Int, height: Int)?

    /// How many requests were answered with a kept size (for tests).
    private(set) var hits = 0
    /// For tests: false makes every request a miss, so that each rectangle is written by
    /// the rasterizer, the reference the lent masks are compared with.
    var keeps = true
    /// How many sizes are kept.
    var keptCount: Int { entries.count }
    /// The bytes the kept sizes take (at most `byteBudget`).
    var keptBytes: Int { entries.reduce(0) { $0 &+ $1.size } }

    init() {}

    /// The coverage of a rectangle covering all of `area` (not empty), lent; nil when a
    /// mask of its size is over the budget, or not kept yet (asked for the first time in a
    /// row of misses).
    func mask(over area: PixelRect) -> CoverageMask? {
        let w = area.width, h = area.height
        let (bytes, overflow) = w.multipliedReportingOverflow(by: h)
        guard keeps, w > 0, h > 0, !overflow, bytes &+ (h &* 4 &+ 2) &* 4 <= FullRectangleMasks.byteBudget else { return nil }
        clock &+= 1
        if let i = entries.indexInPlace(where: { $0.width == w && $0.height == h }) {
            entries[i].used = clock
            hits &+= 1
            return lend(entries[i], at: area)
        }
        guard let last = missed, last.width == w, last.height == h else {
            missed = (w, h)
            return nil
        }
        missed = nil
        return lend(make(width: w, height: h, bytes: bytes), at: area)
    }

    /// A mask over `area` holding `entry`'s buffers, lent.
    private func lend(_ entry: Entry, at area: PixelRect) -> CoverageMask {
        CoverageMask(rect: area, lent: entry.bytes, rowSpans: entry.rowSpans, fullRuns: entry.fullRuns)
    }

    /// Keeps a new entry of `width × height` (`bytes` values), dropping the least recently
    /// used as needed and reusing the buffers of the last one dropped.
    private func make(width w: Int, height h: Int, bytes: Int) -> Entry {
        var slot = Entry()
        var held = keptBytes
        let adding = bytes &+ (h &* 4 &+ 2) &* 4
        while !entries.isEmpty && (entries.count >= FullRectangleMasks.capacity || held &+ adding > FullRectangleMasks.byteBudget) {
            guard let oldest = entries.indices.min(by: { entries[$0].used < entries[$1].used }) else { break }
            held &-= entries[oldest].size
            slot = entries.remove(at: oldest)
        }
        slot.width = w
        slot.height = h
        slot.used = clock
        // The values are not read: shrunk as they are (all 255), or made anew (the old ones are
        // not copied into a larger buffer, nor a buffer kept for much less).
        if slot.bytes.count >= bytes, slot.bytes.capacity <= 2 &* bytes {
            slot.bytes.removeLast(slot.bytes.count &- bytes)
        } else {
            slot.bytes = [UInt8](repeating: 255, count: bytes)
        }
        let row = Int32(truncatingIfNeeded: w)
        slot.rowSpans = [Int32](unsafeUninitializedCapacity: h &* 4) { table, written in
            for r in 0..<h {
                table[r &* 4] = 0
                table[r &* 4 &+ 1] = row
                table[r &* 4 &+ 2] = 0
                table[r &* 4 &+ 3] = 2
            }
            written = h &* 4
        }
        slot.fullRuns = [0, row]
        entries.append(slot)
        return slot
    }
}

/// How much of each pixel of a device rectangle a shape covers, 0 (none) to 255 (all).
///
/// Pixels outside `rect` have coverage 0. `values` is row-major, `rect.width` bytes a row,
/// and holds every pixel's coverage.
///
/// `spans` says, row by row, where the values are worth reading (the run-length rows of
/// tiny-skia's `alpha_runs` or Blend2D's cell buffers, kept beside the dense bytes): each
/// row's extent, outside which every value is 0, and the runs inside it known to be 255.
/// A fill then touches only the extent, copies or stores the full runs and blends only
/// what is left. Masks made without spans (an empty table) have the whole row as their
/// extent and no full runs known, which is always true.
///
/// The table is one flat buffer of `Int32`s, columns counted from `rect.x0`: four for
/// each row (`extent start, extent end, first run, end of runs`, the last two indices into
/// the table), then the full runs, two each (`start, end`), in order and apart.
struct CoverageMask: Sendable {
    /// The device pixels the values describe.
    let rect: PixelRect
    /// One byte per pixel of `rect`.
    var values: [UInt8]
    /// The rows' extents and full runs (see above); empty when none are known.
    /// Code that raises values in place must drop it; code that only lowers them must at
    /// least forget the full runs (`forgetFull()`).
    private(set) var spans: [Int32]

    init(rect: PixelRect, values: [UInt8], spans: [Int32] = []) {
        self.rect = rect
        self.values = values
        self.spans = spans
    }

    /// Drops the full runs, before `values` are lowered in place (multiplied by a mask):
    /// the extents stay true, since a value that was 0 stays 0.
    mutating func forgetFull() {
        guard !spans.isEmpty else { return }
        for row in 0..<rect.height { spans[row &* 4 &+ 3] = spans[row &* 4 &+ 2] }
    }

    /// Row `y`'s extent (device columns, end exclusive) within `x0 ..< x1`: every value of
    /// the row outside it is 0. Empty (`lo >= hi`) when the row has nothing there.
    @inline(__always)
    func extent(y: Int, within x0: Int, _ x1: Int) -> (lo: Int, hi: Int) {
        let row = y &- rect.y0
        guard row >= 0, row < rect.height else { return (x0, x0) }
        guard !spans.isEmpty else { return (max(x0, rect.x0), min(x1, rect.x1)) }
        return spans.withUnsafeBufferPointer { t in
            (max(x0, rect.x0 &+ Int(t[row &* 4])), min(x1, rect.x0 &+ Int(t[row &* 4 &+ 1])))
        }
    }

    /// Calls `body(start, end, full)` for the pieces of row `y`'s extent within `x0 ..< x1`,
    /// left to right: `full` when every value of the piece is known to be 255, else a
    /// piece between full runs (any values). Nothing outside the extent is handed out.
    @inline(__always)
    func forEachSpan(y: Int, within x0: Int, _ x1: Int, _ body: (Int, Int, Bool) -> Void) {
        let (lo, hi) = extent(y: y, within: x0, x1)
        guard lo < hi else { return }
        guard !spans.isEmpty else { return body(lo, hi, false) }
        spans.withUnsafeBufferPointer { t in
            let row = (y &- rect.y0) &* 4
            var i = Int(t[row &+ 2]), x = lo
            let end = Int(t[row &+ 3])
            while i < end, x < hi {
                let a = max(x, rect.x0 &+ Int(t[i])), b = min(hi, rect.x0 &+ Int(t[i &+ 1]))
                i &+= 2
                guard a < b else { continue }
                if a > x { body(x, a, false) }
                body(a, b, true)
                x = b
            }
            if x < hi { body(x, hi, false) }
        }
    }

    /// True when row `y`'s pixels from `x0` to `x1` (exclusive) are known to be 255.
    func isKnownFull(y: Int, x0: Int, x1: Int) -> Bool {
        let row = y &- rect.y0
        guard !spans.isEmpty, row >= 0, row < rect.height, x0 < x1 else { return false }
        return spans.withUnsafeBufferPointer { t in
            var i = Int(t[row &* 4 &+ 2])
            let end = Int(t[row &* 4 &+ 3])
            while i < end {
                if rect.x0 &+ Int(t[i]) <= x0 { if rect.x0 &+ Int(t[i &+ 1]) >= x1 { return true } } else { return false }
                i &+= 2
            }
            return false
        }
    }

    /// Gives the values' and the spans' buffers back to `pool`; the mask is empty afterwards.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&values)
        pool.recycle(&spans)
    }

    /// The coverage of one device pixel (0 outside `rect`).
    func value(x: Int, y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return values[(y - rect.y0) * rect.width + (x - rect.x0)]
    }
}

/// Writes a `CoverageMask`'s span table row by row, as a rasterizer produces the rows.
struct CoverageSpanWriter {
    /// The table so far.
    private(set) var table: [Int32]
    private let headerCount: Int
    /// Where the current row's runs start, and its extent so far (columns from the
    /// area's left; `first` is -1 until a non-zero value is seen).
    private var rowStart = 0, first = -1, last = 0, row = 0
    /// The open full run's start, or -1.
    private var runStart = -1

    /// A writer for `rows` rows, its table from `pool`.
    init(rows: Int, pool: BufferPool) {
        headerCount = rows &* 4
        table = pool.ints(count: headerCount)
        rowStart = headerCount
    }

    /// Notes that columns `x0 ..< x1` of the current row hold `value`. Calls come left to
    /// right without gaps.
    @inline(__always)
    mutating func run(_ x0: Int, _ x1: Int, value: UInt8) {
        if value != 0 {
            if first < 0 { first = x0 }
            last = x1
        }
        if value == 255 {
            if runStart < 0 { runStart = x0 }
        } else if runStart >= 0 {
            closeRun(at: x0)
        }
    }

    @inline(__always)
    private mutating func closeRun(at x: Int) {
        table.append(Int32(truncatingIfNeeded: runStart))
        table.append(Int32(truncatingIfNeeded: x))
        runStart = -1
    }

    /// Ends the current row at column `width`.
    mutating func endRow(width: Int) {
        if runStart >= 0 { closeRun(at: width) }
        let h = row &* 4
        table[h] = Int32(truncatingIfNeeded: first < 0 ? 0 : first)
        table[h &+ 1] = Int32(truncatingIfNeeded: first < 0 ? 0 : last)
        table[h &+ 2] = Int32(truncatingIfNeeded: rowStart)
        table[h &+ 3] = Int32(truncatingIfNeeded: table.count)
        rowStart = table.count
        first = -1
        row &+= 1
    }

    /// Ends a row whose extent and single full run are known without looking at its
    /// values: `extent` and `full` in columns from the area's left (`full` empty or inside
    /// `extent`).
    mutating func endRow(extent: Range<Int>, full: Range<Int>) {
        if !full.isEmpty {
            table.append(Int32(truncatingIfNeeded: full.lowerBound))
            table.append(Int32(truncatingIfNeeded: full.upperBound))
        }
        let h = row &* 4
        table[h] = Int32(truncatingIfNeeded: extent.lowerBound)
        table[h &+ 1] = Int32(truncatingIfNeeded: extent.upperBound)
        table[h &+ 2] = Int32(truncatingIfNeeded: rowStart)
        table[h &+ 3] = Int32(truncatingIfNeeded: table.count)
        rowStart = table.count
        row &+= 1
    }

    /// The finished table; what it grew by past its first size is counted in `pool`.
    mutating func finish(pool: BufferPool) -> [Int32] {
        pool.countGrowth(ints: table.count &- headerCount)
        var done: [Int32] = []
        swap(&done, &table)
        return done
    }
}

import CPixels

/// How much of each pixel of a device rectangle a shape covers, 0 (none) to 255 (all).
///
/// Pixels outside `rect` have coverage 0. `bytes` is row-major, `rect.width` bytes a row.
///
/// The spans say, row by row, where the values are worth reading (the run-length rows of
/// tiny-skia's `alpha_runs` or Blend2D's cell buffers, kept beside the dense bytes): each
/// row's extent, outside which every value is 0, and the runs inside it known to be 255.
/// A fill then touches only the extent, copies or stores the full runs and blends only
/// what is left. A mask made without spans (empty tables) has the whole row as its extent
/// and no full runs known, which is always true.
///
/// The rasterizer does not write what the spans already say: in a sparse mask
/// (`isSparse`) the bytes outside the extents and inside the full runs hold anything. Code
/// that reads bytes there either walks the spans or calls `materialize()` first (the
/// rarer readers: blur, mask products, tests).
///
/// Two flat tables of `Int32`s, columns counted from `rect.x0`: `rowSpans` holds four for
/// each row (extent start, extent end, and the row's first and end index into `fullRuns`);
/// `fullRuns` holds the runs, two each (start, end), in order and apart within a row. Rows
/// alike may share their runs' entries (a rectangle's inside rows share one).
struct CoverageMask: Sendable {
    /// The device pixels the values describe.
    let rect: PixelRect
    /// One byte per pixel of `rect`; while `isSparse`, only those in a row's extent and
    /// outside its full runs are written.
    var bytes: [UInt8]
    /// True while the bytes outside the extents and inside the full runs are unwritten.
    private(set) var isSparse: Bool
    /// Each row's extent and where its full runs are (see above); empty when none are known.
    /// Code that raises values in place must drop the spans; code that only lowers them
    /// must at least forget the full runs (`forgetFull()`).
    private(set) var rowSpans: [Int32]
    /// The rows' full runs.
    private(set) var fullRuns: [Int32]
    /// True when the buffers are lent by the thread's `CoverageMemo`: its kept coverage,
    /// shared, not copied. Read as any other; a write in place copies them first (they are
    /// arrays, copied on write), so the memo's entry never changes; `recycle(into:)` lets
    /// them go instead of giving the memo's buffers to the pool.
    private(set) var isLent = false

    /// A mask whose every byte of `values` is written.
    init(rect: PixelRect, values: [UInt8], rowSpans: [Int32] = [], fullRuns: [Int32] = []) {
        self.rect = rect
        bytes = values
        isSparse = false
        self.rowSpans = rowSpans
        self.fullRuns = fullRuns
    }

    /// A mask whose `bytes` are written only where the spans leave the value open.
    init(rect: PixelRect, sparse bytes: [UInt8], rowSpans: [Int32], fullRuns: [Int32]) {
        self.rect = rect
        self.bytes = bytes
        isSparse = true
        self.rowSpans = rowSpans
        self.fullRuns = fullRuns
    }

    /// A sparse mask over `rect` whose buffers are a `CoverageMemo` entry's, shared (`isLent`).
    init(rect: PixelRect, lent bytes: [UInt8], rowSpans: [Int32], fullRuns: [Int32]) {
        self.init(rect: rect, sparse: bytes, rowSpans: rowSpans, fullRuns: fullRuns)
        isLent = true
    }

    /// The bytes the spans' tables take.
    var spanBytes: Int { (rowSpans.count + fullRuns.count) * 4 }

    /// Drops the full runs, before `bytes` are lowered in place (multiplied by a mask):
    /// the extents stay true, since a value that was 0 stays 0. The bytes are written
    /// first (`materialize()`).
    mutating func forgetFull() {
        guard !rowSpans.isEmpty else { return }
        materialize()
        for row in 0..<rect.height { rowSpans[row &* 4 &+ 3] = rowSpans[row &* 4 &+ 2] }
    }

    /// Calls `body` with the spans held for reading, row after row, without a look-up of
    /// the tables for each row.
    @inline(__always)
    func withSpans<R>(_ body: (Spans) -> R) -> R {
        rowSpans.withUnsafeBufferPointer { rows in
            fullRuns.withUnsafeBufferPointer { runs in body(Spans(rect: rect, rows: rows, runs: runs)) }
        }
    }

    /// A coverage's spans held for reading.
    struct Spans {
        let rect: PixelRect
        fileprivate let rows: UnsafeBufferPointer<Int32>
        fileprivate let runs: UnsafeBufferPointer<Int32>

        /// Row `y`'s extent (device columns, end exclusive) within `x0 ..< x1`: every value
        /// of the row outside it is 0. Empty (`lo >= hi`) when the row has nothing there.
        @inline(__always)
        func extent(y: Int, within x0: Int, _ x1: Int) -> (lo: Int, hi: Int) {
            let row = y &- rect.y0
            guard row >= 0, row < rect.height else { return (x0, x0) }
            guard rows.count > 0 else { return (max(x0, rect.x0), min(x1, rect.x1)) }
            return (max(x0, rect.x0 &+ Int(rows[row &* 4])), min(x1, rect.x0 &+ Int(rows[row &* 4 &+ 1])))
        }

        /// Calls `body(start, end, full)` for the pieces of row `y`'s extent within
        /// `x0 ..< x1`, left to right: `full` when every value of the piece is known to be
        /// 255, else a piece between full runs (any values). Nothing outside the extent is
        /// handed out.
        @inline(__always)
        func forEach(y: Int, within x0: Int, _ x1: Int, _ body: (Int, Int, Bool) -> Void) {
            let (lo, hi) = extent(y: y, within: x0, x1)
            guard lo < hi else { return }
            guard rows.count > 0 else { return body(lo, hi, false) }
            let row = (y &- rect.y0) &* 4
            var i = Int(rows[row &+ 2]), x = lo
            let end = Int(rows[row &+ 3])
            while i < end, x < hi {
                let a = max(x, rect.x0 &+ Int(runs[i])), b = min(hi, rect.x0 &+ Int(runs[i &+ 1]))
                i &+= 2
                guard a < b else { continue }
                if a > x { body(x, a, false) }
                body(a, b, true)
                x = b
            }
            if x < hi { body(x, hi, false) }
        }

        /// The tables as they are, for a kernel that walks the rows itself
        /// (`mask_solid_span_rows`): four entries a row of `rect` and the full runs (see
        /// `CoverageMask`); nil when the spans are empty.
        var tables: (rows: UnsafePointer<Int32>, runs: UnsafePointer<Int32>?)? {
            guard rows.count > 0, let base = rows.baseAddress else { return nil }
            return (base, runs.baseAddress)
        }

        /// The end row (exclusive, at most `last`) of the rows from `y` whose spans are row
        /// `y`'s own entries (a rectangle's inside rows share theirs): the same extent and
        /// full runs, found without reading the runs. `y + 1` when the spans are empty or
        /// `y` is outside `rect`.
        @inline(__always)
        func rowsSharingSpans(from y: Int, to last: Int) -> Int {
            let row = y &- rect.y0
            guard rows.count > 0, row >= 0, row < rect.height, let base = rows.baseAddress else { return y &+ 1 }
            let entries = UnsafeRawPointer(base + row &* 4).loadUnaligned(as: (UInt64, UInt64).self)
            var end = y &+ 1
            let stop = min(last, rect.y1)
            while end < stop {
                let next = UnsafeRawPointer(base + (end &- rect.y0) &* 4).loadUnaligned(as: (UInt64, UInt64).self)
                guard next == entries else { break }
                end &+= 1
            }
            return end
        }

        /// True when row `y`'s pixels from `x0` to `x1` (exclusive) are known to be 255.
        func isKnownFull(y: Int, x0: Int, x1: Int) -> Bool {
            let row = y &- rect.y0
            guard rows.count > 0, row >= 0, row < rect.height, x0 < x1 else { return false }
            var i = Int(rows[row &* 4 &+ 2])
            let end = Int(rows[row &* 4 &+ 3])
            while i < end {
                guard rect.x0 &+ Int(runs[i]) <= x0 else { return false }
                if rect.x0 &+ Int(runs[i &+ 1]) >= x1 { return true }
                i &+= 2
            }
            return false
        }
    }

    /// Row `y`'s extent within `x0 ..< x1` (see `Spans.extent`).
    func extent(y: Int, within x0: Int, _ x1: Int) -> (lo: Int, hi: Int) {
        withSpans { $0.extent(y: y, within: x0, x1) }
    }

    /// The pieces of row `y`'s extent within `x0 ..< x1` (see `Spans.forEach`).
    func forEachSpan(y: Int, within x0: Int, _ x1: Int, _ body: (Int, Int, Bool) -> Void) {
        withSpans { $0.forEach(y: y, within: x0, x1, body) }
    }

    /// True when row `y`'s pixels from `x0` to `x1` (exclusive) are known to be 255.
    func isKnownFull(y: Int, x0: Int, x1: Int) -> Bool {
        withSpans { $0.isKnownFull(y: y, x0: x0, x1: x1) }
    }

    /// The same values and full runs seen through other row spans (four entries a row, see
    /// above): a side of a combined mask's rows (`CombinedMask.sides`). The buffers are
    /// shared; give the row spans back with `recycleRowSpans(into:)`.
    func through(rowSpans other: [Int32]) -> CoverageMask {
        var seen = self
        seen.rowSpans = other
        return seen
    }

    /// Gives the row spans' buffer back to `pool` and lets go of the values and the runs,
    /// which another mask holds (`through(rowSpans:)`); the mask is empty afterwards.
    mutating func recycleRowSpans(into pool: BufferPool) {
        pool.recycle(&rowSpans)
        bytes = []
        fullRuns = []
    }

    /// True when every row of `rows` is known full from `x0` to `x1` (`isKnownFull`),
    /// checked once for each band of rows sharing their spans (a mask's frame is one band).
    func isKnownFull(rows: Range<Int>, x0: Int, x1: Int) -> Bool {
        withSpans { spans in
            var y = rows.lowerBound
            while y < rows.upperBound {
                guard spans.isKnownFull(y: y, x0: x0, x1: x1) else { return false }
                y = spans.rowsSharingSpans(from: y, to: rows.upperBound)
            }
            return true
        }
    }

    /// The same coverage moved by whole pixels (its values and spans are counted from its
    /// rect, so only the rect moves; lent buffers stay lent).
    func moved(dx: Int, dy: Int) -> CoverageMask {
        let r = PixelRect(x0: rect.x0 &+ dx, y0: rect.y0 &+ dy, x1: rect.x1 &+ dx, y1: rect.y1 &+ dy)
        var m = isSparse ? CoverageMask(rect: r, sparse: bytes, rowSpans: rowSpans, fullRuns: fullRuns)
            : CoverageMask(rect: r, values: bytes, rowSpans: rowSpans, fullRuns: fullRuns)
        m.isLent = isLent
        return m
    }

    /// Gives the values' and the spans' buffers back to `pool` (lent ones are let go: they
    /// are the memo's, and were never counted as the pool's); the mask is empty afterwards.
    mutating func recycle(into pool: BufferPool) {
        guard !isLent else {
            bytes = []
            rowSpans = []
            fullRuns = []
            return
        }
        pool.recycle(&bytes)
        pool.recycle(&rowSpans)
        pool.recycle(&fullRuns)
    }

    /// The coverage of one device pixel (0 outside `rect`).
    func value(x: Int, y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        if isSparse {
            let (lo, hi) = extent(y: y, within: x, x &+ 1)
            guard lo < hi else { return 0 }
            if isKnownFull(y: y, x0: x, x1: x &+ 1) { return 255 }
        }
        return bytes[(y - rect.y0) * rect.width + (x - rect.x0)]
    }

    /// Writes the bytes a sparse mask leaves unwritten (0 outside the extents, 255 in the
    /// full runs), for readers of the dense bytes; the spans stay as they are.
    mutating func materialize() {
        guard isSparse else { return }
        var dense: [UInt8] = []
        swap(&dense, &bytes)
        let w = rect.width
        dense.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for y in rect.y0..<rect.y1 {
                let row = base + (y &- rect.y0) &* w
                writeRow(y: y, x0: rect.x0, x1: rect.x1, from: UnsafePointer(row), into: row)
            }
        }
        swap(&dense, &bytes)
        isSparse = false
    }

    /// Every pixel's value, row-major as `bytes` (a copy, written in full): for tests and
    /// other readers that want plain bytes.
    func denseValues() -> [UInt8] {
        var copy = self
        copy.materialize()
        return copy.bytes
    }

    /// Writes row `y`'s values for columns `x0 ..< x1` (inside `rect`) into `dst`, one byte
    /// a column: 0 outside the extent, 255 in full runs, the bytes elsewhere.
    func writeRow(y: Int, x0: Int, x1: Int, into dst: UnsafeMutablePointer<UInt8>) {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            writeRow(y: y, x0: x0, x1: x1, from: base + ((y &- rect.y0) &* rect.width &+ (x0 &- rect.x0)), into: dst)
        }
    }

    /// `writeRow` with the row's bytes from `x0` at `src` (which may be `dst`: then what is
    /// written stays where it is).
    private func writeRow(y: Int, x0: Int, x1: Int, from src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>) {
        withSpans { spans in
            var x = x0
            spans.forEach(y: y, within: x0, x1) { a, b, known in
                if a > x { (dst + (x &- x0)).update(repeating: 0, count: a &- x) }
                if known {
                    (dst + (a &- x0)).update(repeating: 255, count: b &- a)
                } else if src != UnsafePointer(dst) {
                    (dst + (a &- x0)).update(from: src + (a &- x0), count: b &- a)
                }
                x = b
            }
            if x < x1 { (dst + (x &- x0)).update(repeating: 0, count: x1 &- x) }
        }
    }
}

/// Writes a `CoverageMask`'s spans row by row, as a rasterizer produces the rows, at the
/// cost of a few comparisons for each run of the row, not for each pixel: the rasterizer
/// says which columns it filled with one value (`run`) and which blocks it summed cell by
/// cell (`summed`), and the writer looks at bytes only at the ends of extents and full
/// runs.
///
/// The full runs are written through a pointer into the pool's room for them
/// (`SpanRunRoom`), which grows only when a shape has more runs than it holds, and copied
/// into the mask's table once at the end: an append to an array would check the array's
/// uniqueness and capacity for each run.
struct CoverageSpanWriter {
    private let header: UnsafeMutableBufferPointer<Int32>
    /// The full runs so far: `count` of the `room` integers from `runs`.
    private var runs: UnsafeMutablePointer<Int32>
    private var room: Int, count = 0
    /// The current row, where its runs start in `runs`, and its extent so far (columns
    /// from the area's left; `first` is -1 until a possibly non-zero column is seen).
    private var row = 0, rowStart = 0, first = -1, last = 0
    /// The current row's first non-zero run's start and last one's end, or -1.
    private var firstRun = -1, lastRunEnd = -1
    /// The open full run's start, or -1.
    private var runStart = -1
    /// True once a finished row had a non-zero value.
    private var covered = false

    private init(header: UnsafeMutableBufferPointer<Int32>, runs: UnsafeMutablePointer<Int32>, room: Int) {
        self.header = header
        self.runs = runs
        self.room = room
    }

    /// The spans of `rows` rows, written by `body`, which must end every row; their tables
    /// come from `pool`. `covered` is true when some row has a non-zero value.
    static func write(rows: Int, pool: BufferPool, _ body: (inout CoverageSpanWriter) -> Void)
        -> (rowSpans: [Int32], fullRuns: [Int32], covered: Bool) {
        var table = pool.ints(count: rows &* 4)
        // Room for a run a row, which most shapes need at most.
        let (base, room) = pool.spanRuns.take(atLeast: rows &* 2 &+ 2)
        let written = table.withUnsafeMutableBufferPointer { header in
            var writer = CoverageSpanWriter(header: header, runs: base, room: room)
            body(&writer)
            return (runs: writer.runs, room: writer.room, count: writer.count, covered: writer.covered)
        }
        var runs = pool.ints(count: written.count)
        runs.withUnsafeMutableBufferPointer { out in
            out.baseAddress?.update(from: written.runs, count: written.count)
        }
        pool.spanRuns.keep(written.runs, room: written.room)
        return (table, runs, written.covered)
    }

    /// Hands the tables to `body` as C's `mask_span_table` (for `mask_sum_rows`, which
    /// writes rows by the rules of `run`, `summed` and `endRow`), and takes them back.
    /// Called between rows.
    mutating func withTable(_ body: (inout mask_span_table) -> Void) {
        guard let base = header.baseAddress else { return }
        var table = mask_span_table(header: base, runs: runs, room: room, count: count, row: row, row_start: rowStart,
                                    covered: covered) { runs, count, room in
            let (bigger, size) = CoverageSpanWriter.grown(runs, room: room.pointee, count: count)
            room.pointee = size
            return bigger
        }
        body(&table)
        (runs, room, count, row, rowStart, covered) = (table.runs, table.room, table.count, table.row, table.row_start,
                                                       table.covered)
    }

    /// True when the current row has had a possibly non-zero column: a run of 0s before
    /// one lies outside the extent.
    var hasStartedExtent: Bool { first >= 0 }

    /// Notes that columns `x0 ..< x1` of the current row all hold `value`. Calls come left
    /// to right without gaps. The bytes of the columns need not be written when `value`
    /// is 255 (they are in a full run), nor when it is 0 before the extent starts or up to
    /// the row's end (they are outside the extent); nothing here reads them.
    @inline(__always)
    mutating func run(_ x0: Int, _ x1: Int, value: UInt8) {
        if value != 0 {
            if first < 0 { first = x0 }
            if firstRun < 0 { firstRun = x0 }
            last = x1
            lastRunEnd = x1
        }
        if value == 255 {
            if runStart < 0 { runStart = x0 }
        } else if runStart >= 0 {
            close(at: x0)
        }
    }

    /// Notes that columns `x0 ..< x1` (one block of the rasterizer, or less at the row's
    /// end), whose bytes are in the row from `bytes`, hold values summed one by one: any
    /// values. An open full run goes on through the 255s that start them; a run of 255s
    /// that reaches their last column starts one. Runs lying wholly inside the columns,
    /// short of both ends, are not looked for.
    @inline(__always)
    mutating func summed(_ x0: Int, _ x1: Int, bytes: UnsafePointer<UInt8>) {
        if first < 0 { first = x0 }
        last = x1
        // The 255s at the columns' start and end, counted in one word for a whole block.
        let whole = x1 &- x0 == 8
        let notFull = whole ? ~UnsafeRawPointer(bytes + x0).loadUnaligned(as: UInt64.self) : 0
        if runStart >= 0 {
            var e = x0
            if whole {
                e = notFull == 0 ? x1 : x0 &+ (notFull.trailingZeroBitCount >> 3)
            } else {
                while e < x1, bytes[e] == 255 { e &+= 1 }
            }
            if e == x1 { return }
            close(at: e)
        }
        guard bytes[x1 &- 1] == 255 else { return }
        var s = x1 &- 1
        if whole {
            s = notFull == 0 ? x0 : x1 &- (notFull.leadingZeroBitCount >> 3)
        } else {
            while s > x0, bytes[s &- 1] == 255 { s &-= 1 }
        }
        runStart = s
    }

    @inline(__always)
    private mutating func close(at x: Int) {
        append(runStart, x)
        runStart = -1
    }

    /// Adds the full run `x0 ..< x1` to the current row.
    @inline(__always)
    private mutating func append(_ x0: Int, _ x1: Int) {
        if count &+ 2 > room { (runs, room) = Self.grown(runs, room: room, count: count) }
        runs[count] = Int32(truncatingIfNeeded: x0)
        runs[count &+ 1] = Int32(truncatingIfNeeded: x1)
        count &+= 2
    }

    /// The `count` runs at `runs` moved to twice the room (rows with more runs than the room
    /// was made for), and that room. Static, not mutating: a writer held in a loop's
    /// registers (`Rasterizer.sumRows`) is not put in memory for a call that takes its address.
    @inline(never)
    private static func grown(_ runs: UnsafeMutablePointer<Int32>, room: Int, count: Int)
        -> (UnsafeMutablePointer<Int32>, Int) {
        let bigger = UnsafeMutablePointer<Int32>.allocate(capacity: max(16, room &* 2))
        bigger.initialize(from: runs, count: count)
        runs.deallocate()
        return (bigger, max(16, room &* 2))
    }

    /// Ends the current row, `width` columns wide: the extent is trimmed to its non-zero
    /// ends (summed columns may hold 0s). Only summed columns are looked at: a run's bytes
    /// may be unwritten (see `run`), and a run of a non-zero value needs no trimming.
    @inline(__always)
    mutating func endRow(width: Int, bytes: UnsafePointer<UInt8>) {
        if runStart >= 0 { close(at: width) }
        var lo = 0, hi = 0
        if first >= 0 {
            lo = first
            hi = last
            // A word at a time: the zero bytes before the first non-zero one, up to the first
            // non-zero run at most, and after the last, down to the last non-zero run's end.
            let raw = UnsafeRawPointer(bytes)
            let loLimit = firstRun >= 0 ? firstRun : hi
            var found = false
            while lo &+ 8 <= loLimit {
                let word = raw.loadUnaligned(fromByteOffset: lo, as: UInt64.self)
                if word != 0 { lo &+= word.trailingZeroBitCount >> 3; found = true; break }
                lo &+= 8
            }
            if !found { while lo < loLimit, bytes[lo] == 0 { lo &+= 1 } }
            if lo < hi {
                let hiLimit = lastRunEnd > lo ? lastRunEnd : lo
                found = false
                while hi &- 8 >= hiLimit {
                    let word = raw.loadUnaligned(fromByteOffset: hi &- 8, as: UInt64.self)
                    if word != 0 { hi &-= word.leadingZeroBitCount >> 3; found = true; break }
                    hi &-= 8
                }
                if !found { while hi > hiLimit, bytes[hi &- 1] == 0 { hi &-= 1 } }
            }
            if lo >= hi { lo = 0; hi = 0 } else { covered = true }
        }
        setRow(row, lo, hi)
        rowStart = count
        first = -1
        firstRun = -1
        lastRunEnd = -1
        row &+= 1
    }

    /// Ends `count` rows alike whose extent and single full run are known without looking
    /// at their values: `extent` and `full` in columns from the area's left (`full` empty
    /// or inside `extent`). The rows share one entry for the run.
    mutating func endRows(_ count: Int, extent: Range<Int>, full: Range<Int>) {
        if !full.isEmpty { append(full.lowerBound, full.upperBound) }
        // The rows' four integers are the same: one 16-byte store a row (a rectangle's
        // inside rows are most of its rows).
        let entry = SIMD4<Int32>(Int32(truncatingIfNeeded: extent.lowerBound), Int32(truncatingIfNeeded: extent.upperBound),
                                 Int32(truncatingIfNeeded: rowStart), Int32(truncatingIfNeeded: self.count))
        assert(count >= 0 && (row &+ count) &* 4 <= header.count, "rows past the area's table")
        if let base = header.baseAddress, count > 0 {
            let rows = UnsafeMutableRawPointer(base + row &* 4)
            for r in 0..<count { rows.storeBytes(of: entry, toByteOffset: r &* 16, as: SIMD4<Int32>.self) }
        }
        if !extent.isEmpty { covered = true }
        rowStart = self.count
        row &+= count
    }

    @inline(__always)
    private func setRow(_ r: Int, _ lo: Int, _ hi: Int) {
        header[r &* 4] = Int32(truncatingIfNeeded: lo)
        header[r &* 4 &+ 1] = Int32(truncatingIfNeeded: hi)
        header[r &* 4 &+ 2] = Int32(truncatingIfNeeded: rowStart)
        header[r &* 4 &+ 3] = Int32(truncatingIfNeeded: count)
    }
}

/// A mask's values as runs of constant values: rows grouped in bands of rows alike, each
/// band a short list of runs `(start, end, value)`. A mask made of axis-aligned rectangles
/// of one alpha each (a grid's tiles, plain backgrounds) is a few runs a row, where its
/// bytes would be a whole buffer written and read again: the draw through it scales the
/// source by one constant a run (`DrawPipeline.Factor.runs`).
///
/// Values are 0 outside `rect` and outside the runs. Two flat tables of `Int`s: `bands`
/// holds three for each band, top to bottom from `rect.y0` (its end row, and its first
/// and end index into `runs`); `runs` holds three for each run (start and end column, in
/// device pixels, and its value, 1...255), in order and apart within a band, a run never
/// next to one of the same value. Rows alike share one band: a rectangle's inside rows
/// are one.
struct RunMask: Sendable {
    /// The device pixels the values describe; narrowing it (to pixels outside which the
    /// values are 0 anyway) keeps the bands and runs as they are.
    var rect: PixelRect
    /// Each band's end row and where its runs are (see above); the bands cover at least
    /// `rect`'s rows (more once the rect is narrowed: runs outside it count as 0).
    private(set) var bands: [Int]
    /// The bands' runs.
    private(set) var runs: [Int]

    /// The most runs a mask holds (all bands together): past it, building gives up
    /// (`combine` returns false) and the mask is drawn as bytes.
    static let maxRuns = 4096

    /// A mask of nothing but 0 over `rect`.
    init(zeroOver rect: PixelRect) {
        self.rect = rect
        bands = rect.isEmpty ? [] : [rect.y1, 0, 0]
        runs = []
    }

    /// Makes this a mask of nothing but 0 over `rect`, its tables' room kept: a mask
    /// reused frame after frame (`BufferPool.takeRunMask`) allocates nothing.
    mutating func reset(over rect: PixelRect) {
        self.rect = rect
        bands.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        guard !rect.isEmpty else { return }
        bands.append(rect.y1)
        bands.append(0)
        bands.append(0)
    }

    /// Makes this the exact coverage of the axis-aligned `box` over the pixels of `area`:
    /// what `Rasterizer.coverage` gives for it (its rectangle case), a pixel's value its
    /// column's overlap times its row's, rounded as the rasterizer rounds them.
    private mutating func setRectangle(_ box: Rect, area: PixelRect) {
        reset(over: .empty)
        rect = area
        // At most three bands (the edge rows, the rows inside) of three runs (the edge
        // columns, the columns inside): one allocation each, none for a reused mask.
        bands.reserveCapacity(3 &* 3)
        runs.reserveCapacity(3 &* 3 &* 3)
        let columns = BoxOverlap(lo: box.minX, hi: box.maxX, first: area.x0, count: area.width)
        let rows = BoxOverlap(lo: box.minY, hi: box.maxY, first: area.y0, count: area.height)
        func byte(_ cx: Float, _ fy: Float) -> Int { Int(BoxOverlap.byte(cx, fy)) }
        // One band for each edge row, one for the rows inside (their overlap is 1).
        func band(to end: Int, _ fy: Float) {
            let first = runs.count
            columns.forEachEdge { i in
                if i == columns.inner.upperBound, !columns.inner.isEmpty { append(area.x0 &+ columns.inner.lowerBound, area.x0 &+ i, byte(1, fy)) }
                append(area.x0 &+ i, area.x0 &+ i &+ 1, byte(columns.overlap(i), fy))
            }
            if !columns.inner.isEmpty, columns.inner.upperBound == area.width {
                append(area.x0 &+ columns.inner.lowerBound, area.x1, byte(1, fy))
            }
            endBand(at: area.y0 &+ end, runsFrom: first)
        }
        for y in 0..<rows.inner.lowerBound { band(to: y &+ 1, rows.overlap(y)) }
        if !rows.inner.isEmpty { band(to: rows.inner.upperBound, 1) }
        for y in rows.inner.upperBound..<area.height { band(to: y &+ 1, rows.overlap(y)) }
    }

    /// What `Rasterizer.coverage(of:transform:fillRule:clip:)` gives for `path` (with
    /// either fill rule), as runs, when the path under the transform is one axis-aligned
    /// rectangle (the rasterizer's rectangle case); a mask over no pixels when it covers
    /// none; nil for any other path.
    init?(coverageOf path: Path, transform m: Transform, clip: PixelRect) {
        let polygons = Flattener.polylines(of: path, transform: m, tolerance: 0.1, clip: clip)
        self.init(zeroOver: .empty)
        guard let area = Rasterizer.coveredArea(of: polygons, clip: clip) else { return }
        guard polygons.count == 1, let box = Rasterizer.axisAlignedBox(polygons[0].points) else { return nil }
        setRectangle(box, area: area)
    }

    /// Makes this what `init(coverageOf: .rect(r), transform: m, clip: clip)` gives, its
    /// tables' room kept, straight from the four corners (the path's route flattens them
    /// into new arrays: a grid's tiles are 24 of these a frame). False, the mask left
    /// any way, where that init gives nil.
    mutating func setCoverage(ofRect r: Rect, transform m: Transform, clip: PixelRect) -> Bool {
        // `Flattener`'s quadrilateral case: the corners in `Path.rect`'s order.
        guard let a = Flattener.map(Point(r.minX, r.minY), m), let b = Flattener.map(Point(r.maxX, r.minY), m),
              let c = Flattener.map(Point(r.maxX, r.maxY), m), let d = Flattener.map(Point(r.minX, r.maxY), m) else {
            // A corner not finite: the general flattening decides.
            guard let mask = RunMask(coverageOf: .rect(r), transform: m, clip: clip) else { return false }
            self = mask
            return true
        }
        // The corners' bounds, folded in the order `Flattener.mayMeet` and
        // `Rasterizer.coveredArea` fold them.
        var lo = Point(Double.infinity, Double.infinity), hi = Point(-Double.infinity, -Double.infinity)
        func include(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        include(a); include(b); include(c); include(d)
        let area = Flattener.mayMeet(lo: lo, hi: hi, clip: clip)
            ? PixelRect(covering: Rect(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)).intersection(clip) : .empty
        guard !area.isEmpty else {
            reset(over: .empty)
            return true
        }
        guard let box = Rasterizer.axisAlignedBox(a, b, c, d) else { return false }
        setRectangle(box, area: area)
        return true
    }

    /// Makes this `template`'s runs with each value `v` replaced by `value(v)`, its
    /// tables' room kept: a run whose value becomes 0 dropped, runs that touch and bands
    /// whose runs are alike merged, as `combine` leaves them. Where `template` is tiles
    /// that do not meet, each run tagged with its tile (`GridRunsCache.Entry.apart`), this
    /// is the tiles' fills at this frame's opacities without a merge for each.
    mutating func setValues(of template: RunMask, _ value: (Int) -> Int) {
        reset(over: .empty)
        rect = template.rect
        bands.reserveCapacity(template.bands.count)
        runs.reserveCapacity(template.runs.count)
        var b = 0
        while b < template.bands.count {
            let first = runs.count
            var r = template.bands[b &+ 1]
            while r < template.bands[b &+ 2] {
                append(template.runs[r], template.runs[r &+ 1], value(template.runs[r &+ 2]))
                r &+= 3
            }
            endBand(at: template.bands[b], runsFrom: first)
            b &+= 3
        }
    }

    /// True when every value over `area` is 255 (vacuously, for an empty area): each row
    /// of it within one run of 255.
    func isFull(over area: PixelRect) -> Bool {
        guard !area.isEmpty else { return true }
        guard rect.x0 <= area.x0, area.x1 <= rect.x1, rect.y0 <= area.y0, area.y1 <= rect.y1 else { return false }
        return withRows { rows in
            var y = area.y0, band = 0
            while y < area.y1 {
                var whole = false, count = 0
                rows.forEachRun(y: y, within: area.x0, area.x1, band: &band) { a, e, v in
                    count &+= 1
                    whole = a == area.x0 && e == area.x1 && v == 255
                }
                guard count == 1, whole else { return false }
                y = rows.rowsAlike(from: y, band: &band)
            }
            return true
        }
    }

    /// The number of runs held.
    var runCount: Int { runs.count / 3 }

    /// Appends a run to the band being written: merged into the last one when it touches it
    /// with the same value; nothing for a value of 0.
    private mutating func append(_ x0: Int, _ x1: Int, _ value: Int) {
        guard value != 0, x0 < x1 else { return }
        let n = runs.count
        if n >= 3, n > currentBandStart, runs[n &- 2] == x0, runs[n &- 1] == value {
            runs[n &- 2] = x1
            return
        }
        runs.append(x0)
        runs.append(x1)
        runs.append(value)
    }

    /// Where the runs of the band being written start.
    private var currentBandStart: Int { bands.last ?? 0 }

    /// Ends the band being written (runs from index `first`) at row `end`: merged into the
    /// band before when their runs are alike.
    private mutating func endBand(at end: Int, runsFrom first: Int) {
        let n = bands.count
        if n >= 3 {
            let a = bands[n &- 2], b = bands[n &- 1]
            if b &- a == runs.count &- first, runs[a..<b] == runs[first..<runs.count] {
                runs.removeLast(runs.count &- first)
                bands[n &- 3] = end
                return
            }
        }
        bands.append(end)
        bands.append(first)
        bands.append(runs.count)
    }

    /// Replaces each value `d` by `f(d, s)` where `other` holds `s` (0 outside its runs and
    /// its rect), over this mask's rect: `f(0, 0)` must be 0. False, with the mask left
    /// as it was, when the result would hold more than `maxRuns` runs.
    mutating func combine(with other: RunMask, _ f: (Int, Int) -> Int) -> Bool {
        var spare = RunMask(zeroOver: .empty)
        return combine(with: other, using: &spare, f)
    }

    /// `combine(with:_:)`, the result written into `spare`'s tables (their room kept) and
    /// swapped with this mask's: `spare` is left with the tables this mask had.
    mutating func combine(with other: RunMask, using spare: inout RunMask, _ f: (Int, Int) -> Int) -> Bool {
        spare.reset(over: .empty)
        spare.rect = rect
        guard combine(with: other, into: &spare, f) else { return false }
        swap(&self, &spare)
        return true
    }

    /// Writes `combine(with:_:)`'s result into the empty `out`; false past `maxRuns`.
    private func combine(with other: RunMask, into out: inout RunMask, _ f: (Int, Int) -> Int) -> Bool {
        out.runs.reserveCapacity(runs.count &+ other.runs.count)
        out.bands.reserveCapacity(bands.count &+ other.bands.count)
        var y = rect.y0, b = 0, ob = 0
        // The bands holding row `y` (this mask's may start above its rect, once narrowed).
        while b < bands.count, bands[b] <= y { b &+= 3 }
        while ob < other.bands.count, other.bands[ob] <= y { ob &+= 3 }
        while b < bands.count, y < rect.y1 {
            var end = min(bands[b], rect.y1)
            let inOther = y >= other.rect.y0 && ob < other.bands.count
            if inOther { end = min(end, other.bands[ob]) } else if y < other.rect.y0, other.rect.y0 < end { end = other.rect.y0 }
            let first = out.runs.count
            if inOther {
                out.merge(runs, from: bands[b &+ 1], to: bands[b &+ 2], other.runs, from: other.bands[ob &+ 1], to: other.bands[ob &+ 2], f)
            } else {
                out.merge(runs, from: bands[b &+ 1], to: bands[b &+ 2], other.runs, from: 0, to: 0, f)
            }
            guard out.runs.count <= 3 &* RunMask.maxRuns else { return false }
            out.endBand(at: end, runsFrom: first)
            y = end
            if bands[b] <= end { b &+= 3 }
            if inOther, other.bands[ob] == end { ob &+= 3 }
        }
        return true
    }

    /// Appends to the band being written the runs `f(d, s)` of the runs `a[i..<iEnd]`
    /// (values `d`) and `s[j..<jEnd]` (values `s`), 0 between runs.
    private mutating func merge(_ a: [Int], from i0: Int, to iEnd: Int, _ s: [Int], from j0: Int, to jEnd: Int, _ f: (Int, Int) -> Int) {
        var i = i0, j = j0
        var x = min(i < iEnd ? a[i] : Int.max, j < jEnd ? s[j] : Int.max)
        while i < iEnd || j < jEnd {
            var next = Int.max, d = 0, v = 0
            if i < iEnd {
                if a[i] <= x { d = a[i &+ 2]; next = a[i &+ 1] } else { next = a[i] }
            }
            if j < jEnd {
                if s[j] <= x { v = s[j &+ 2]; next = min(next, s[j &+ 1]) } else { next = min(next, s[j]) }
            }
            append(x, next, f(d, v))
            x = next
            if i < iEnd, a[i &+ 1] <= x { i &+= 3 }
            if j < jEnd, s[j &+ 1] <= x { j &+= 3 }
        }
    }

    /// What `AlphaSurface.fill(_:alpha:opacity:)` does, `[solid(alpha), [coverage,
    /// constant], sourceOver, a8]`, for a coverage given as runs, once a run: the source
    /// alpha `s = alpha · (coverage · k)` and `s + d · (255 − s)`, each product rounded
    /// (`mulDiv255`) as `mask_alpha_fill` and `mask_alpha_row` round it. False, with the
    /// mask as it was, past `maxRuns`; `spare` as for `combine(with:using:_:)`.
    mutating func fill(_ coverage: RunMask, alpha: UInt32, opacity k: UInt32, using spare: inout RunMask) -> Bool {
        // A coverage value whose source alpha rounds to 0 leaves `d`, as outside the runs.
        combine(with: coverage, using: &spare) { d, c in
            let s = UInt32(mulDiv255(alpha, UInt32(mulDiv255(UInt32(c), k))))
            return s == 0 ? d : Int(s &+ UInt32(mulDiv255(UInt32(d), 255 &- s)))
        }
    }

    /// Calls `body` with the bands and runs held for reading: rows walked top to bottom
    /// without a look-up of the tables for each.
    @inline(__always)
    func withRows<R>(_ body: (Rows) -> R) -> R {
        bands.withUnsafeBufferPointer { b in runs.withUnsafeBufferPointer { r in body(Rows(rect: rect, bands: b, runs: r)) } }
    }

    /// A mask's bands and runs held for reading.
    struct Rows {
        let rect: PixelRect
        fileprivate let bands: UnsafeBufferPointer<Int>
        fileprivate let runs: UnsafeBufferPointer<Int>

        /// The indices into `runs` of row `y`'s runs (three apart; empty outside the
        /// rect), searching the bands from index `band` (one at or above the row's), which
        /// is left at the row's: rows walked top to bottom find theirs at once.
        @inline(__always)
        private func runIndices(y: Int, band: inout Int) -> Range<Int> {
            guard y >= rect.y0, y < rect.y1 else { return 0..<0 }
            while band < bands.count, bands[band] <= y { band &+= 3 }
            guard band < bands.count else { return 0..<0 }
            return bands[band &+ 1]..<bands[band &+ 2]
        }

        /// Calls `body(start, end, value)` for the runs of row `y` within `x0 ..< x1`, left
        /// to right, clipped to it: the pixels between them are 0. `band` as for
        /// `runIndices`.
        @inline(__always)
        func forEachRun(y: Int, within x0: Int, _ x1: Int, band: inout Int, _ body: (Int, Int, Int) -> Void) {
            let indices = runIndices(y: y, band: &band)
            let lo = max(x0, rect.x0), hi = min(x1, rect.x1)
            var r = indices.lowerBound
            while r < indices.upperBound, runs[r] < hi {
                let a = max(lo, runs[r]), e = min(hi, runs[r &+ 1])
                if a < e { body(a, e, runs[r &+ 2]) }
                r &+= 3
            }
        }

        /// The end row (exclusive) of the rows from `y` that have row `y`'s runs: its
        /// band's, within the rect (`y + 1` outside it). `band` as for `runIndices`.
        @inline(__always)
        func rowsAlike(from y: Int, band: inout Int) -> Int {
            _ = runIndices(y: y, band: &band)
            guard y >= rect.y0, y < rect.y1, band < bands.count else { return y &+ 1 }
            return min(bands[band], rect.y1)
        }

        /// The most runs any row has.
        var mostRunsInARow: Int {
            stride(from: 0, to: bands.count, by: 3).reduce(0) { most, b in max(most, (bands[b &+ 2] &- bands[b &+ 1]) / 3) }
        }

        /// True when row `y` has a run within `x0 ..< x1` (else its values there are 0).
        @inline(__always)
        func hasRun(y: Int, within x0: Int, _ x1: Int, band: inout Int) -> Bool {
            let indices = runIndices(y: y, band: &band)
            let lo = max(x0, rect.x0), hi = min(x1, rect.x1)
            var r = indices.lowerBound
            // The first run that ends past `lo`: the row has one there if it starts before `hi`.
            while r < indices.upperBound, runs[r &+ 1] <= lo { r &+= 3 }
            return r < indices.upperBound && runs[r] < hi && lo < hi
        }
    }

    /// `Rows.forEachRun` for one row, the bands searched from the top.
    func forEachRun(y: Int, within x0: Int, _ x1: Int, _ body: (Int, Int, Int) -> Void) {
        var band = 0
        withRows { $0.forEachRun(y: y, within: x0, x1, band: &band, body) }
    }

    /// Writes row `y`'s values for columns `x0 ..< x1` into `dst`, one byte a column.
    func writeRow(y: Int, x0: Int, x1: Int, into dst: UnsafeMutablePointer<UInt8>) {
        var x = x0
        forEachRun(y: y, within: x0, x1) { a, e, v in
            if a > x { (dst + (x &- x0)).update(repeating: 0, count: a &- x) }
            (dst + (a &- x0)).update(repeating: UInt8(truncatingIfNeeded: v), count: e &- a)
            x = e
        }
        if x < x1 { (dst + (x &- x0)).update(repeating: 0, count: x1 &- x) }
    }

    /// The values written out as bytes over `rect`, for readers of bytes (the several-mask
    /// fold, a group's mask): a dense `CoverageMask`, its buffer from `pool`.
    func coverageMask(pool: BufferPool) -> CoverageMask {
        var bytes = pool.bytes(count: rect.width &* rect.height, zeroed: false)
        bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for y in rect.y0..<rect.y1 { writeRow(y: y, x0: rect.x0, x1: rect.x1, into: base + (y &- rect.y0) &* rect.width) }
        }
        return CoverageMask(rect: rect, values: bytes)
    }
}

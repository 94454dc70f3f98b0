import CPixels

/// Anti-aliased scanline fill by exact area coverage.
///
/// How it works (the analytic approach of font-rs and tiny-skia): every edge of the
/// polygon adds, to each cell it crosses, the signed area between itself and the cell's
/// left side, times its direction (down +1, up −1). A running sum along each row then
/// gives, for every pixel, the signed area of the pixel the shape covers, exact for
/// straight edges: no supersampling, no blur. Nonzero takes `min(1, |sum|)`; evenodd folds
/// the sum into 0...1 (0 at even windings, 1 at odd ones).
///
/// Clipping keeps the work bounded: rows outside the clip are never visited, and an edge
/// left of the clip is moved onto its left side, where it still adds its winding to every
/// pixel to its right; an edge right of the clip is left out (moved onto the right side, it
/// would only write to spare columns that no pixel reads).
enum Rasterizer {
    /// The coverage of a path after a transform to device pixels, inside `clip`; nil when
    /// nothing inside `clip` is covered. Open subpaths are closed for the fill.
    /// The mask's buffer comes from `pool` (a fresh one by default); give it back with
    /// `CoverageMask.recycle(into:)`.
    ///
    /// A path other than a quadrilateral is placed with its transform's translation less
    /// its whole pixels (`wholePixelShift`), then moved by them: a shape drawn at offsets
    /// of whole pixels (a grid's cells, a list's rows) is the same coverage moved, not
    /// another rounding of it at each offset, and the thread's `CoverageMemo` finds it made,
    /// by the path's key (`PathCoverageKeys`) before any flattening.
    /// - Parameter tolerance: how far (device pixels) flattened curves may stray.
    static func coverage(of path: Path, transform: Transform, fillRule: FillRule, clip: PixelRect,
                         pool: BufferPool = BufferPool(), tolerance: Double = 0.1) -> CoverageMask? {
        // A quadrilateral (a rectangle's path: a band or a square of a mask) from its four
        // corners mapped once, as a rectangle's: no polyline arrays (`Flattener.polylines`
        // gives the same four points, whose box and shape decide the same coverage).
        if let (a, b, c, d) = Flattener.corners(of: path.elements), let corners = mapped(a, b, c, d, transform) {
            return coverage(ofCorners: corners, fillRule: fillRule, clip: clip, pool: pool)
        }
        // Drawn where it is, without the path's key (a shape at no whole-pixel offset is
        // most often one alone, a circle growing over the canvas, where a key is pure cost).
        guard let (dx, dy) = wholePixelShift(of: transform), !Flattener.isQuadrilateral(path.elements) else {
            return coverage(of: Flattener.polylines(of: path, transform: transform, tolerance: tolerance, clip: clip, pool: pool),
                            fillRule: fillRule, clip: clip, pool: pool)
        }
        let placed = Transform(a: transform.a, b: transform.b, c: transform.c, d: transform.d,
                               tx: transform.tx - Double(dx), ty: transform.ty - Double(dy))
        let placedClip = PixelRect(x0: clip.x0 &- dx, y0: clip.y0 &- dy, x1: clip.x1 &- dx, y1: clip.y1 &- dy)
        return keyedCoverage(of: path, transform: placed, fillRule: fillRule, clip: placedClip, pool: pool,
                             tolerance: tolerance)?.moved(dx: dx, dy: dy)
    }

    /// The coverage of a path (not a quadrilateral) where it is placed: the thread's kept
    /// one, lent, when the path's key finds it (`CoverageMemo`, `PathCoverageKeys`), the
    /// path unflattened; else flattened and accumulated.
    private static func keyedCoverage(of path: Path, transform: Transform, fillRule: FillRule, clip: PixelRect,
                                      pool: BufferPool, tolerance: Double) -> CoverageMask? {
        pool.coverageMemo.coverage(ofPath: path.elements, transform: transform, tolerance: tolerance, fillRule: fillRule,
                                   clip: clip) {
            servedCoverage(of: Flattener.polylines(of: path, transform: transform, tolerance: tolerance, clip: clip, pool: pool),
                           fillRule: fillRule, clip: clip, pool: pool)
        }
    }

    /// The whole pixels of a transform's translation (its floor), or nil when they are
    /// none, or more than `wholePixelLimit` (or not finite): such a placement is drawn where
    /// it is, so that points far out are clamped (`Flattener.map`) where they always were.
    static func wholePixelShift(of m: Transform) -> (dx: Int, dy: Int)? {
        let fx = m.tx.rounded(.down), fy = m.ty.rounded(.down)
        guard abs(fx) <= wholePixelLimit, abs(fy) <= wholePixelLimit, fx != 0 || fy != 0 else { return nil }
        return (Int(fx), Int(fy))
    }

    /// The largest whole-pixel translation taken out of a placement: four times the
    /// largest image side, far beyond any canvas, far inside `PixelRect.coordinateLimit`.
    static let wholePixelLimit = 65_536.0

    /// What `coverage(of: .rect(r), transform: m, fillRule:, clip:, pool:)` gives (either
    /// fill rule: the rectangle's image winds once), straight from its four mapped corners:
    /// no path, no polyline arrays, the corners mapped once. A layer's background, a
    /// gradient's frame and a mask's frame are one of these each, every frame.
    static func coverage(ofRect r: Rect, transform m: Transform, clip: PixelRect,
                         pool: BufferPool = BufferPool()) -> CoverageMask? {
        // `Path.rect`'s corners, in its order, as `Flattener`'s quadrilateral case maps them.
        guard let corners = mapped(Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY), m) else {
            // A corner not finite: the general flattening decides what is left.
            return coverage(of: .rect(r), transform: m, fillRule: .nonzero, clip: clip, pool: pool)
        }
        return coverage(ofCorners: corners, fillRule: .nonzero, clip: clip, pool: pool)
    }

    /// A quadrilateral's four corners mapped as `Flattener`'s quadrilateral case maps them,
    /// or nil when one is not finite.
    private static func mapped(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ m: Transform) -> (Point, Point, Point, Point)? {
        guard let p = Flattener.map(a, m), let q = Flattener.map(b, m), let r = Flattener.map(c, m), let s = Flattener.map(d, m) else {
            return nil
        }
        return (p, q, r, s)
    }

    /// The coverage of the quadrilateral of four mapped corners, as the polyline of the
    /// four gives it: the box of an axis-aligned one exactly, any other accumulated.
    private static func coverage(ofCorners corners: (Point, Point, Point, Point), fillRule: FillRule, clip: PixelRect,
                                 pool: BufferPool) -> CoverageMask? {
        let (a, b, c, d) = corners
        // The corners' bounds, as `coveredArea` takes them. (`Flattener.mayMeet`, which the
        // path's route asks first, is false only where this area is empty.)
        let lo = Point(min(min(a.x, b.x), min(c.x, d.x)), min(min(a.y, b.y), min(c.y, d.y)))
        let hi = Point(max(max(a.x, b.x), max(c.x, d.x)), max(max(a.y, b.y), max(c.y, d.y)))
        let area = PixelRect(covering: Rect(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)).intersection(clip)
        guard !area.isEmpty else { return nil }
        if let box = axisAlignedBox(a, b, c, d) { return rectangleCoverage(box, area: area, pool: pool) }
        return accumulate([Polyline(points: [a, b, c, d], closed: true)], fillRule: fillRule, area: area, pool: pool)?.mask
    }

    /// The pixels where a quadrilateral path's coverage after `m` (`coverage(of:transform:fillRule:clip:pool:tolerance:)`)
    /// is 255 whatever the clip: those wholly inside it when it is an axis-aligned rectangle
    /// (`rectangleCoverage`'s inner rows and columns, `BoxOverlap.inner`); empty for any
    /// other path or placement.
    static func wholePixels(of path: Path, transform m: Transform) -> PixelRect {
        guard let (a, b, c, d) = Flattener.corners(of: path.elements), let (p, q, r, s) = mapped(a, b, c, d, m),
              let box = axisAlignedBox(p, q, r, s) else { return .empty }
        // Pixel x is wholly inside when minX <= x and x + 1 <= maxX (as `BoxOverlap` finds them).
        let inner = PixelRect(x0: PixelRect.clampedCeiling(box.minX), y0: PixelRect.clampedCeiling(box.minY),
                              x1: PixelRect.clampedFloor(box.maxX), y1: PixelRect.clampedFloor(box.maxY))
        return inner.isEmpty ? .empty : inner
    }

    /// The coverage of device-space polygons (every polyline closed implicitly), inside `clip`.
    static func coverage(of polygons: [Polyline], fillRule: FillRule, clip: PixelRect,
                         pool: BufferPool = BufferPool()) -> CoverageMask? {
        servedCoverage(of: polygons, fillRule: fillRule, clip: clip, pool: pool)?.mask
    }

    /// `coverage(of:fillRule:clip:pool:)` with the id of the thread's memo entry that holds
    /// it (`CoverageMemo.Served`; nil for a rectangle's, which the memo does not keep).
    private static func servedCoverage(of polygons: [Polyline], fillRule: FillRule, clip: PixelRect,
                                       pool: BufferPool) -> CoverageMemo.Served? {
        guard let area = coveredArea(of: polygons, clip: clip) else { return nil }
        if polygons.count == 1, let box = axisAlignedBox(polygons[0].points) {
            return (rectangleCoverage(box, area: area, pool: pool), nil)
        }
        return accumulate(polygons, fillRule: fillRule, area: area, pool: pool)
    }

    /// The pixels inside `clip` that device-space polygons may cover (their points'
    /// bounds, to whole pixels); nil when none.
    static func coveredArea(of polygons: [Polyline], clip: PixelRect) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polygons {
            for p in poly.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let area = PixelRect(covering: Rect(minX, minY, maxX - minX, maxY - minY)).intersection(clip)
        return area.isEmpty ? nil : area
    }

    // MARK: - Area accumulation

    /// The accumulated coverage of `polygons` over `area`: the thread's kept one, lent,
    /// when an earlier request consumed exactly the same (`CoverageMemo`) or its edges left
    /// the same cells, else made; with the id of the memo entry that holds it.
    private static func accumulate(_ polygons: [Polyline], fillRule: FillRule, area: PixelRect,
                                   pool: BufferPool) -> CoverageMemo.Served? {
        pool.coverageMemo.coverage(of: polygons, fillRule: fillRule, area: area) {
            accumulateAfresh(polygons, fillRule: fillRule, area: area, pool: pool)
        }
    }

    /// The coverage of `polygons` over `area` accumulated here; nil when nothing is covered,
    /// or when the accumulation leaves the cells a kept coverage's left (the memo then hands
    /// that one out: `CoverageMemo.coverage(ofCells:...)`).
    private static func accumulateAfresh(_ polygons: [Polyline], fillRule: FillRule, area: PixelRect,
                                         pool: BufferPool) -> CoverageMask? {
        let w = area.width, h = area.height
        // Two spare cells a row (an edge on the right side writes to columns w and w + 1),
        // then up to a whole block: every block of a row is eight cells, the last one too.
        let stride = (w &+ 2 &+ 7) & ~7
        // Handed back all zero: the running sum below clears every cell it reads.
        var cells = pool.zeroFloats(count: stride * h)
        defer { pool.recycleZeroed(&cells) }
        // One bit for each eight cells of a row, set where an edge wrote to them: the running
        // sum reads only those blocks, found 64 at a time, and fills the runs between them at once.
        let words = TouchedBlocks.words(cells: stride)
        var found = false
        // Every byte the spans leave open is written below (none when the cells find a kept coverage).
        var values: [UInt8] = []
        let spans = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words &* h) { marks in
            marks.initialize(repeating: 0)
            let ox = Double(area.x0), oy = Double(area.y0)
            cells.withUnsafeMutableBufferPointer { buffer in
                guard let cellBase = buffer.baseAddress, let markBase = marks.baseAddress else { return }
                let lines = LineAccumulator(buffer: mask_line_buffer(cells: cellBase, marks: markBase, words: words,
                                                                     stride: stride, width: w, height: h))
                for poly in polygons { lines.add(poly.points, ox: ox, oy: oy) }
                // The running sum reads nothing but these cells and marks: the same ones as a
                // kept coverage's are its bytes and spans (the cells are then cleared, unsummed).
                found = pool.coverageMemo.coverage(ofCells: cellBase, marks: markBase, words: words, stride: stride,
                                                   area: area)
            }
            // No spans (not an optional: a generic result's optional costs a runtime call).
            if found { return (rowSpans: [Int32](), fullRuns: [Int32](), covered: false) }
            values = pool.bytes(count: w * h, zeroed: false)
            // The running sum of every row (CoverageRows.c): each pixel's byte is the coverage
            // of the sum of its row's cells up to it, every cell read is set back to 0, and
            // each row's extent and full runs are noted as its bytes are written. Only the
            // touched blocks are summed cell by cell: the cells of the others are +0, which
            // leaves a sum as it is, and they hold one value, handed to the spans as a run.
            return CoverageSpanWriter.write(rows: h, pool: pool) { spans in
                cells.withUnsafeMutableBufferPointer { cellBuffer in
                    values.withUnsafeMutableBufferPointer { out in
                        guard let cellBase = cellBuffer.baseAddress, let outBase = out.baseAddress,
                              let markBase = marks.baseAddress else { return }
                        spans.withTable { table in
                            mask_sum_rows(cellBase, markBase, words, outBase, w, h, stride, fillRule == .evenodd, &table)
                        }
                    }
                }
            }
        }
        if found { return nil }
        guard spans.covered else {
            var (rows, runs) = (spans.rowSpans, spans.fullRuns)
            pool.recycle(&values)
            pool.recycle(&rows)
            pool.recycle(&runs)
            return nil
        }
        return CoverageMask(rect: area, sparse: values, rowSpans: spans.rowSpans, fullRuns: spans.fullRuns)
    }

    // MARK: - Rectangles

    /// The box of a polygon that is an axis-aligned rectangle (four corners, possibly with
    /// the first repeated at the end), or nil.
    static func axisAlignedBox(_ points: [Point]) -> Rect? {
        guard points.count == 4 || points.count == 5 && points[4] == points[0] else { return nil }
        return axisAlignedBox(points[0], points[1], points[2], points[3])
    }

    /// The box of the quadrilateral `a b c d` when it is an axis-aligned rectangle, or nil.
    static func axisAlignedBox(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Rect? {
        let horizontalFirst = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let verticalFirst = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard horizontalFirst || verticalFirst else { return nil }
        let x0 = min(a.x, c.x), x1 = max(a.x, c.x)
        let y0 = min(a.y, c.y), y1 = max(a.y, c.y)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// A rectangle's exact coverage: the product of its overlap with each pixel's column
    /// and row, the same value the accumulation gives, without the accumulation buffer.
    /// Every row the box overlaps has the whole area's width as its extent and, where the
    /// row is wholly inside, one full run (the columns wholly inside): the spans need no
    /// look at the bytes. Only the columns the box's sides cross (one or two each side) and
    /// the rows its top and bottom cross are computed; inside rows write those columns' bytes.
    /// A box that covers every pixel of the area (on whole pixels, or cut by the clip inside
    /// them: a layer's frame, a background) is the thread's kept full rectangle of that
    /// size, lent (`FullRectangleMasks`): no byte of it is written or read.
    private static func rectangleCoverage(_ box: Rect, area: PixelRect, pool: BufferPool) -> CoverageMask {
        let w = area.width, h = area.height
        let columns = BoxOverlap(lo: box.minX, hi: box.maxX, first: area.x0, count: w)
        let rows = BoxOverlap(lo: box.minY, hi: box.maxY, first: area.y0, count: h)
        if columns.inner == 0..<w, rows.inner == 0..<h,
           let full = pool.fullRectangles.mask(over: area) {
            return full
        }
        // Every byte the spans leave open is written below.
        var values = pool.bytes(count: w * h, zeroed: false)
        let spans = CoverageSpanWriter.write(rows: h, pool: pool) { spans in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: w) { cx in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { insideRow in
                    // The overlap of the columns the sides cross; those between are 1.
                    var fullX0 = w, fullX1 = 0
                    columns.forEachEdge { i in
                        cx[i] = columns.overlap(i)
                        // Rows wholly inside the rectangle are all alike: these bytes, copied.
                        insideRow[i] = BoxOverlap.byte(cx[i], 1)
                        if cx[i] == 1 { fullX0 = min(fullX0, i); fullX1 = max(fullX1, i &+ 1) }
                    }
                    if !columns.inner.isEmpty {
                        fullX0 = min(fullX0, columns.inner.lowerBound)
                        fullX1 = max(fullX1, columns.inner.upperBound)
                    }
                    // Every column the box overlaps may be non-zero: the area is the box's
                    // pixels, so all of its columns.
                    let over = 0..<w
                    let inside = fullX0 < fullX1 ? fullX0..<fullX1 : 0..<0
                    values.withUnsafeMutableBufferPointer { out in
                        guard let base = out.baseAddress, let rowBase = insideRow.baseAddress else { return }
                        // Rows come in groups alike for the spans (outside, edge, inside): each
                        // group is ended at once.
                        var group = 0, groupKind = -1
                        func add(_ count: Int, kind: Int) {
                            if kind != groupKind {
                                if group > 0 { spans.endRows(group, extent: groupKind > 0 ? over : 0..<0, full: groupKind == 2 ? inside : 0..<0) }
                                group = 0
                                groupKind = kind
                            }
                            group &+= count
                        }
                        // A row the top or bottom crosses: each byte is the column's overlap
                        // times the row's (the columns wholly inside hold one value).
                        func edgeRow(_ y: Int) {
                            let fy = rows.overlap(y)
                            add(1, kind: fy == 1 ? 2 : (fy > 0 ? 1 : 0))
                            let row = base + y &* w
                            if fy == 0 { return }
                            if fy == 1 {
                                insideRows(y..<(y &+ 1))
                                return
                            }
                            columns.forEachEdge { x in row[x] = BoxOverlap.byte(cx[x], fy) }
                            row.advanced(by: columns.inner.lowerBound)
                                .update(repeating: BoxOverlap.byte(1, fy), count: columns.inner.count)
                        }
                        // Only what the spans leave open: nothing of an inside row's full run.
                        func insideRows(_ ys: Range<Int>) {
                            // Every column full (a box on whole pixels): nothing to write.
                            guard inside != over else { return }
                            // The columns each side of the full run: one each side, usually
                            // (a side off whole pixels), stored as one byte, not as a loop's
                            // set-up for any count (≈ 60 instructions a row of a moving square).
                            let left = inside.lowerBound, right = inside.upperBound, last = w &- 1
                            for y in ys {
                                let row = base + y &* w
                                if left == 1 {
                                    row[0] = rowBase[0]
                                } else if left > 1 {
                                    row.update(from: rowBase, count: left)
                                }
                                if right == last {
                                    row[last] = rowBase[last]
                                } else if right < last {
                                    (row + right).update(from: rowBase + right, count: w &- right)
                                }
                            }
                        }
                        for y in 0..<rows.inner.lowerBound { edgeRow(y) }
                        if !rows.inner.isEmpty {
                            add(rows.inner.count, kind: 2)
                            insideRows(rows.inner)
                        }
                        for y in rows.inner.upperBound..<h { edgeRow(y) }
                        if group > 0 { spans.endRows(group, extent: groupKind > 0 ? over : 0..<0, full: groupKind == 2 ? inside : 0..<0) }
                    }
                }
            }
        }
        return CoverageMask(rect: area, sparse: values, rowSpans: spans.rowSpans, fullRuns: spans.fullRuns)
    }
}

/// How a box's span `lo ... hi` overlaps the pixels `first ..< first + count` along one
/// axis: the pixels wholly inside (`inner`, overlap exactly 1) and the others (`edges`,
/// the one or two each side that the box's sides cross, when the pixels are the box's).
struct BoxOverlap {
    let lo: Double, hi: Double, first: Int
    /// The pixels wholly inside, counted from `first`.
    let inner: Range<Int>
    let count: Int

    /// The coverage byte of a pixel that overlaps a box by `column` along x and `row` along
    /// y (each 0...1), rounded as every rectangle's coverage is: the rasterizer's bytes and
    /// the runs of a mask of rectangles (`RunMask`) come from this one place.
    @inline(__always)
    static func byte(_ column: Float, _ row: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: Int32(column * row * 255 + 0.5))
    }

    init(lo: Double, hi: Double, first: Int, count: Int) {
        self.lo = lo; self.hi = hi; self.first = first; self.count = count
        // Pixel p is wholly inside when lo <= p and p + 1 <= hi: ceil(lo) <= p < floor(hi),
        // limited to the pixels (as doubles, before `Int`).
        let low = Double(first), high = Double(first &+ count)
        let a = Int(min(high, max(low, lo.rounded(.up)))) &- first
        let b = Int(min(high, max(low, hi.rounded(.down)))) &- first
        inner = a < b ? a..<b : 0..<0
    }

    /// Calls `body` with each pixel outside `inner`, in order.
    @inline(__always)
    func forEachEdge(_ body: (Int) -> Void) {
        for i in 0..<inner.lowerBound { body(i) }
        for i in inner.upperBound..<count { body(i) }
    }

    /// Pixel `i`'s overlap (0...1) with the box.
    @inline(__always)
    func overlap(_ i: Int) -> Float {
        let start = Double(first &+ i)
        return Float(max(0, min(hi, start + 1) - max(lo, start)))
    }
}

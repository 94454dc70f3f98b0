@testable import MaskEngine

/// The rasterizer as it was before its running sum read touched blocks from a bitset and
/// its rectangles were computed only at their edges (commit 1b68b18), kept unchanged as
/// the reference the property test holds the new one to: the same bytes and spans for
/// every shape.
enum ReferenceRasterizer {
    /// The coverage of device-space polygons (every polyline closed implicitly), inside `clip`.
    static func coverage(of polygons: [Polyline], fillRule: FillRule, clip: PixelRect,
                         pool: BufferPool) -> CoverageMask? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for poly in polygons {
            for p in poly.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let area = PixelRect(covering: Rect(minX, minY, maxX - minX, maxY - minY)).intersection(clip)
        guard !area.isEmpty else { return nil }
        if polygons.count == 1, let box = axisAlignedBox(polygons[0].points) {
            return rectangleCoverage(box, area: area, pool: pool)
        }
        return accumulate(polygons, fillRule: fillRule, area: area, pool: pool)
    }

    // MARK: - Area accumulation

    private static func accumulate(_ polygons: [Polyline], fillRule: FillRule, area: PixelRect,
                                   pool: BufferPool) -> CoverageMask? {
        let w = area.width, h = area.height
        // Two spare cells a row: an edge on the right side writes to columns w and w + 1.
        let stride = w + 2
        // Handed back all zero: the running sum below clears every cell it reads.
        var cells = pool.zeroFloats(count: stride * h)
        defer { pool.recycleZeroed(&cells) }
        // One byte for each eight cells of a row, non-zero where an edge wrote to them: the
        // running sum reads only those blocks and fills the runs between them at once.
        let blocks = (stride + 7) >> 3
        var touched = pool.bytes(count: blocks * h)
        defer { pool.recycle(&touched) }
        let ox = Double(area.x0), oy = Double(area.y0)
        cells.withUnsafeMutableBufferPointer { buffer in
            touched.withUnsafeMutableBufferPointer { marks in
                var lines = ReferenceLineAccumulator(cells: buffer, marks: marks, width: w, height: h, stride: stride)
                for poly in polygons {
                    let pts = poly.points
                    guard pts.count >= 2 else { continue }
                    var prev = pts[pts.count - 1]
                    for p in pts {
                        lines.add(prev.x - ox, prev.y - oy, p.x - ox, p.y - oy)
                        prev = p
                    }
                }
            }
        }
        // Every byte the spans leave open is written below.
        var values = pool.bytes(count: w * h, zeroed: false)
        // Each row's extent and full runs, noted as its bytes are written.
        let spans = CoverageSpanWriter.write(rows: h, pool: pool) { spans in
            cells.withUnsafeMutableBytes { cellBytes in
                touched.withUnsafeBytes { marks in
                    values.withUnsafeMutableBytes { out in
                        guard let outBase = out.baseAddress else { return }
                        @inline(__always) func coverage(_ sum: Float) -> UInt8 { referenceCoverage(sum, fillRule) }
                        // Each pixel's byte is the coverage of the sum of its row's cells up to it.
                        // Cells no edge wrote to are +0, and adding +0 leaves a sum as it is, so
                        // skipping them changes no byte.
                        for y in 0..<h {
                            var sum: Float = 0
                            let row = y &* stride &* 4, outRow = y &* w, markRow = y &* blocks
                            let rowBytes = UnsafePointer((outBase + outRow).assumingMemoryBound(to: UInt8.self))
                            var x = 0
                            while x < w {
                                // `x` is a multiple of 8 here: a whole block untouched, and the
                                // untouched blocks after it, hold one value.
                                if x &+ 8 <= w, marks[markRow &+ (x >> 3)] == 0 {
                                    var end = x &+ 8
                                    while end &+ 8 <= w, marks[markRow &+ (end >> 3)] == 0 { end &+= 8 }
                                    let byte = coverage(sum)
                                    // Unwritten where the spans say it all (see `CoverageSpanWriter.run`).
                                    if byte != 255, byte != 0 || (spans.hasStartedExtent && end != w) {
                                        (outBase + (outRow &+ x)).initializeMemory(as: UInt8.self, repeating: byte, count: end &- x)
                                    }
                                    spans.run(x, end, value: byte)
                                    x = end
                                    continue
                                }
                                let start = x, stop = min(x &+ 8, w)
                                while x < stop {
                                    sum += cellBytes.load(fromByteOffset: row &+ x &* 4, as: Float.self)
                                    cellBytes.storeBytes(of: 0, toByteOffset: row &+ x &* 4, as: Float.self)
                                    out.storeBytes(of: coverage(sum), toByteOffset: outRow &+ x, as: UInt8.self)
                                    x &+= 1
                                }
                                spans.summed(start, stop, bytes: rowBytes)
                            }
                            spans.endRow(width: w, bytes: rowBytes)
                            // The spare cells that edges right of the area wrote to.
                            cellBytes.storeBytes(of: 0, toByteOffset: row &+ w &* 4, as: Float.self)
                            cellBytes.storeBytes(of: 0, toByteOffset: row &+ (w &+ 1) &* 4, as: Float.self)
                        }
                    }
                }
            }
        }
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
    private static func axisAlignedBox(_ points: [Point]) -> Rect? {
        var pts = points
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return nil }
        let horizontalFirst = pts[0].y == pts[1].y && pts[1].x == pts[2].x && pts[2].y == pts[3].y && pts[3].x == pts[0].x
        let verticalFirst = pts[0].x == pts[1].x && pts[1].y == pts[2].y && pts[2].x == pts[3].x && pts[3].y == pts[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let x0 = min(pts[0].x, pts[2].x), x1 = max(pts[0].x, pts[2].x)
        let y0 = min(pts[0].y, pts[2].y), y1 = max(pts[0].y, pts[2].y)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// A rectangle's exact coverage: the product of its overlap with each pixel's column
    /// and row, the same value the accumulation gives, without the accumulation buffer.
    /// Every row the box overlaps has the whole area's width as its extent and, where the
    /// row is wholly inside, one full run (the columns wholly inside): the spans need no
    /// look at the bytes.
    private static func rectangleCoverage(_ box: Rect, area: PixelRect, pool: BufferPool) -> CoverageMask {
        @inline(__always) func overlap(_ lo: Double, _ hi: Double, _ p: Int) -> Float {
            let start = Double(p)
            return Float(max(0, min(hi, start + 1) - max(lo, start)))
        }
        let w = area.width, h = area.height
        // Every byte the spans leave open is written below.
        var values = pool.bytes(count: w * h, zeroed: false)
        let spans = CoverageSpanWriter.write(rows: h, pool: pool) { spans in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: w) { cx in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: w) { fullRow in
                    // The columns the box covers wholly (one run).
                    var fullX0 = w, fullX1 = 0
                    for i in 0..<w {
                        cx[i] = overlap(box.minX, box.maxX, area.x0 &+ i)
                        // Rows wholly inside the rectangle are all alike: this one, copied.
                        fullRow[i] = UInt8(truncatingIfNeeded: Int32(cx[i] * 255 + 0.5))
                        if cx[i] == 1 { fullX0 = min(fullX0, i); fullX1 = i &+ 1 }
                    }
                    // Every column the box overlaps may be non-zero: the area is the box's
                    // pixels, so all of its columns.
                    let over = 0..<w
                    let inside = fullX0 < fullX1 ? fullX0..<fullX1 : 0..<0
                    values.withUnsafeMutableBufferPointer { out in
                        guard out.baseAddress != nil, let rowBase = fullRow.baseAddress else { return }
                        // Rows come in groups alike for the spans (outside, edge, inside): each
                        // group is written at once.
                        var group = 0, groupKind = -1
                        for y in 0..<h {
                            let fy = overlap(box.minY, box.maxY, area.y0 &+ y)
                            let row = y &* w
                            let kind = fy == 1 ? 2 : (fy > 0 ? 1 : 0)
                            if kind != groupKind {
                                if group > 0 { spans.endRows(group, extent: groupKind > 0 ? over : 0..<0, full: groupKind == 2 ? inside : 0..<0) }
                                group = 0
                                groupKind = kind
                            }
                            group &+= 1
                            // Only what the spans leave open: nothing of a row outside the box,
                            // nothing of an inside row's full run.
                            if fy == 0 { continue }
                            if fy == 1 {
                                // A column or two each side, usually: one by one.
                                for x in 0..<inside.lowerBound { out[row &+ x] = rowBase[x] }
                                for x in inside.upperBound..<w { out[row &+ x] = rowBase[x] }
                                continue
                            }
                            for x in 0..<w {
                                out[row &+ x] = UInt8(truncatingIfNeeded: Int32(cx[x] * fy * 255 + 0.5))
                            }
                        }
                        if group > 0 { spans.endRows(group, extent: groupKind > 0 ? over : 0..<0, full: groupKind == 2 ? inside : 0..<0) }
                    }
                }
            }
        }
        return CoverageMask(rect: area, sparse: values, rowSpans: spans.rowSpans, fullRuns: spans.fullRuns)
    }
}

/// Adds the signed area of line segments to a cell buffer (font-rs's `draw_line`, with
/// clipping to the buffer added). Also the dense accumulator of `CoverageRuleTests`.
struct ReferenceLineAccumulator {
    let cells: UnsafeMutableBufferPointer<Float>
    /// One byte for each eight cells, set when one of them is written.
    let marks: UnsafeMutableBufferPointer<UInt8>
    let width: Int, height: Int, stride: Int, blocks: Int

    init(cells: UnsafeMutableBufferPointer<Float>, marks: UnsafeMutableBufferPointer<UInt8>,
         width: Int, height: Int, stride: Int) {
        self.cells = cells; self.marks = marks; self.width = width; self.height = height; self.stride = stride
        blocks = (stride + 7) >> 3
    }

    /// Adds `value` to cell `x` of the row starting at cell `row` (row `y`), and marks its block.
    @inline(__always)
    private func add(_ value: Float, row: Int, y: Int, x: Int) {
        cells[row &+ x] += value
        marks[y &* blocks &+ (x >> 3)] = 1
    }

    /// Adds the edge from `(ax, ay)` to `(bx, by)`, in buffer coordinates (any finite values).
    mutating func add(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        // Clip to the rows 0...height, keeping the edge's direction.
        var (x0, y0, x1, y1) = (ax, ay, bx, by)
        let h = Double(height)
        let top = min(y0, y1), bottom = max(y0, y1)
        guard bottom > 0, top < h else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        func xAt(_ y: Double) -> Double { x0 + (y - y0) * dxdy }
        if y0 < 0 { x0 = xAt(0); y0 = 0 } else if y0 > h { x0 = xAt(h); y0 = h }
        if y1 < 0 { x1 = xAt(0); y1 = 0 } else if y1 > h { x1 = xAt(h); y1 = h }
        // Split where the edge crosses the left and right sides; clamp the outer pieces onto them.
        let w = Double(width)
        var tLeft = x1 != x0 ? (0 - x0) / (x1 - x0) : 2
        var tRight = x1 != x0 ? (w - x0) / (x1 - x0) : 2
        if !(tLeft > 0 && tLeft < 1) { tLeft = 2 }
        if !(tRight > 0 && tRight < 1) { tRight = 2 }
        let (tA, tB) = tLeft < tRight ? (tLeft, tRight) : (tRight, tLeft)
        var px = x0, py = y0
        for t in [tA, tB, 1] where t <= 1 {
            let qx = t == 1 ? x1 : x0 + (x1 - x0) * t
            let qy = t == 1 ? y1 : y0 + (y1 - y0) * t
            line(clampX(px), py, clampX(qx), qy)
            px = qx; py = qy
        }
    }

    /// `v` limited to 0...width; NaN becomes 0.
    @inline(__always)
    private func clampX(_ v: Double) -> Double {
        v > 0 ? (v < Double(width) ? v : Double(width)) : 0
    }

    /// Accumulates an edge lying inside the buffer: x in 0...width, y in 0...height.
    private mutating func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by, ay.isFinite, by.isFinite else { return }
        let dir: Double = ay < by ? 1 : -1
        let (p0x, p0y, p1x, p1y) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let dxdy = (p1x - p0x) / (p1y - p0y)
        var x = clampX(p0x)
        let firstRow = Int(p0y.rounded(.down))
        let endRow = min(height, Int(p1y.rounded(.up)))
        guard firstRow < endRow else { return }
        for y in firstRow..<endRow {
            let row = y &* stride
            let dy = min(Double(y + 1), p1y) - max(Double(y), p0y)
            // Clamped: rounding must not walk the edge out of the row's cells.
            let xNext = clampX(x + dxdy * dy)
            let d = dy * dir
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down)
            let xai = Int(xaFloor)
            let xbCeil = xb.rounded(.up)
            let xbi = Int(xbCeil)
            if xbi <= xai + 1 {
                // Within one cell: the area right of the edge's midpoint goes to the next cell.
                let xmf = 0.5 * (x + xNext) - xaFloor
                add(Float(d - d * xmf), row: row, y: y, x: xai)
                add(Float(d * xmf), row: row, y: y, x: xai &+ 1)
            } else {
                let s = 1 / (xb - xa)
                let xaf = xa - xaFloor
                let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
                let xbf = xb - xbCeil + 1
                let am = 0.5 * s * xbf * xbf
                add(Float(d * a0), row: row, y: y, x: xai)
                if xbi == xai + 2 {
                    add(Float(d * (1 - a0 - am)), row: row, y: y, x: xai &+ 1)
                } else {
                    let a1 = s * (1.5 - xaf)
                    add(Float(d * (a1 - a0)), row: row, y: y, x: xai &+ 1)
                    if xai + 2 < xbi - 1 {
                        for xi in (xai + 2)..<(xbi - 1) { add(Float(d * s), row: row, y: y, x: xi) }
                    }
                    let a2 = a1 + Double(xbi - xai - 3) * s
                    add(Float(d * (1 - a2 - am)), row: row, y: y, x: xbi &- 1)
                }
                add(Float(d * am), row: row, y: y, x: xbi)
            }
            x = xNext
        }
    }
}

/// The coverage byte of a running sum of cells under `rule`: the rasterizer's rule, written
/// plainly (the magnitude, folded to [0, 1] for even-odd, clamped for non-zero, rounded).
func referenceCoverage(_ sum: Float, _ rule: FillRule) -> UInt8 {
    var v = abs(sum)
    if rule == .evenodd {
        v = v.truncatingRemainder(dividingBy: 2)
        if v > 1 { v = 2 - v }
    } else if v > 1 {
        v = 1
    }
    return UInt8(truncatingIfNeeded: Int32(v * 255 + 0.5))
}

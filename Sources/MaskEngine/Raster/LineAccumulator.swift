import CPixels

/// Adds the signed area of a polygon's edges to a cell buffer (font-rs's `draw_line`, with
/// clipping to the buffer added), and marks the blocks of cells it writes to. The edges
/// inside the buffer (most) are added in C (`mask_add_inside_edges`, CoverageLines.c); the
/// others are clipped here and their pieces added one by one (`mask_add_line`).
struct LineAccumulator {
    /// The cells, their marks and their sizes, as the C functions take them.
    var buffer: mask_line_buffer

    /// Adds the edges of the closed polygon through `points` (any finite values), moved by
    /// `-ox, -oy` into buffer coordinates: from the last point to the first, then from each
    /// point to the next, in that order (the order of the cells' sums).
    func add(_ points: [Point], ox: Double, oy: Double) {
        let n = points.count
        guard n >= 2 else { return }
        withUnsafePointer(to: buffer) { b in
            points.withUnsafeBufferPointer { pts in
                guard let base = pts.baseAddress else { return }
                // A point is two doubles, x then y: the C side reads them as pairs.
                base.withMemoryRebound(to: Double.self, capacity: n &* 2) { xy in
                    var i = 0
                    while true {
                        i = mask_add_inside_edges(b, xy, n, i, ox, oy)
                        guard i < n else { break }
                        // This edge, and the next ones while their start is outside the
                        // buffer: the C loop would hand each straight back (a horizontal
                        // one it skips adds nothing here either). A shape mostly outside
                        // (a circle grown past the frame) crosses to C once a run inside.
                        repeat {
                            let a = pts[i == 0 ? n &- 1 : i &- 1], p = pts[i]
                            clip(b, a.x - ox, a.y - oy, p.x - ox, p.y - oy)
                            i &+= 1
                        } while i < n && !isInside(pts[i &- 1], ox: ox, oy: oy)
                        guard i < n else { break }
                    }
                }
            }
        }
    }

    /// Adds the edge from `(ax, ay)` to `(bx, by)`, in buffer coordinates, that is not
    /// wholly inside the buffer: clipped to its rows, split where it crosses the left and
    /// right sides, the outer pieces clamped onto them.
    private func clip(_ b: UnsafePointer<mask_line_buffer>, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let h = Double(buffer.height), w = Double(buffer.width)
        // Clip to the rows 0...height, keeping the edge's direction.
        var (x0, y0, x1, y1) = (ax, ay, bx, by)
        let top = min(y0, y1), bottom = max(y0, y1)
        guard bottom > 0, top < h else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        func xAt(_ y: Double) -> Double { x0 + (y - y0) * dxdy }
        if y0 < 0 { x0 = xAt(0); y0 = 0 } else if y0 > h { x0 = xAt(h); y0 = h }
        if y1 < 0 { x1 = xAt(0); y1 = 0 } else if y1 > h { x1 = xAt(h); y1 = h }
        // Split where the edge crosses the left and right sides; clamp the outer pieces onto them.
        var tLeft = x1 != x0 ? (0 - x0) / (x1 - x0) : 2
        var tRight = x1 != x0 ? (w - x0) / (x1 - x0) : 2
        if !(tLeft > 0 && tLeft < 1) { tLeft = 2 }
        if !(tRight > 0 && tRight < 1) { tRight = 2 }
        let (tA, tB) = tLeft < tRight ? (tLeft, tRight) : (tRight, tLeft)
        // The pieces end at tA and tB (where the edge crosses a side, else they are 2; tB < 1
        // only with tA < 1) and at the edge's end.
        guard tA < 1 else { return mask_add_line(b, clampX(x0), y0, clampX(x1), y1) }
        let ax = x0 + (x1 - x0) * tA, ay = y0 + (y1 - y0) * tA
        mask_add_line(b, clampX(x0), y0, clampX(ax), ay)
        guard tB < 1 else { return mask_add_line(b, clampX(ax), ay, clampX(x1), y1) }
        let bx = x0 + (x1 - x0) * tB, by = y0 + (y1 - y0) * tB
        mask_add_line(b, clampX(ax), ay, clampX(bx), by)
        mask_add_line(b, clampX(bx), by, clampX(x1), y1)
    }

    /// True when `p`, moved by `-ox, -oy`, is inside the buffer (x in 0...width, y in
    /// 0...height), as `mask_add_inside_edges` tests the points; false for a NaN.
    @inline(__always)
    private func isInside(_ p: Point, ox: Double, oy: Double) -> Bool {
        let x = p.x - ox, y = p.y - oy
        return y >= 0 && y <= Double(buffer.height) && x >= 0 && x <= Double(buffer.width)
    }

    /// `v` limited to 0...width; NaN becomes 0.
    @inline(__always)
    private func clampX(_ v: Double) -> Double {
        v > 0 ? (v < Double(buffer.width) ? v : Double(buffer.width)) : 0
    }
}

/// One bit for each eight cells of every row of an accumulation buffer, set when an edge
/// writes to one of them: the running sum reads the marked blocks, found 64 at a time
/// (count trailing zeros), and skips the rest.
enum TouchedBlocks {
    /// The words of marks a row of `cells` cells needs.
    static func words(cells: Int) -> Int {
        (((cells &+ 7) &>> 3) &+ 63) &>> 6
    }
}

import CPixels

/// Adds the signed area of line segments to a cell buffer (font-rs's `draw_line`, with
/// clipping to the buffer added), and marks the blocks of cells it writes to.
struct LineAccumulator {
    let cells: UnsafeMutableBufferPointer<Float>
    let touched: TouchedBlocks
    let width: Int, height: Int, stride: Int

    /// Adds `value` to cell `x` of the row starting at cell `row`.
    @inline(__always)
    private func add(_ value: Float, row: Int, x: Int) {
        cells[row &+ x] += value
    }

    /// Adds the edge from `(ax, ay)` to `(bx, by)`, in buffer coordinates (any finite values).
    func add(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        // Inside the buffer (most edges): nothing to clip, and no divisions to find where
        // it would be. Clipped, such an edge would reach `line` as it is (but for -0 as an x,
        // which `line` clamps to +0 before use).
        let h = Double(height), w = Double(width)
        if ay >= 0, ay <= h, by >= 0, by <= h, ax >= 0, ax <= w, bx >= 0, bx <= w {
            return line(ax, ay, bx, by)
        }
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
        guard tA < 1 else { return line(clampX(x0), y0, clampX(x1), y1) }
        let ax = x0 + (x1 - x0) * tA, ay = y0 + (y1 - y0) * tA
        line(clampX(x0), y0, clampX(ax), ay)
        guard tB < 1 else { return line(clampX(ax), ay, clampX(x1), y1) }
        let bx = x0 + (x1 - x0) * tB, by = y0 + (y1 - y0) * tB
        line(clampX(ax), ay, clampX(bx), by)
        line(clampX(bx), by, clampX(x1), y1)
    }

    /// `v` limited to 0...width; NaN becomes 0.
    @inline(__always)
    private func clampX(_ v: Double) -> Double {
        v > 0 ? (v < Double(width) ? v : Double(width)) : 0
    }

    /// Accumulates an edge lying inside the buffer: x in 0...width, y in 0...height. A piece
    /// on the right side (x = width at both ends) would write only to the two spare cells
    /// past the row's pixels, which no pixel's sum reads: it is left out, and the row's
    /// last block stays untouched when nothing else writes to it.
    private func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let w = Double(width)
        guard ay != by, ay.isFinite, by.isFinite, ax < w || bx < w else { return }
        let dir: Double = ay < by ? 1 : -1
        let (p0x, p0y, p1x, p1y) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let dxdy = (p1x - p0x) / (p1y - p0y)
        var x = clampX(p0x)
        // Floor and ceiling of rows (0 ... height, finite) through a C cast, as for columns
        // below: no libm call, no range check.
        let firstRow = mask_column_floor(p0y)
        var endRow = mask_column_floor(p1y)
        if Double(endRow) < p1y { endRow &+= 1 }
        endRow = min(height, endRow)
        guard firstRow < endRow else { return }
        let lastRow = endRow &- 1
        for y in firstRow..<endRow {
            let row = y &* stride
            // The edge's height in the row: 1 in every row but its first and last (the
            // general expression gives exactly 1 there too).
            let dy = y == firstRow || y == lastRow ? min(Double(y + 1), p1y) - max(Double(y), p0y) : 1
            // Clamped: rounding must not walk the edge out of the row's cells.
            let xNext = clampX(x + dxdy * dy)
            let d = dy * dir
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            // Floor and ceiling of columns (0 ... width, never -0) through `Int`, without a libm
            // call nor a range check.
            let xai = mask_column_floor(xa)
            let xaFloor = Double(xai)
            var xbi = mask_column_floor(xb)
            if Double(xbi) < xb { xbi &+= 1 }
            let xbCeil = Double(xbi)
            if xbi <= xai &+ 1 {
                // Within one cell: the area right of the edge's midpoint goes to the next cell.
                let xmf = 0.5 * (x + xNext) - xaFloor
                add(Float(d - d * xmf), row: row, x: xai)
                add(Float(d * xmf), row: row, x: xai &+ 1)
                touched.mark(row: y, from: xai, through: xai &+ 1)
            } else {
                let s = 1 / (xb - xa)
                let xaf = xa - xaFloor
                let a0 = 0.5 * s * (1 - xaf) * (1 - xaf)
                let xbf = xb - xbCeil + 1
                let am = 0.5 * s * xbf * xbf
                add(Float(d * a0), row: row, x: xai)
                if xbi == xai &+ 2 {
                    add(Float(d * (1 - a0 - am)), row: row, x: xai &+ 1)
                } else {
                    let a1 = s * (1.5 - xaf)
                    add(Float(d * (a1 - a0)), row: row, x: xai &+ 1)
                    if xai &+ 2 < xbi &- 1 {
                        let step = Float(d * s)
                        for xi in (xai &+ 2)..<(xbi &- 1) { add(step, row: row, x: xi) }
                    }
                    let a2 = a1 + Double(xbi &- xai &- 3) * s
                    add(Float(d * (1 - a2 - am)), row: row, x: xbi &- 1)
                }
                add(Float(d * am), row: row, x: xbi)
                touched.mark(row: y, from: xai, through: xbi)
            }
            x = xNext
        }
    }
}

/// One bit for each eight cells of every row of an accumulation buffer, set when an edge
/// writes to one of them: the running sum reads the marked blocks, found 64 at a time
/// (count trailing zeros), and skips the rest.
struct TouchedBlocks {
    /// `words` words a row, all zero at first.
    let marks: UnsafeMutableBufferPointer<UInt64>
    let words: Int

    /// The words a row of `cells` cells needs.
    static func words(cells: Int) -> Int {
        (((cells &+ 7) &>> 3) &+ 63) &>> 6
    }

    /// Marks the blocks holding cells `x0 ... x1` of row `y` (x0 <= x1).
    @inline(__always)
    func mark(row y: Int, from x0: Int, through x1: Int) {
        let b0 = x0 &>> 3, b1 = x1 &>> 3
        let base = y &* words
        let w0 = b0 &>> 6, w1 = b1 &>> 6
        // An edge's row within a block or two of one word (most rows of most edges).
        if w0 == w1, b1 &- b0 < 2 {
            marks[base &+ w0] |= 1 &<< UInt64(b0 & 63) | 1 &<< UInt64(b1 & 63)
            return
        }
        let low = UInt64.max &<< UInt64(b0 & 63), high = UInt64.max &>> UInt64(63 &- (b1 & 63))
        if w0 == w1 {
            marks[base &+ w0] |= low & high
        } else {
            marks[base &+ w0] |= low
            var i = w0 &+ 1
            while i < w1 { marks[base &+ i] = .max; i &+= 1 }
            marks[base &+ w1] |= high
        }
    }

    /// Row `y`'s `words` words of marks.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt64> {
        let start = y &* words
        return UnsafeMutableBufferPointer(rebasing: marks[start..<(start &+ words)])
    }
}

/// A mask's `expansion` (LANGUAGE.md section 11): its shape grown by E pixels, or shrunk
/// for E < 0, before feathering; a mask-surface operation.
///
/// Done on the mask's values for every kind of mask (shape, gradient, image, text, a
/// subtree), not as an offset of a path: a grey-level morphological dilation by a disc
/// of radius E (each value the largest within E), or for E < 0 an erosion (the smallest
/// within |E|, computed as 255 minus the dilation of 255 minus the values). A straight
/// edge moves by E exactly for a whole E, corners grow round (an offset path with round
/// joins), and an anti-aliased edge keeps its ramp. A fractional E blends the results of
/// the two whole radii around it, value by value, rounded to the nearest byte, so an edge
/// moves by E within a fraction of a pixel.
///
/// The disc of radius r holds the offsets (dx, dy) with dx² + dy² ≤ r². It is taken row by
/// row: for each dy a horizontal window of half-width ⌊√(r² − dy²)⌋, whose running maximum
/// over a row costs three comparisons a pixel whatever its width (van Herk / Gil–Werman:
/// maxima of blocks of the window's width from the left and from the right). The whole
/// costs about 3·(2r + 1) comparisons a pixel.
enum MaskExpansion {
    /// The largest expansion drawn, in device pixels either way; beyond it the work grows
    /// with no visible gain on any canvas this tool draws.
    static let maxRadius = 1024.0

    /// The expansion in device pixels of `e` drawn at `scale`, within ±`maxRadius`; 0 when
    /// not finite.
    static func radius(expansion e: Double, scale: Double) -> Double {
        let r = e * scale
        return r.isFinite ? min(max(r, -maxRadius), maxRadius) : 0
    }

    /// How many pixels an expansion of `radius` carries a value (the whole radius above it).
    static func reach(radius: Double) -> Int { Int(abs(radius).rounded(.up)) }

    /// The work of expanding over `area`, in comparisons (for the frame's budget).
    static func work(radius: Double, over area: PixelRect) -> Int {
        let rows = 2 * (2 * reach(radius: radius) + 1) * 3
        let (pixels, o1) = area.width.multipliedReportingOverflow(by: area.height)
        let (units, o2) = pixels.multipliedReportingOverflow(by: rows)
        return o1 || o2 ? .max : units
    }

    /// `values` (0 outside their rect) grown by `radius` device pixels (shrunk when
    /// negative), over `area`. Values outside `area` count as 0, so the result is exact
    /// only `reach(radius:)` pixels inside `area`'s edges: pass an area that much larger
    /// than the pixels needed.
    /// - Throws: `CancellationError` when the frame is stopped (`FrameStop`).
    static func expanded(_ values: CoverageMask, radius: Double, over area: PixelRect, pool: BufferPool) throws -> CoverageMask {
        var dense = CoverageMask(rect: area, values: pool.bytes(count: area.width * area.height))
        let inside = values.rect.intersection(area)
        if !inside.isEmpty {
            dense.bytes.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for y in inside.y0..<inside.y1 {
                    values.writeRow(y: y, x0: inside.x0, x1: inside.x1,
                                    into: base + ((y - area.y0) * area.width + (inside.x0 - area.x0)))
                }
            }
        }
        guard radius != 0, !area.isEmpty else { return dense }
        let shrink = radius < 0, r = abs(radius)
        if shrink { complement(&dense.bytes) }
        let low = Int(r.rounded(.down)), high = Int(r.rounded(.up))
        var result = try dilated(dense, radius: low, pool: pool)
        if high != low {
            // Between two whole radii: each value blended by the fraction, in 1/256ths.
            let t = UInt32(((r - Double(low)) * 256).rounded())
            var upper = try dilated(dense, radius: high, pool: pool)
            result.bytes.withUnsafeMutableBufferPointer { lo in
                upper.bytes.withUnsafeBufferPointer { hi in
                    for i in lo.indices {
                        let a = UInt32(lo[i]), b = UInt32(hi[i])
                        // b ≥ a (a wider disc); a + (b − a)·t/256, rounded.
                        lo[i] = UInt8(truncatingIfNeeded: a &+ (((b &- a) &* t &+ 128) >> 8))
                    }
                }
            }
            upper.recycle(into: pool)
        }
        dense.recycle(into: pool)
        if shrink { complement(&result.bytes) }
        return result
    }

    /// 255 − v for every byte.
    private static func complement(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { b in
            for i in b.indices { b[i] = 255 &- b[i] }
        }
    }

    /// The grey-level dilation of a dense mask by the disc of whole radius `r`, over the
    /// same rect (values outside it count as 0). Each row's comparisons are spent on `pool.stop`.
    /// - Throws: `CancellationError` when the frame is stopped (`FrameStop`).
    static func dilated(_ values: CoverageMask, radius r: Int, pool: BufferPool) throws -> CoverageMask {
        let area = values.rect, w = area.width, h = area.height
        var out = pool.bytes(count: w * h)
        guard r > 0 else {
            out.withUnsafeMutableBufferPointer { o in
                values.bytes.withUnsafeBufferPointer { v in
                    guard let to = o.baseAddress, let from = v.baseAddress else { return }
                    to.update(from: from, count: w * h)
                }
            }
            return CoverageMask(rect: area, values: out)
        }
        // One row's running maxima of each half-width, and the two block sweeps.
        var window = [UInt8](repeating: 0, count: w)
        var fromLeft = [UInt8](repeating: 0, count: w), fromRight = [UInt8](repeating: 0, count: w)
        try values.bytes.withUnsafeBufferPointer { v in
            try out.withUnsafeMutableBufferPointer { o in
                for dy in -r...r {
                    let half = wholeSquareRoot(r * r - dy * dy)
                    let rows = max(0, -dy)..<max(max(0, -dy), min(h, h - dy))
                    for y in rows {
                        try pool.stop.spend(3 &* w)
                        let source = (y + dy) * w
                        runningMaximum(v, from: source, count: w, half: half, into: &window, &fromLeft, &fromRight)
                        let target = y * w
                        for x in 0..<w where window[x] > o[target &+ x] { o[target &+ x] = window[x] }
                    }
                }
            }
        }
        return CoverageMask(rect: area, values: out)
    }

    /// The largest whole h with h² ≤ n (n ≥ 0).
    static func wholeSquareRoot(_ n: Int) -> Int {
        var h = Int(Double(n).squareRoot())
        while h * h > n { h -= 1 }
        while (h + 1) * (h + 1) <= n { h += 1 }
        return h
    }

    /// `window[x]` = the largest of `v[start + x − half ... start + x + half]` within the
    /// row (values outside it count as 0), by van Herk / Gil–Werman: with blocks of k =
    /// 2·half + 1 columns, the maximum of a window is that of the suffix of one block
    /// (`fromRight`) and the prefix of the next (`fromLeft`).
    private static func runningMaximum(_ v: UnsafeBufferPointer<UInt8>, from start: Int, count w: Int, half: Int,
                                       into window: inout [UInt8], _ fromLeft: inout [UInt8], _ fromRight: inout [UInt8]) {
        let k = 2 * half + 1
        for x in 0..<w {
            let value = v[start + x]
            fromLeft[x] = x % k == 0 ? value : max(fromLeft[x - 1], value)
        }
        for x in stride(from: w - 1, through: 0, by: -1) {
            let value = v[start + x]
            fromRight[x] = (x % k == k - 1 || x == w - 1) ? value : max(fromRight[x + 1], value)
        }
        for x in 0..<w {
            // The window [x − half, x + half] clipped to the row.
            let a = x - half, b = x + half
            if a < 0 {
                window[x] = fromLeft[min(b, w - 1)]
            } else if b >= w {
                // [a, w − 1]: a suffix of a's block, then a prefix of the last block if another.
                window[x] = (w - 1) / k == a / k ? fromRight[a] : max(fromRight[a], fromLeft[w - 1])
            } else {
                // a and b lie in neighbouring blocks, or a starts a block and b ends it.
                window[x] = max(fromRight[a], fromLeft[b])
            }
        }
    }
}

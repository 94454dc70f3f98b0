import Foundation

/// A Gaussian blur of an alpha channel, moved by a shift at the same time: what a layer's
/// shadow is made of (Renderer+Shadow.swift).
///
/// Why not three box blurs: they are fast, but measured against a true Gaussian they miss
/// by up to 2.4/255 at a hard edge whatever the radius (and more when the box widths must
/// be whole pixels), and shadows are mostly hard edges blurred. This is the Gaussian
/// itself, separable, one axis then the other, each with a kernel whose weights are the
/// Gaussian integrated over each source pixel (`Kernel`): the result is, up to rounding
/// to bytes and the tails cut at 4σ (6·10⁻⁵ of the weight), the exact blur of the pixels
/// taken as little squares, so a shadow is within 1/255 of the Gaussian of its shape. The
/// cost is one multiply-add per tap (about 8σ + 1 a pixel and axis), done eight columns
/// at a time in SIMD lanes, with rows equal to the one above (the inside of a rectangle)
/// copied; `Renderer.drawShadow` counts the taps against the frame's work budget. Floats
/// are summed in the same order whatever the lanes, so the bytes are the same everywhere.
enum GaussianBlur {
    /// The largest standard deviation drawn, in device pixels: beyond it the shadow is
    /// spread over thousands of pixels and drawn with this one (a limit that keeps tap
    /// counts and their arithmetic bounded whatever `shadowRadius` says).
    static let maxSigma = 1024.0

    /// The largest shift, in device pixels, kept exact; a shadow moved further is off any
    /// canvas anyway, and the bound keeps pixel arithmetic from overflowing.
    static let maxShift = PixelRect.coordinateLimit

    /// The weights of one axis: `output[x] = Σ weights[i] · input[x − (low + i)]`.
    struct Kernel: Equatable {
        /// The weights, summing to 1.
        let weights: [Float]
        /// The offset, output minus input, of the first weight.
        let low: Int
        /// The offset of the last weight.
        var high: Int { low + weights.count - 1 }

        /// The offsets of the first and last weight of `init(sigma:shift:)`'s kernel,
        /// without computing the weights: how far a shadow reaches.
        static func extent(sigma: Double, shift: Double) -> (low: Int, high: Int) {
            let sigma = min(max(sigma.isFinite ? sigma : 0, 0), GaussianBlur.maxSigma)
            let clamped = min(max(shift.isFinite ? shift : 0, -GaussianBlur.maxShift), GaussianBlur.maxShift)
            let base = Int(clamped.rounded(.down)), moved = clamped.rounded(.down) != clamped
            if sigma < 0.25 { return (base, moved ? base + 1 : base) }
            let reach = Int((4 * sigma).rounded(.up)) + 1
            return (base - reach, base + reach + (moved ? 1 : 0))
        }

        /// The kernel of a blur of standard deviation `sigma` moved by `shift` pixels: the
        /// weight of the source pixel at offset `u` is the Gaussian's mass over that pixel
        /// after the shift, Φ((u + ½ − shift)/σ) − Φ((u − ½ − shift)/σ). Below σ = 0.25
        /// (a hard shadow) the pixel is moved alone, its value spread over the two pixels
        /// it straddles as a drawn square would be.
        init(sigma: Double, shift: Double) {
            let sigma = min(max(sigma.isFinite ? sigma : 0, 0), GaussianBlur.maxSigma)
            let shift = min(max(shift.isFinite ? shift : 0, -GaussianBlur.maxShift), GaussianBlur.maxShift)
            let base = shift.rounded(.down), fraction = shift - base
            if sigma < 0.25 {
                low = Int(base)
                weights = fraction == 0 ? [1] : [Float(1 - fraction), Float(fraction)]
                return
            }
            let reach = Int((4 * sigma).rounded(.up)) + 1
            low = Int(base) - reach
            let scale = 1 / (sigma * 2.0.squareRoot())
            func cdf(_ x: Double) -> Double { 0.5 * erfc(-x * scale) }
            var w: [Double] = []
            w.reserveCapacity(2 * reach + 2)
            // One more tap on the right when the shift is not whole, for the moved tail.
            for u in -reach...(reach + (fraction > 0 ? 1 : 0)) {
                let d = Double(u) - fraction
                w.append(cdf(d + 0.5) - cdf(d - 0.5))
            }
            let total = w.reduce(0, +)
            weights = w.map { Float($0 / total) }
        }
    }

    /// `alpha` blurred with standard deviation `sigma` and moved by `shift` (device pixels),
    /// over the part of `target` it can reach; nil when that is empty. Every byte of
    /// `alpha` is read: a sparse one is written in full first (a copy; the caller can
    /// `materialize()` its own to save it). Each row's taps are spent on `pool.stop`.
    /// - Throws: `CancellationError` when the frame is stopped (`FrameStop`).
    static func blurred(_ alpha: CoverageMask, sigma: Double, shift: Point, within target: PixelRect,
                        pool: BufferPool) throws -> CoverageMask? {
        var alpha = alpha
        alpha.materialize()
        let kx = Kernel(sigma: sigma, shift: shift.x), ky = Kernel(sigma: sigma, shift: shift.y)
        let src = alpha.rect
        let out = PixelRect(x0: src.x0 + kx.low, y0: src.y0 + ky.low, x1: src.x1 + kx.high, y1: src.y1 + ky.high)
            .intersection(target)
        guard !out.isEmpty, !src.isEmpty else { return nil }
        // Horizontal pass: the source rows, the output's columns. Each row is first spread
        // as floats over the columns the kernel reads (`padded`, zero outside the source),
        // so output column ox is Σ w[i] · padded[ox + n − 1 − i], eight columns at a time.
        // A row equal to the one above (the inside of a rectangle) is copied.
        let rowWidth = out.width, n = kx.weights.count
        var rows = [Float](repeating: 0, count: rowWidth * src.height)
        var padded = [Float](repeating: 0, count: rowWidth + n)
        let paddedStart = out.x0 - kx.high // the source column of padded[0]
        let firstColumn = max(src.x0, paddedStart), lastColumn = min(src.x1, paddedStart + rowWidth + n)
        let stop = pool.stop
        try alpha.bytes.withUnsafeBufferPointer { a in
            try kx.weights.withUnsafeBufferPointer { w in
                try padded.withUnsafeMutableBufferPointer { pad in
                    try rows.withUnsafeMutableBufferPointer { r in
                        guard let aBytes = a.baseAddress, let rows0 = r.baseAddress,
                              let pp = pad.baseAddress.map(UnsafeRawPointer.init) else { return }
                        for y in 0..<src.height {
                            try stop.spend(rowWidth &* n)
                            let aBase = y &* src.width, rBase = y &* rowWidth
                            if y > 0, memcmp(aBytes + aBase, aBytes + (aBase &- src.width), src.width) == 0 {
                                (rows0 + rBase).update(from: rows0 + (rBase &- rowWidth), count: rowWidth)
                                continue
                            }
                            for column in firstColumn..<max(firstColumn, lastColumn) {
                                pad[column &- paddedStart] = Float(a[aBase &+ column &- src.x0])
                            }
                            var ox = 0
                            while ox &+ 8 <= rowWidth {
                                var sum = SIMD8<Float>(repeating: 0)
                                for i in 0..<n {
                                    sum += w[i] * pp.loadUnaligned(fromByteOffset: (ox &+ n &- 1 &- i) &* 4, as: SIMD8<Float>.self)
                                }
                                for lane in 0..<8 { r[rBase &+ ox &+ lane] = sum[lane] }
                                ox &+= 8
                            }
                            while ox < rowWidth {
                                var sum: Float = 0
                                for i in 0..<n { sum += w[i] * pad[ox &+ n &- 1 &- i] }
                                r[rBase &+ ox] = sum
                                ox &+= 1
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass, eight columns at a time in SIMD lanes (each lane sums its taps in
        // the same order as the scalar tail, so the bytes do not depend on the split).
        var values = pool.bytes(count: out.width * out.height)
        try rows.withUnsafeBufferPointer { r in
            try ky.weights.withUnsafeBufferPointer { w in
                try values.withUnsafeMutableBufferPointer { v in
                    guard let rp = r.baseAddress.map(UnsafeRawPointer.init) else { return }
                    for oy in 0..<out.height {
                        let y = out.y0 &+ oy
                        let iFirst = max(0, y &- ky.low &- (src.y1 &- 1)), iLast = min(w.count &- 1, y &- ky.low &- src.y0)
                        guard iFirst <= iLast else { continue }
                        try stop.spend(rowWidth &* (iLast &- iFirst &+ 1))
                        let vBase = oy &* rowWidth
                        // Source row of tap i: y − low − i.
                        let rowOfFirst = y &- ky.low &- iFirst &- src.y0
                        var ox = 0
                        while ox &+ 8 <= rowWidth {
                            var sum = SIMD8<Float>(repeating: 0)
                            var row = rowOfFirst
                            for i in iFirst...iLast {
                                sum += w[i] * rp.loadUnaligned(fromByteOffset: (row &* rowWidth &+ ox) &* 4, as: SIMD8<Float>.self)
                                row &-= 1
                            }
                            let clamped = sum.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255)) + 0.5
                            for lane in 0..<8 { v[vBase &+ ox &+ lane] = UInt8(clamped[lane]) }
                            ox &+= 8
                        }
                        while ox < rowWidth {
                            var sum: Float = 0
                            var row = rowOfFirst
                            for i in iFirst...iLast {
                                sum += w[i] * r[row &* rowWidth &+ ox]
                                row &-= 1
                            }
                            v[vBase &+ ox] = UInt8(min(255, max(0, sum)) + 0.5)
                            ox &+= 1
                        }
                    }
                }
            }
        }
        return CoverageMask(rect: out, values: values)
    }
}

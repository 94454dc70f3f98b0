/// A mask's `feather` (LANGUAGE.md section 11): its values blurred by a Gaussian of
/// standard deviation F / 2, a mask-surface operation.
///
/// The blur is the shadows' (`GaussianBlur`): each pixel's weight is the Gaussian's mass
/// over that pixel, so a straight hard edge feathered is 50 % at the edge and Φ(−1) ≈ 16 %
/// one σ outside it, within 1/255. F is in the owner's coordinates and scales with the
/// owner's transform, as `shadowRadius` does. Below σ = 0.25 device pixels (F < 0.5) the
/// kernel is one tap: the values are left as they are, a hard edge.
enum MaskFeather {
    /// The standard deviation in device pixels of a feather `f` drawn at `scale` (device
    /// pixels per unit of the owner's coordinates); 0 for a negative or non-finite value.
    static func sigma(feather f: Double, scale: Double) -> Double {
        let s = f / 2 * scale
        return s.isFinite && s > 0 ? min(s, GaussianBlur.maxSigma) : 0
    }

    /// True when a blur of `sigma` changes the values (see the one-tap case above).
    static func blurs(sigma: Double) -> Bool { sigma >= 0.25 }

    /// How many pixels the blur carries a value: the values that matter for the result
    /// over a rectangle lie within this distance of it.
    static func reach(sigma: Double) -> Int {
        GaussianBlur.Kernel.extent(sigma: sigma, shift: 0).high
    }

    /// The work of blurring over `target`, in taps of both passes (for the frame's budget).
    static func work(sigma: Double, over target: PixelRect) -> Int {
        let taps = 2 * (2 * reach(sigma: sigma) + 1)
        let (pixels, o1) = target.width.multipliedReportingOverflow(by: target.height)
        let (units, o2) = pixels.multipliedReportingOverflow(by: taps)
        return o1 || o2 ? .max : units
    }

    /// `values` (0 outside their rect) feathered, over `target`; nil when nothing is left
    /// there.
    /// - Throws: `CancellationError` when the frame is stopped (`FrameStop`).
    static func feathered(_ values: CoverageMask, sigma: Double, within target: PixelRect, pool: BufferPool) throws -> CoverageMask? {
        try GaussianBlur.blurred(values, sigma: sigma, shift: .zero, within: target, pool: pool)
    }
}

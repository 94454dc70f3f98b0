/// The alpha channel of a `Surface` alone, one byte a pixel, for drawing a mask whose
/// alpha is all that is read.
///
/// Every step of `Surface`'s blending works on each channel apart (`scaled` keeps the
/// lanes apart, and source-over adds lane by lane without carries), so the alpha of a
/// surface depends only on the alphas drawn into it. Drawing the same solid fills here
/// gives, byte for byte, the alpha channel the RGBA surface would hold, with a quarter of
/// the memory traffic.
struct AlphaSurface {
    /// The device pixels the buffer holds.
    let rect: PixelRect
    /// One alpha byte per pixel of `rect`, row-major.
    var values: [UInt8]
    /// The pixels drawn so far (as `Surface.dirty`): outside it the alpha is 0.
    var dirty: PixelRect = .empty

    /// A transparent buffer over `rect`, from `pool`.
    init(rect: PixelRect, pool: BufferPool) {
        self.rect = rect
        values = pool.bytes(count: rect.width * rect.height)
    }

    /// Gives the buffer back to `pool`.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&values)
    }

    /// The source alpha a solid fill of alpha `alpha` at opacity byte `op` puts down for
    /// each coverage byte, rounded as the RGBA fill rounds it: 256 entries into `factor`.
    static func sourceAlphas(alpha: UInt32, opacity op: UInt32, into factor: UnsafeMutableBufferPointer<UInt32>) {
        for c in 0..<256 {
            let k = UInt32(mulDiv255(UInt32(c), op))
            factor[c] = k == 255 ? alpha : UInt32(mulDiv255(alpha, k))
        }
    }
}

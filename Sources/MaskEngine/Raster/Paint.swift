/// What fills the pixels a shape covers: one colour, or a colour per pixel from a shader.
enum Paint: Sendable {
    /// One premultiplied colour everywhere.
    case solid(PremultipliedColor)
    /// A gradient evaluated at every pixel.
    case gradient(GradientShader)
    /// An image sampled at every pixel.
    case image(ImageShader)

    /// True when `shade` gives the same pixels for every row of `rows` from column `x`,
    /// so a fill can shade one row and reuse it.
    func isSameForEveryRow(_ rows: Range<Int>, x: Int) -> Bool {
        switch self {
        case .solid: return true
        case .gradient(let shader): return shader.isSameForEveryRow(rows, x: x)
        case .image: return false
        }
    }

    /// True when every pixel `shade` writes is known to be opaque, on every row: an opaque
    /// colour, or an image known opaque (`Image.isKnownOpaque`: clamped bilinear samples
    /// of opaque pixels are opaque). False says nothing.
    var isKnownOpaque: Bool {
        switch self {
        case .solid(let c): return c.rgba8.3 == 255
        case .gradient: return false
        case .image(let shader): return shader.isKnownOpaque
        }
    }

    /// True when the first `n` pixels `shade` writes for a span do not depend on how long
    /// the span is, so a fill may shade a row only up to the last pixel it covers. Not so
    /// for images: the span's far end chooses between fixed-point and floating-point sampling.
    var shadesEachPixelAlone: Bool {
        if case .image = self { return false }
        return true
    }

    /// Calls `body` with an image paint's pixels held for reading rows in place (nil for
    /// other paints), so a fill can skip shading spans that are plain copies.
    func withPixelsInPlace<R>(_ body: (ImageShader.PixelsInPlace?) -> R) -> R {
        if case .image(let shader) = self { return shader.withPixelsInPlace(body) }
        return body(nil)
    }

    /// Writes `count` premultiplied RGBA pixels of device row `y`, from column `x`, to `out`.
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        switch self {
        case .solid(let c):
            let (r, g, b, a) = c.rgba8
            for i in 0..<count {
                let o = i &* 4
                out[o] = r; out[o &+ 1] = g; out[o &+ 2] = b; out[o &+ 3] = a
            }
        case .gradient(let shader): shader.shade(y: y, x: x, count: count, into: out)
        case .image(let shader): shader.shade(y: y, x: x, count: count, into: out)
        }
    }
}

/// The layer-space point at the centre of device pixel `(x, y)`, and its change per pixel
/// to the right, through `inverse` (device → layer).
@inline(__always)
func pixelCentre(_ inverse: Transform, x: Int, y: Int) -> (Point, Point) {
    (inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)), Point(inverse.a, inverse.b))
}

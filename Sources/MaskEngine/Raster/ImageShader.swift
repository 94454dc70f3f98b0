/// An image drawn into a rectangle of a layer, sampled bilinearly at every device pixel.
///
/// Sampling works in image pixel coordinates, where pixel `(i, j)` has its centre at
/// `(i + 0.5, j + 0.5)`. Samples beyond the edge take the edge pixel (clamped), so a
/// stretched image does not fade at its border; the shape drawn decides where it ends.
struct ImageShader: Sendable {
    private let image: Image
    /// Device → image pixel coordinates.
    private let toImage: Transform

    /// The paint of `image` filling `rect` (layer coordinates) under `transform` (layer →
    /// device), or nil when nothing can show.
    static func paint(image: Image, in rect: Rect, transform: Transform) -> Paint? {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0,
              let inverse = transform.inverted else { return nil }
        let toPixels = Transform.scale(Double(image.width) / rect.width, Double(image.height) / rect.height)
            .concatenating(.translation(-rect.minX, -rect.minY))
        let m = toPixels.concatenating(inverse)
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return nil }
        return .image(ImageShader(image: image, toImage: m))
    }

    private init(image: Image, toImage: Transform) {
        self.image = image
        self.toImage = toImage
    }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let (p, step) = pixelCentre(toImage, x: x, y: y)
        let w = image.width, h = image.height
        let maxX = Double(w - 1), maxY = Double(h - 1)
        image.pixels.withUnsafeBufferPointer { src in
            for i in 0..<count {
                // Shift by half a pixel to centre-based coordinates, then clamp to the edge pixels.
                var u = p.x + step.x * Double(i) - 0.5, v = p.y + step.y * Double(i) - 0.5
                if !(u > 0) { u = 0 } else if u > maxX { u = maxX }
                if !(v > 0) { v = 0 } else if v > maxY { v = maxY }
                let ix = Int(u), iy = Int(v)
                let fx = UInt32(truncatingIfNeeded: Int((u - Double(ix)) * 256 + 0.5))
                let fy = UInt32(truncatingIfNeeded: Int((v - Double(iy)) * 256 + 0.5))
                let ix1 = ix < w - 1 ? ix &+ 1 : ix, iy1 = iy < h - 1 ? iy &+ 1 : iy
                let r0 = iy &* w, r1 = iy1 &* w
                let i00 = (r0 &+ ix) &* 4, i10 = (r0 &+ ix1) &* 4, i01 = (r1 &+ ix) &* 4, i11 = (r1 &+ ix1) &* 4
                let w00 = (256 &- fx) &* (256 &- fy), w10 = fx &* (256 &- fy)
                let w01 = (256 &- fx) &* fy, w11 = fx &* fy
                let o = i &* 4
                for c in 0..<4 {
                    let sum = UInt32(src[i00 &+ c]) &* w00 &+ UInt32(src[i10 &+ c]) &* w10
                        &+ UInt32(src[i01 &+ c]) &* w01 &+ UInt32(src[i11 &+ c]) &* w11
                    out[o &+ c] = UInt8(truncatingIfNeeded: (sum &+ 32768) >> 16)
                }
            }
        }
    }
}

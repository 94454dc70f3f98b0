// MARK: - Images at their on-screen size

extension LottieBuilder {
    /// A contents image as the renderer draws it on the canvas, with the pixel where it
    /// begins, when it sits still, unrotated, over all of `frames`; nil otherwise.
    ///
    /// Players sample images nearest-neighbour (rlottie does), the renderer bilinearly:
    /// an image embedded already resampled to its on-screen pixels and drawn unscaled at
    /// a whole pixel shows the renderer's pixels in any player.
    func resampledImage(_ id: LayerID, _ image: Image, frames: Range<Int>) throws(LottieExportError) -> (image: Image, x: Int, y: Int)? {
        let k0 = frames.lowerBound
        let first = states[k0][id.index]
        let size = Size(Double(image.width), Double(image.height))
        let place = first.gravity.rect(for: size, in: first.bounds)
        let m = try deviceTransform(id, k0)
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return nil }
        for k in frames.dropFirst() {
            let s = states[k][id.index]
            guard s.gravity.rect(for: size, in: s.bounds) == place, try deviceTransform(id, k) == m else { return nil }
        }
        let canvas = PixelRect(x0: 0, y0: 0, x1: scene.canvas.width, y1: scene.canvas.height)
        let box = PixelRect(covering: place, transform: m).intersection(canvas)
        guard !box.isEmpty else { return nil }
        let shifted = Transform.translation(-Double(box.x0), -Double(box.y0)).concatenating(m)
        let pool = BufferPool()
        var surface: Surface
        do { surface = try Surface(rect: PixelRect(x0: 0, y0: 0, x1: box.width, y1: box.height), pool: pool) } catch {
            throw .image("\(error)")
        }
        guard let paint = ImageShader.paint(image: image, in: place, transform: shifted),
              let coverage = Rasterizer.coverage(of: .rect(place), transform: shifted, fillRule: .nonzero,
                                                 clip: surface.rect, pool: pool) else { return nil }
        surface.fill(coverage, with: paint, opacity: 1)
        return (surface.image, box.x0, box.y0)
    }
}

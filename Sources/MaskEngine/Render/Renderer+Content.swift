import Foundation

// MARK: - A layer's own content

extension Renderer {
    /// How many separately painted parts a layer has of its own (background, contents
    /// image, fill, stroke...): with more than one, an opacity below 1 needs a group so
    /// that overlapping parts do not show through each other.
    func contentPartCount(_ s: LayerState) -> Int {
        var n = 0
        if s.background.alpha > 0 { n += 1 }
        if let image = s.contents, image.width > 0, image.height > 0 { n += 1 }
        switch s.kind {
        case .gradient: if !s.colors.isEmpty { n += 1 }
        case .shape:
            if s.fill != nil { n += 1 }
            if s.stroke != nil && s.lineWidth > 0 { n += 1 }
        case .text: if !s.string.isEmpty { n += 1 }
        case .plain, .grid: break
        }
        return n
    }

    /// Draws a layer's background, contents image and its kind's content (not its sublayers).
    /// - Parameters:
    ///   - m: the layer's transform to device pixels.
    ///   - pool: where coverage buffers come from.
    func drawContent(of id: LayerID, _ s: LayerState, transform m: Transform, opacity: Double,
                     into surface: inout Surface, pool: BufferPool) throws {
        let clip = surface.rect
        func fill(_ shape: Path, _ rule: FillRule, with paint: Paint?) {
            guard let paint, var coverage = Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: clip,
                                                                pool: pool) else { return }
            surface.fill(coverage, with: paint, opacity: opacity)
            coverage.recycle(into: pool)
        }
        if s.background.alpha > 0 {
            let shape = s.cornerRadius > 0 ? Path.roundedRect(s.bounds, radius: s.cornerRadius) : Path.rect(s.bounds)
            fill(shape, .nonzero, with: .solid(s.background.premultiplied()))
        }
        if let image = s.contents {
            // Not clipped here: with `clip` the whole group is clipped to the rounded bounds.
            let place = s.gravity.rect(for: Size(Double(image.width), Double(image.height)), in: s.bounds)
            fill(.rect(place), .nonzero, with: ImageShader.paint(image: image, in: place, transform: m))
        }
        switch s.kind {
        case .gradient:
            fill(.rect(s.bounds), .nonzero, with: GradientShader.paint(for: s, transform: m))
        case .shape:
            if let color = s.fill { fill(s.path, s.fillRule, with: .solid(color.premultiplied())) }
            if let color = s.stroke { stroke(s, color, transform: m, opacity: opacity, into: &surface, pool: pool) }
        case .text:
            try drawText(of: id, s, transform: m, opacity: opacity, into: &surface, pool: pool)
        case .plain, .grid:
            break
        }
    }

    /// Strokes a shape layer's path: the outline is built in the layer's coordinates (so
    /// the line width scales with the layer) and filled in device space.
    private func stroke(_ s: LayerState, _ color: Color, transform m: Transform, opacity: Double,
                        into surface: inout Surface, pool: BufferPool) {
        // Flatten to 0.1 device pixels: divide by the largest stretch of the transform.
        let stretch = max(hypot(m.a, m.b), hypot(m.c, m.d))
        guard stretch > 0, stretch.isFinite else { return }
        let outline = Stroker.outline(of: s.path, width: s.lineWidth, start: s.strokeStart, end: s.strokeEnd,
                                      tolerance: 0.1 / stretch)
        guard var coverage = Rasterizer.coverage(of: Flattener.map(outline, m), fillRule: .nonzero,
                                                 clip: surface.rect, pool: pool) else { return }
        surface.fill(coverage, with: .solid(color.premultiplied()), opacity: opacity)
        coverage.recycle(into: pool)
    }
}

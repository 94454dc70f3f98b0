import Foundation

// MARK: - A layer's own content

extension Renderer {
    /// How many separately painted parts a layer has of its own (background, contents
    /// image, fill, stroke...): with more than one, an opacity below 1 needs a group so
    /// that overlapping parts do not show through each other.
    /// The state is read where it lies (`LayerStates`), as by `fillCountBound`: handed a
    /// state itself, a call not inlined is handed a copy.
    /// - Parameter texts: the render thread's memo of text layouts (nil outside a render).
    func contentPartCount(_ s: UnsafePointer<LayerState>, texts: TextLayoutMemo?) -> Int {
        var n = 0
        if s.pointee.background.alpha > 0 { n += 1 }
        if let image = s.pointee.contents, image.width > 0, image.height > 0 { n += 1 }
        switch s.pointee.kind {
        case .gradient: if !s.pointee.colors.isEmpty { n += 1 }
        case .shape:
            if s.pointee.fill != nil { n += 1 }
            if s.pointee.stroke != nil && s.pointee.lineWidth > 0 { n += 1 }
        case .text: n += textPartCount(s, texts: texts)
        case .plain, .grid: break
        }
        return n
    }

    /// `contentPartCount` of a state outside a render (the Lottie exporter's).
    func contentPartCount(_ s: LayerState) -> Int {
        withUnsafePointer(to: s) { contentPartCount($0, texts: nil) }
    }

    /// The most fills `forEachFill` can hand out for a layer: one for each part that is
    /// set, whether or not it turns out to cover anything.
    func fillCountBound(_ s: UnsafePointer<LayerState>, texts: TextLayoutMemo?) -> Int {
        var n = 0
        if s.pointee.background.alpha > 0 { n += 1 }
        if s.pointee.contents != nil { n += 1 }
        switch s.pointee.kind {
        case .gradient: if !s.pointee.colors.isEmpty { n += 1 }
        case .shape:
            if s.pointee.fill != nil { n += 1 }
            if s.pointee.stroke != nil { n += 1 }
        case .text: n += textPartCount(s, texts: texts)
        case .plain, .grid: break
        }
        return n
    }

    /// Draws a layer's background, contents image and its kind's content (not its sublayers).
    /// - Parameters:
    ///   - m: the layer's transform to device pixels.
    ///   - pool: where coverage buffers come from.
    func drawContent(of id: LayerID, _ s: UnsafePointer<LayerState>, transform m: Transform, opacity: Double,
                     into surface: inout Surface, pool: BufferPool) throws {
        try forEachFill(of: id, s, transform: m, clip: surface.rect, pool: pool) { coverage, paint in
            surface.fill(coverage, with: paint, opacity: opacity)
        }
    }

    /// Hands each painted part of a layer's own content to `body`, in drawing order, as the
    /// coverage of its shape inside `clip` and its paint: background, contents image, then
    /// the kind's content (gradient; shape fill and stroke; text). Parts that cover nothing
    /// are skipped; each coverage goes back to `pool` after `body`, unless `body` takes it
    /// (leaves an empty mask in its place: the values of a mask that is one fill).
    ///
    /// The state is passed where it lies (`LayerStates`): a throwing call handed the state
    /// itself is handed a copy, a dozen references retained and released.
    func forEachFill(of id: LayerID, _ s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect, pool: BufferPool,
                     _ body: (inout CoverageMask, Paint) throws -> Void) throws {
        let bounds = LayerStates.bounds(s)
        // The coverage is consumed, not copied: `body` may take it and write it in place.
        func fill(_ given: consuming CoverageMask?, with paint: Paint?, recycle: Bool = true) throws {
            guard let paint, var coverage = consume given else { return }
            defer { if recycle { coverage.recycle(into: pool) } }
            try body(&coverage, paint)
        }
        func fill(_ shape: Path, _ rule: FillRule, with paint: Paint?) throws {
            guard paint != nil else { return }
            try fill(Rasterizer.coverage(of: shape, transform: m, fillRule: rule, clip: clip, pool: pool), with: paint)
        }
        func fill(rect r: Rect, with paint: Paint?) throws {
            guard paint != nil else { return }
            try fill(Rasterizer.coverage(ofRect: r, transform: m, clip: clip, pool: pool), with: paint)
        }
        if s.pointee.background.alpha > 0 {
            let paint = Paint.solid(s.pointee.background.premultiplied())
            if s.pointee.cornerRadius > 0 {
                try fill(Path.roundedRect(bounds, radius: s.pointee.cornerRadius), .nonzero, with: paint)
            } else {
                try fill(rect: bounds, with: paint)
            }
        }
        if let image = s.pointee.contents {
            // Not clipped here: with `clip` the whole group is clipped to the rounded bounds.
            let place = s.pointee.gravity.rect(for: Size(Double(image.width), Double(image.height)), in: bounds)
            try fill(rect: place, with: ImageShader.paint(image: image, in: place, transform: m))
        }
        switch s.pointee.kind {
        case .gradient:
            try fill(rect: bounds, with: GradientShader.paint(for: s, transform: m, tables: pool.gradients))
        case .shape:
            if let color = s.pointee.fill { try fill(s.pointee.path, s.pointee.fillRule, with: .solid(color.premultiplied())) }
            if let color = s.pointee.stroke {
                try fill(strokeCoverage(of: s, transform: m, clip: clip, pool: pool), with: .solid(color.premultiplied()))
            }
        case .text:
            try fill(cachedTextCoverage(of: id, s, transform: m, clip: clip, pool: pool), with: .solid(s.pointee.textColor.premultiplied()),
                     recycle: false)
            try forEachColorGlyph(of: id, s, transform: m, clip: clip, pool: pool) { try fill($0, .nonzero, with: $1) }
        case .plain, .grid:
            break
        }
    }

    /// The coverage of a shape layer's stroke: the outline is built in the layer's
    /// coordinates (so the line width scales with the layer) and filled in device space.
    /// The state is read where it lies (`s`).
    private func strokeCoverage(of s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect,
                                pool: BufferPool) -> CoverageMask? {
        // Flatten to 0.1 device pixels: divide by the largest stretch of the transform.
        let stretch = max(hypot(m.a, m.b), hypot(m.c, m.d))
        guard stretch > 0, stretch.isFinite else { return nil }
        let outline = Stroker.outline(of: s.pointee.path, width: s.pointee.lineWidth, start: s.pointee.strokeStart, end: s.pointee.strokeEnd,
                                      tolerance: 0.1 / stretch)
        return Rasterizer.coverage(of: Flattener.map(outline, m), fillRule: .nonzero, clip: clip, pool: pool)
    }
}

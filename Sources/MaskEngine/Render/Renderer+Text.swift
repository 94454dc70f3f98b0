// MARK: - Text

extension Renderer {
    /// Fills a text layer's glyph outlines (laid out by `TextLayout`, in the layer's own
    /// coordinates) with its text colour, anti-aliased like any other shape.
    /// - Throws: `RenderError.textLayout` when the font cannot be loaded or read: a text
    ///   layer never silently draws nothing.
    func drawText(of id: LayerID, _ s: LayerState, transform m: Transform, opacity: Double,
                  into surface: inout Surface, pool: BufferPool) throws {
        guard !s.string.isEmpty else { return }
        let glyphs: Path
        do {
            glyphs = try TextLayout.path(for: s, visible: m.inverted.map { $0.apply(surface.rect.rect) })
        } catch {
            throw RenderError.textLayout(layer: name(of: id), reason: "\(error)")
        }
        guard var coverage = Rasterizer.coverage(of: glyphs, transform: m, fillRule: .nonzero, clip: surface.rect,
                                                 pool: pool) else { return }
        surface.fill(coverage, with: .solid(s.textColor.premultiplied()), opacity: opacity)
        coverage.recycle(into: pool)
    }
}

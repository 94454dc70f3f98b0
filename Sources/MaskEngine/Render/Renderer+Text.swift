// MARK: - Text

extension Renderer {
    /// The coverage of a text layer's glyph outlines (laid out by `TextLayout`, in the
    /// layer's own coordinates), anti-aliased like any other shape, inside `clip`.
    /// - Throws: `RenderError.textLayout` when the font cannot be loaded or read: a text
    ///   layer never silently draws nothing.
    func textCoverage(of id: LayerID, _ s: LayerState, transform m: Transform, clip: PixelRect,
                      pool: BufferPool) throws -> CoverageMask? {
        guard !s.string.isEmpty else { return nil }
        let glyphs: Path
        do {
            glyphs = try TextLayout.path(for: s, visible: m.inverted.map { $0.apply(clip.rect) })
        } catch {
            throw RenderError.textLayout(layer: name(of: id), reason: "\(error)")
        }
        return Rasterizer.coverage(of: glyphs, transform: m, fillRule: .nonzero, clip: clip, pool: pool)
    }
}

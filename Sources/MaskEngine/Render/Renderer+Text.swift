// MARK: - Text

extension Renderer {
    /// The coverage of a text layer's glyph outlines (laid out by `TextLayout`, in the
    /// layer's own coordinates), anti-aliased like any other shape, inside `clip`. It is
    /// kept in the pool's `TextCoverageCache` and made again only when what it depends on
    /// changes; it belongs to the cache and must not be recycled.
    /// - Throws: `RenderError.textLayout` when the font cannot be loaded or read: a text
    ///   layer never silently draws nothing.
    func cachedTextCoverage(of id: LayerID, _ s: LayerState, transform m: Transform, clip: PixelRect,
                            pool: BufferPool) throws -> CoverageMask? {
        guard !s.string.isEmpty else { return nil }
        let key = TextCoverageCache.Key(s, transform: m, clip: clip)
        if let kept = pool.texts.coverage(of: id, for: key) { return kept }
        let made = try textCoverage(of: id, s, transform: m, clip: clip, pool: pool)
        pool.texts.keep(made, of: id, for: key, pool: pool)
        return made
    }

    /// The glyph coverage of a text layer, made afresh (see `cachedTextCoverage`).
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

import Foundation

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

// MARK: - Colour glyphs

extension Renderer {
    /// How many separately painted parts a text layer has: 1 for its outlines alone, 2
    /// (that is, more than one) when it also has colour glyphs.
    func textPartCount(_ s: LayerState) -> Int {
        s.string.isEmpty ? 0 : TextLayout.hasColorGlyphs(s) ? 2 : 1
    }

    /// Hands each part of a text layer's colour glyphs to `body`, in drawing order, as its
    /// shape in the layer's coordinates and its paint: an emoji bitmap's rectangle with the
    /// bitmap, or a COLR layer's outline with its solid colour. A bitmap is first shrunk
    /// with a box filter to about the size it is drawn at (kept per glyph and size in the
    /// pool's `TextCoverageCache`), so a 136-pixel emoji drawn at 48 pixels stays smooth,
    /// as bilinear sampling alone would not past a factor of two.
    /// - Throws: `RenderError.textLayout` when the font cannot be read.
    func forEachColorGlyph(of id: LayerID, _ s: LayerState, transform m: Transform, clip: PixelRect, pool: BufferPool,
                           _ body: (Path, Paint?) throws -> Void) throws {
        guard TextLayout.hasColorGlyphs(s) else { return }
        let parts: [TextLayout.ColorPart]
        do { parts = try TextLayout.colorGlyphs(for: s, visible: m.inverted.map { $0.apply(clip.rect) }) } catch {
            throw RenderError.textLayout(layer: name(of: id), reason: "\(error)")
        }
        let stretchX = hypot(m.a, m.b), stretchY = hypot(m.c, m.d)
        for part in parts {
            switch part {
            case .bitmap(let glyph):
                let width = Int((glyph.rect.width * stretchX).rounded(.up)), height = Int((glyph.rect.height * stretchY).rounded(.up))
                let image = pool.texts.scaled(glyph, width: width, height: height)
                try body(.rect(glyph.rect), ImageShader.paint(image: image, in: glyph.rect, transform: m))
            case let .layer(path, color):
                try body(path, .solid(color.premultiplied()))
            }
        }
    }
}

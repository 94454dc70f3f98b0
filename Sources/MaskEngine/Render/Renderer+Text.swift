import Foundation

// MARK: - Text

extension Renderer {
    /// The coverage of a text layer's glyph outlines (laid out by `TextLayout`, in the
    /// layer's own coordinates), anti-aliased like any other shape, inside `clip`. It is
    /// made in canonical placement (see `TextCoverageCache`), kept in the pool's cache and
    /// made again only when what it depends on changes; it belongs to the cache and must
    /// not be recycled.
    /// The state is read where it lies (`s`): handed a state, a call is handed a copy, a
    /// dozen of the scene's references retained and released.
    /// - Throws: `RenderError.textLayout` when the font cannot be loaded or read: a text
    ///   layer never silently draws nothing.
    func cachedTextCoverage(of id: LayerID, _ s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect,
                            pool: BufferPool) throws -> CoverageMask? {
        guard !s.pointee.string.isEmpty else { return nil }
        let placement = TextCoverageCache.Placement(s, transform: m, clip: clip)
        // The translation to 1/1024 of a pixel (exact in a Double this far out): labels that
        // move alike stay alike (x + 40·p is not the same fraction at every x), and the
        // glyphs move by at most 1/2048 pixel, which changes no coverage by more than 1/255.
        let q = (x: (m.tx * TextCoverageCache.steps).rounded() / TextCoverageCache.steps,
                 y: (m.ty * TextCoverageCache.steps).rounded() / TextCoverageCache.steps)
        let whole = (x: q.x.rounded(.down), y: q.y.rounded(.down))
        guard abs(whole.x) < PixelRect.coordinateLimit, abs(whole.y) < PixelRect.coordinateLimit else {
            // Far off (or not finite): drawn where it is, without the cache.
            return Rasterizer.coverage(of: try textPath(of: id, s, transform: m, clip: clip, pool: pool), transform: m, fillRule: .nonzero,
                                       clip: clip, pool: pool)
        }
        let dx = Int(whole.x), dy = Int(whole.y)
        let canonical = Transform(a: m.a, b: m.b, c: m.c, d: m.d, tx: q.x - whole.x, ty: q.y - whole.y)
        let canonicalClip = PixelRect(x0: clip.x0 &- dx, y0: clip.y0 &- dy, x1: clip.x1 &- dx, y1: clip.y1 &- dy)
        var glyphs: Path?
        let found: TextCoverageCache.Found
        if let known = pool.texts.found(for: id, at: placement) {
            found = known
        } else {
            // Whether the clip cuts the glyphs: known from the outlines' box when it lies
            // inside the clip (a label moving within it is not laid out again each frame);
            // else from the glyphs the clip lets near, as they are drawn.
            func inside(_ box: Rect?) -> Bool {
                let drawn = box.map { PixelRect(covering: $0, transform: canonical) } ?? .empty
                return drawn.intersection(canonicalClip) == drawn
            }
            var uncut = pool.texts.layouts.outlineBounds(s).map(inside) ?? false
            if !uncut {
                let path = try textPath(of: id, s, transform: canonical, clip: canonicalClip, pool: pool)
                glyphs = path
                uncut = inside(path.controlBounds)
            }
            let shape = TextCoverageCache.Shape(
                placement: TextCoverageCache.Placement(s, transform: canonical, clip: uncut ? .empty : canonicalClip), uncut: uncut)
            found = TextCoverageCache.Found(shape: shape, dx: dx, dy: dy)
            pool.texts.note(found, for: id, s, at: placement)
        }
        if let kept = pool.texts.coverage(for: found.shape) { return kept?.moved(dx: found.dx, dy: found.dy) }
        let path = try glyphs ?? textPath(of: id, s, transform: canonical, clip: canonicalClip, pool: pool)
        let made = Rasterizer.coverage(of: path, transform: canonical, fillRule: .nonzero, clip: canonicalClip, pool: pool)
        pool.texts.keep(made, for: found.shape, s, pool: pool)
        return made?.moved(dx: found.dx, dy: found.dy)
    }

    /// A text layer's glyph outlines in its own coordinates, those outside `clip` (device
    /// pixels under `m`) left out.
    /// - Throws: `RenderError.textLayout` when the font cannot be read.
    /// The outlines come from the thread's memo (`TextLayoutMemo.outlines`): a label's
    /// coverage made again takes no lock; a text the memo does not keep (too long, or
    /// whose font cannot be read) is laid out by `TextLayout`.
    private func textPath(of id: LayerID, _ s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect,
                          pool: BufferPool) throws -> Path {
        let visible = m.inverted.map { $0.apply(clip.rect) }
        if let outlines = pool.texts.layouts.outlines(s) { return outlines.path(visible: visible) }
        do {
            return try TextLayout.path(for: s.pointee, visible: visible)
        } catch {
            throw RenderError.textLayout(layer: name(of: id), reason: "\(error)")
        }
    }
}

// MARK: - Colour glyphs

extension Renderer {
    /// How many separately painted parts a text layer has: 1 for its outlines alone, 2
    /// (that is, more than one) when it also has colour glyphs.
    /// - Parameter texts: the render thread's memo (nil outside a render: the layout is
    ///   then looked up in `TextLayout`'s shared store).
    func textPartCount(_ s: UnsafePointer<LayerState>, texts: TextLayoutMemo?) -> Int {
        s.pointee.string.isEmpty ? 0 : (texts?.hasColorGlyphs(s) ?? TextLayout.hasColorGlyphs(s.pointee)) ? 2 : 1
    }

    /// Hands each part of a text layer's colour glyphs to `body`, in drawing order, as its
    /// shape in the layer's coordinates and its paint: an emoji bitmap's rectangle with the
    /// bitmap, or a COLR layer's outline with its solid colour. A bitmap is first shrunk
    /// with a box filter to about the size it is drawn at (kept per glyph and size in the
    /// pool's `TextCoverageCache`), so a 136-pixel emoji drawn at 48 pixels stays smooth,
    /// as bilinear sampling alone would not past a factor of two.
    /// The state is read where it lies (`s`), as by `cachedTextCoverage`.
    /// - Throws: `RenderError.textLayout` when the font cannot be read.
    func forEachColorGlyph(of id: LayerID, _ s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect, pool: BufferPool,
                           _ body: (Path, Paint?) throws -> Void) throws {
        guard pool.texts.layouts.hasColorGlyphs(s) else { return }
        let parts: [TextLayout.ColorPart]
        do { parts = try TextLayout.colorGlyphs(for: s.pointee, visible: m.inverted.map { $0.apply(clip.rect) }) } catch {
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

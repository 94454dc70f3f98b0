// MARK: - How far a subtree can draw

extension Renderer {
    /// The longest text (in UTF-8 bytes) whose glyphs are laid out to bound it.
    static let boundedTextLength = 4096

    /// A device box holding every pixel a layer and its visible sublayers can touch, or nil
    /// when that is not known cheaply (text longer than `boundedTextLength`, whose glyphs
    /// may overhang their bounds, or a tree deeper than `maxDepth`). Used to size offscreen groups: an opacity group over a
    /// small layer should not cost a canvas-sized buffer.
    ///
    /// Conservative by design: the bounds, the contents rectangle (which may overflow the
    /// bounds under `aspectFill` or `center`), a shape's control points grown by half the
    /// line width, the sublayers' boxes and the shadow's reach, unless `clip` cuts
    /// everything to the bounds.
    /// With `shadow` false, the layer's own shadow is left out (its sublayers' are not).
    func drawnBounds(of id: LayerID, transform m: Transform, walk: LayerWalk, depth: Int = 0, shadow: Bool = true) -> PixelRect? {
        let s = walk.states.pointer(to: id)
        if s.pointee.clip { return PixelRect(covering: walk.states.bounds(of: id), transform: m) }
        var box = walk.states.bounds(of: id)
        if let image = s.pointee.contents {
            box = box.union(s.pointee.gravity.rect(for: Size(Double(image.width), Double(image.height)), in: walk.states.bounds(of: id)))
        }
        switch s.pointee.kind {
        case .shape:
            if let shape = s.pointee.path.controlBounds {
                let grow = s.pointee.stroke == nil ? 0 : s.pointee.lineWidth / 2
                box = box.union(shape.insetBy(dx: -grow, dy: -grow))
            }
        case .text:
            if !s.pointee.string.isEmpty {
                // The glyphs' control points hold every pixel they fill. A very long string
                // (or one whose font cannot be read) is left unbounded rather than laid out twice.
                guard let glyphs = walk.pool.texts.layouts.bounds(s) ?? nil else { return nil }
                box = box.union(glyphs)
            }
        case .plain, .gradient, .grid:
            break
        }
        var result = PixelRect(covering: box, transform: m)
        let bounded = withSublayers(of: id, walk) { children in
            for child in children where isVisible(child, walk) {
                guard depth < Renderer.maxDepth,
                      let inner = drawnBounds(of: child, transform: m.concatenating(walk.states.transformToParent(of: child)),
                                              walk: walk, depth: depth + 1) else { return false }
                result = result.union(inner)
            }
            return true
        }
        guard bounded else { return nil }
        guard shadow, let cast = shadowBounds(s, transform: m, content: result) else { return result }
        return result.union(cast)
    }
}

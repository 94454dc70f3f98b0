// MARK: - Borders

extension Renderer {
    /// True when a layer draws a border.
    func hasBorder(_ s: LayerState) -> Bool {
        s.borderWidth > 0 && s.borderColor.alpha > 0 && s.size.width > 0 && s.size.height > 0
    }

    /// The border's shape, as Core Animation draws it: the bounds rounded by `cornerRadius`
    /// less the same rectangle inset by `borderWidth` with its radius less by as much, so
    /// the border follows the corners (filled even-odd). A border as wide as half the
    /// shorter side fills the bounds.
    func borderPath(_ s: LayerState) -> Path {
        let outer = Path.roundedRect(s.bounds, radius: s.cornerRadius)
        let w = s.borderWidth
        guard 2 * w < min(s.size.width, s.size.height) else { return outer }
        let radius = max(0, min(s.cornerRadius, min(s.size.width, s.size.height) / 2) - w)
        let inner = Path.roundedRect(s.bounds.insetBy(dx: w, dy: w), radius: radius)
        return Path(elements: outer.elements + inner.elements, structure: "border")
    }

    /// Draws a layer's border over its contents and sublayers, as Core Animation does.
    func drawBorder(of s: LayerState, transform m: Transform, opacity: Double, into surface: inout Surface, pool: BufferPool) {
        guard hasBorder(s),
              var coverage = Rasterizer.coverage(of: borderPath(s), transform: m, fillRule: .evenodd, clip: surface.rect, pool: pool)
        else { return }
        surface.fill(coverage, with: .solid(s.borderColor.premultiplied()), opacity: opacity)
        coverage.recycle(into: pool)
    }
}

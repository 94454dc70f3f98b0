// MARK: - Borders

extension Renderer {
    /// True when a layer draws a border. The state is read where it lies (`LayerStates`),
    /// as in the functions below: handed a state itself, a call not inlined is handed a copy.
    func hasBorder(_ s: UnsafePointer<LayerState>) -> Bool {
        s.pointee.borderWidth > 0 && s.pointee.borderColor.alpha > 0 && s.pointee.size.width > 0 && s.pointee.size.height > 0
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
    func drawBorder(of s: UnsafePointer<LayerState>, transform m: Transform, opacity: Double, into surface: inout Surface,
                    pool: BufferPool) {
        guard hasBorder(s),
              var coverage = Rasterizer.coverage(of: borderPath(s.pointee), transform: m, fillRule: .evenodd, clip: surface.rect, pool: pool)
        else { return }
        surface.fill(coverage, with: .solid(s.pointee.borderColor.premultiplied()), opacity: opacity)
        coverage.recycle(into: pool)
    }
}

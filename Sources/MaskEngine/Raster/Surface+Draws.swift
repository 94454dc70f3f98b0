/// The draws the renderer makes, each a `DrawPipeline` list.
extension Surface {
    /// Paints the covered pixels: `result = source · (coverage · opacity) + destination · (1 − that alpha)`,
    /// the coverage and the opacity multiplied (and rounded) once:
    /// `[paint, [coverage, opacity], sourceOver, rgba8]`.
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        DrawPipeline(source: DrawPipeline.source(paint), modulators: .init(.coverage(coverage), times: .constant(op)),
                     blend: .sourceOver).run(into: &self)
    }

    /// Paints the covered pixels through a mask: the source scaled by the coverage, then by
    /// the mask's value (0 outside its rect), then by the opacity, and blended:
    /// `[paint, [coverage], [mask], [opacity], sourceOver, rgba8]` (no opacity stage at 1).
    /// The mask's bytes are read anywhere in its rect, except by the fused masked fills of
    /// a solid colour or a paint (`takesSparseMask`): for any other list (or with
    /// `generalOnly`), a sparse mask is written out first, in place.
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, mask: inout CoverageMask, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        let source = DrawPipeline.source(paint)
        if mask.isSparse, !DrawPipeline.takesSparseMask(source) { mask.materialize() }
        DrawPipeline(source: source, modulators: Surface.masked(coverage, by: .mask(mask), opacity: op), blend: .sourceOver).run(into: &self)
    }

    /// `fill(_:with:mask:opacity:)` through a mask of runs:
    /// `[paint, [coverage], [runs], [opacity], sourceOver, rgba8]` (no opacity stage at 1).
    mutating func fill(_ coverage: CoverageMask, with paint: Paint, runs: RunMask, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        DrawPipeline(source: DrawPipeline.source(paint), modulators: Surface.masked(coverage, by: .runs(runs), opacity: op),
                     blend: .sourceOver).run(into: &self)
    }

    /// The stages of a masked fill: `[coverage], [mask], [opacity]`, without the opacity's
    /// stage at 255.
    private static func masked(_ coverage: CoverageMask, by mask: DrawPipeline.Factor, opacity op: UInt32) -> DrawPipeline.Modulators {
        op < 255 ? .init(.coverage(coverage), then: mask, then: .constant(op)) : .init(.coverage(coverage), then: mask)
    }

    /// Multiplies every drawn pixel by a mask value (`mask`'s coverage, 0 outside its rect;
    /// with `inverted`, 255 minus that): `[none, [coverage], destinationIn (Out), rgba8]`.
    mutating func multiply(by mask: CoverageMask, inverted: Bool) {
        DrawPipeline(source: .none, modulators: .init(.coverage(mask)),
                     blend: inverted ? .destinationOut : .destinationIn).run(into: &self)
    }

    /// Composites another surface (a finished group) over this one with an opacity:
    /// `[pixels, [opacity], sourceOver, rgba8]`.
    mutating func draw(_ group: Surface, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        DrawPipeline(source: .pixels(group), modulators: .init(.constant(op)), blend: .sourceOver).run(into: &self)
    }

    /// Paints a solid colour under the drawn pixels where `coverage` covers (for shadows):
    /// `result = destination + source · (coverage · opacity) · (1 − destination alpha)`:
    /// `[solid, [coverage, opacity], behind, rgba8]`.
    mutating func fillBehind(_ coverage: CoverageMask, color: PremultipliedColor, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        DrawPipeline(source: DrawPipeline.source(.solid(color)), modulators: .init(.coverage(coverage), times: .constant(op)),
                     blend: .behind).run(into: &self)
    }

    /// An opacity (0...1, NaN as 0) as a byte, rounded to nearest.
    static func byte(_ v: Double) -> UInt32 {
        v > 0 ? (v < 1 ? UInt32((v * 255).rounded()) : 255) : 0
    }
}

extension AlphaSurface {
    /// What `Surface.fill(_:with:opacity:)` does to the alpha channel, for a solid paint of
    /// alpha `alpha`: `[solid, [coverage, opacity], sourceOver, a8]`.
    mutating func fill(_ coverage: CoverageMask, alpha: UInt32, opacity: Double) {
        let op = Surface.byte(opacity)
        guard op > 0 else { return }
        DrawPipeline(source: .solid(min(alpha, 255) << 24), modulators: .init(.coverage(coverage), times: .constant(op)),
                     blend: .sourceOver).run(into: &self)
    }
}

extension DrawPipeline {
    /// The source stage of a paint: a solid paint is one packed colour.
    static func source(_ paint: Paint) -> Source {
        guard case .solid(let color) = paint else { return .paint(paint) }
        let (r, g, b, a) = color.rgba8
        return .solid(UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }
}

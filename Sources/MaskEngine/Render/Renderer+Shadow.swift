// MARK: - Shadows

/// A layer's shadow, as Core Animation draws one: the layer's composited alpha (its
/// content, sublayers and border, as one group), or the fill of `shadowPath` when it has
/// one, blurred, moved by `shadowOffset`, filled
/// with `shadowColor` at `shadowOpacity` and drawn under the layer. The group is then
/// clipped and masked like the layer (so `clip`, Core Animation's `masksToBounds`, cuts
/// the shadow off outside the bounds, as it does on iOS) and composited with the layer's
/// opacity.
///
/// Offset and blur are in the layer's coordinates, so they turn and scale with it. The
/// blur is a Gaussian whose standard deviation is `shadowRadius` (`GaussianBlur`). Why
/// that σ: Core Animation does not document the relation, but design tools and CSS treat
/// a `shadowRadius` of r as a CSS blur radius of 2r (Figma's and Sketch's exports to
/// UIKit halve the blur), and CSS defines the blur radius as twice the standard deviation
/// (css-backgrounds-3, "shadow-blur"; cited by Chromium's change "Update shadow
/// blur-radius computations"), which makes σ = r.
extension Renderer {
    /// True when a layer draws a shadow. The state is read where it lies (`LayerStates`),
    /// as in the functions below that every layer goes through: handed a state itself, a
    /// call not inlined is handed a copy. Those for a layer with a shadow take the state.
    func hasShadow(_ s: UnsafePointer<LayerState>) -> Bool {
        s.pointee.shadowOpacity > 0 && s.pointee.shadowColor.alpha > 0
    }

    /// The shadow's standard deviation and shift in device pixels, for a layer drawn through `m`.
    func shadowGeometry(_ s: LayerState, transform m: Transform) -> (sigma: Double, shift: Point) {
        let o = s.shadowOffset
        return (s.shadowRadius * abs(m.determinant).squareRoot(), Point(m.a * o.x + m.c * o.y, m.b * o.x + m.d * o.y))
    }

    /// The device box of what casts a layer's shadow: its `shadowPath`, or else `content`.
    func shadowCaster(_ s: LayerState, transform m: Transform, content: PixelRect) -> PixelRect {
        guard let path = s.shadowPath else { return content }
        return path.controlBounds.map { PixelRect(covering: $0, transform: m) } ?? .empty
    }

    /// The device box a layer's shadow can touch when what it draws lies in `content`, or
    /// nil when it has none.
    func shadowBounds(_ s: UnsafePointer<LayerState>, transform m: Transform, content: PixelRect) -> PixelRect? {
        guard hasShadow(s) else { return nil }
        let content = shadowCaster(s.pointee, transform: m, content: content)
        guard !content.isEmpty else { return nil }
        let (sigma, shift) = shadowGeometry(s.pointee, transform: m)
        let kx = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.x)
        let ky = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.y)
        return PixelRect(x0: content.x0 + kx.low, y0: content.y0 + ky.low, x1: content.x1 + kx.high, y1: content.y1 + ky.high)
    }

    /// The extent a layer's group needs so that its shadow over `extent` is whole: also the
    /// pixels whose shadow lands in `extent`, within `content` (where the layer draws, its
    /// shadow left out; nil when that is not known), which is walked for only a layer
    /// with a shadow: every other group passes through without it.
    func shadowSourceExtent(_ extent: PixelRect, _ s: UnsafePointer<LayerState>, transform m: Transform,
                            content: @autoclosure () -> PixelRect?) -> PixelRect {
        // A shadow path is drawn wherever it is needed, whatever the group holds.
        guard hasShadow(s), s.pointee.shadowPath == nil, !extent.isEmpty else { return extent }
        let (sigma, shift) = shadowGeometry(s.pointee, transform: m)
        let kx = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.x)
        let ky = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.y)
        let source = PixelRect(x0: extent.x0 - kx.high, y0: extent.y0 - ky.high, x1: extent.x1 - kx.low, y1: extent.y1 - ky.low)
        return extent.union(content().map { source.intersection($0) } ?? source)
    }

    /// Draws the shadow of what `group` holds under it (see the top of this file). Counts
    /// one unit of work per tap of each blur pass and output pixel, and its buffers.
    /// - Throws: `RenderError.tooMuchWork` or `.tooMuchMemory`, naming the layer and
    ///   `shadowRadius`, which sets the blur's reach and cost.
    func drawShadow(of id: LayerID, _ state: UnsafePointer<LayerState>, transform m: Transform, under group: inout Surface,
                    walk: inout LayerWalk) throws {
        guard hasShadow(state), state.pointee.shadowPath != nil || !group.dirty.isEmpty else { return }
        let s = state.pointee
        let (sigma, shift) = shadowGeometry(s, transform: m)
        let kx = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.x)
        let ky = GaussianBlur.Kernel.extent(sigma: sigma, shift: shift.y)
        // What casts the shadow onto the group: the pixels the kernel can carry into it.
        let within = PixelRect(x0: group.rect.x0 - kx.high, y0: group.rect.y0 - ky.high,
                               x1: group.rect.x1 - kx.low, y1: group.rect.y1 - ky.low)
        let source = shadowCaster(s, transform: m, content: group.dirty).intersection(within)
        guard !source.isEmpty, let reach = shadowBounds(state, transform: m, content: source)?.intersection(group.rect),
              !reach.isEmpty else { return }
        let taps = (kx.high - kx.low + 1) + (ky.high - ky.low + 1)
        let (pixels, o1) = reach.width.multipliedReportingOverflow(by: max(reach.height, source.height))
        let (units, o2) = pixels.multipliedReportingOverflow(by: taps)
        let (sum, o3) = walk.work.addingReportingOverflow(units)
        walk.work = o1 || o2 || o3 ? .max : sum
        guard walk.work <= walk.budget.work else {
            throw RenderError.tooMuchWork(layer: name(of: id), limit: walk.budget.work, property: .shadowRadius)
        }
        // The source's alpha, the blur's rows of floats, and the result.
        try reserve(source.width * source.height + reach.width * source.height * 4 + reach.width * reach.height, for: id,
                    property: .shadowRadius, walk: walk)

        let pool = walk.pool
        var alpha = shadowPathCoverage(s, transform: m, source: source, pool: pool) ?? groupAlpha(group, source, pool: pool)
        defer { alpha.recycle(into: pool) }
        // The blur reads every byte.
        alpha.materialize()
        guard var shadow = try GaussianBlur.blurred(alpha, sigma: sigma, shift: shift, within: reach, pool: pool) else { return }
        group.fillBehind(shadow, color: s.shadowColor.premultiplied(), opacity: s.shadowOpacity)
        shadow.recycle(into: pool)
    }

    /// The coverage of the layer's `shadowPath` over `source`, or nil when it has none.
    private func shadowPathCoverage(_ s: LayerState, transform m: Transform, source: PixelRect, pool: BufferPool) -> CoverageMask? {
        guard let path = s.shadowPath else { return nil }
        return Rasterizer.coverage(of: path, transform: m, fillRule: .nonzero, clip: source, pool: pool)
            ?? CoverageMask(rect: .empty, values: [])
    }

    /// The alpha channel of `group` over `source` (which lies inside it).
    private func groupAlpha(_ group: Surface, _ source: PixelRect, pool: BufferPool) -> CoverageMask {
        var alpha = CoverageMask(rect: source, values: pool.bytes(count: source.width * source.height, zeroed: false))
        let gw = group.rect.width
        group.image.pixels.withUnsafeBufferPointer { px in
            alpha.bytes.withUnsafeMutableBufferPointer { out in
                for y in source.y0..<source.y1 {
                    let pBase = ((y &- group.rect.y0) &* gw &- group.rect.x0) &* 4 &+ 3
                    let oBase = (y &- source.y0) &* source.width &- source.x0
                    for x in source.x0..<source.x1 { out[oBase &+ x] = px[pBase &+ x &* 4] }
                }
            }
        }
        return alpha
    }
}

// MARK: - Several masks per layer

/// A layer's masks, combined (LANGUAGE.md section 11). The one hook into the drawing of a
/// layer is `maskBound` and `combinedMaskValues`, called where the layer's group (or its one
/// fill) is cut by its masks; everything else is done by mask-surface operations on value
/// buffers (`MaskExpansion`, `MaskFeather`) and the fold along their spans (`CombinedMask`,
/// `MaskCombination`). A layer with one `add` mask and neither feather nor expansion takes
/// `maskValues` alone, as in version 2: the same bytes.
extension Renderer {
    /// The masks of a layer that name layers of the scene, in order (a mask that names
    /// none is ignored).
    func masks(of id: LayerID, _ walk: LayerWalk) -> [LayerID] {
        let all = walk.states[id].masks
        // Usually every one names a layer: then the state's own list, shared, not a new one
        // filtered from it (an allocation per masked layer per frame).
        return all.allSatisfy { walk.states.contains($0) } ? all : all.filter { walk.states.contains($0) }
    }

    /// True when `masks(of:)` is not empty, without making it.
    func hasMasks(_ id: LayerID, _ walk: LayerWalk) -> Bool {
        walk.states[id].masks.contains { walk.states.contains($0) }
    }

    /// True when `masks` is one `add` mask with neither feather nor expansion: what
    /// `maskValues` alone gives.
    func isSingleMask(_ masks: [LayerID], owner m: Transform, _ walk: LayerWalk) -> Bool {
        guard masks.count == 1, let only = masks.first else { return false }
        let s = walk.states.pointer(to: only)
        let scale = abs(m.determinant).squareRoot()
        return s.pointee.maskCombine == .add && !MaskFeather.blurs(sigma: MaskFeather.sigma(feather: s.pointee.feather, scale: scale))
            && MaskExpansion.radius(expansion: s.pointee.expansion, scale: scale) == 0
    }

    /// The device pixels outside which the masks let nothing through (before the owner's
    /// `maskInvert`), or nil when they may let something through anywhere.
    func maskBound(_ masks: [LayerID], owner m: Transform, _ walk: LayerWalk) -> PixelRect? {
        if isSingleMask(masks, owner: m, walk), let only = masks.first { return maskFrame(only, owner: m, walk) }
        guard let first = masks.first else { return nil }
        let scale = abs(m.determinant).squareRoot()
        // `MaskCombination.bound` of the masks' frames grown by their reach, a mask at a
        // time (no array of them), each state read where it lies (not copied).
        var bound: PixelRect? = walk.states.pointer(to: first).pointee.maskCombine.startsFull ? nil : .empty
        for mask in masks {
            let s = walk.states.pointer(to: mask)
            let margin = reach(radius: MaskExpansion.radius(expansion: s.pointee.expansion, scale: scale),
                               sigma: MaskFeather.sigma(feather: s.pointee.feather, scale: scale))
            bound = MaskCombination.bound(bound, then: maskFrame(mask, owner: m, walk).outset(by: margin), s.pointee.maskCombine)
        }
        return bound
    }

    /// Where each mask lies (`MaskPlace`), its reach cut to the pixels its subtree can
    /// draw (its values are 0 elsewhere, alpha and luminance alike), with its mode:
    /// `maskBound`'s inputs made tighter, from which `MaskCombination` tells where the
    /// combined values are worth computing and where each mask's values matter.
    private func places(of masks: [LayerID], owner m: Transform, _ walk: LayerWalk) -> [MaskPlace] {
        let scale = abs(m.determinant).squareRoot()
        return masks.map { mask in
            let s = walk.states.pointer(to: mask), t = m.concatenating(walk.states.transformToParent(of: mask))
            let drawnBox = drawnBounds(of: mask, transform: t, walk: walk)
            var drawn = drawnBox
            // A shape alone draws only within its path's box (`drawnBounds` adds its frame,
            // which a background would fill).
            if s.pointee.kind == .shape, s.pointee.background.alpha == 0, s.pointee.contents == nil, !hasBorder(s), !hasShadow(s),
               !withSublayers(of: mask, walk, { $0.contains { isVisible($0, walk) } }), let shape = s.pointee.path.controlBounds {
                let grow = s.pointee.stroke == nil ? 0 : s.pointee.lineWidth / 2
                drawn = PixelRect(covering: shape.insetBy(dx: -grow, dy: -grow), transform: t)
            }
            let frame = PixelRect(covering: walk.states.bounds(of: mask), transform: t)
            let radius = MaskExpansion.radius(expansion: s.pointee.expansion, scale: scale)
            let sigma = MaskFeather.sigma(feather: s.pointee.feather, scale: scale)
            return MaskPlace(frame: frame, drawn: drawnBox, radius: radius, sigma: sigma,
                             reach: (drawn.map { frame.intersection($0) } ?? frame).outset(by: reach(radius: radius, sigma: sigma)),
                             mode: s.pointee.maskCombine)
        }
    }

    /// How far beyond a mask's frame an expansion of `radius` and a feather of `sigma`
    /// (device pixels) carry its values.
    private func reach(radius: Double, sigma: Double) -> Int {
        MaskExpansion.reach(radius: max(radius, 0)) + (MaskFeather.blurs(sigma: sigma) ? MaskFeather.reach(sigma: sigma) : 0)
    }

    /// The masks' combined value at each pixel of `extent` (0 outside the result's rect),
    /// or nil when it lets nothing through: each mask's `maskValues` (its alpha or
    /// luminance, its opacity and frame), grown by its expansion, feathered, then folded
    /// in order by its `maskCombine`. One plain `add` mask is `maskValues` itself.
    /// - Throws: what drawing a mask throws; `RenderError.tooMuchWork` or `.tooMuchMemory`
    ///   when expanding and feathering go past the frame's budget.
    func combinedMaskValues(_ masks: [LayerID], owner m: Transform, mode: MaskMode, extent: PixelRect,
                            walk: inout LayerWalk) throws -> CoverageMask? {
        if isSingleMask(masks, owner: m, walk), let only = masks.first {
            return try maskValues(only, owner: m, mode: mode, extent: extent, walk: &walk)
        }
        guard var result = try foldedMasks(masks, owner: m, mode: mode, extent: extent, walk: &walk) else { return nil }
        return result.values()
    }

    /// `combinedMaskValues` as a fill through it takes them (`fill(_:with:opacity:through:onto:pool:)`):
    /// when `cut`, several masks' rows with a gap of at least `sideGap` pixels are cut there
    /// (`CombinedMask.sides`).
    /// - Throws: what `combinedMaskValues` throws.
    func combinedMaskSides(_ masks: [LayerID], owner m: Transform, mode: MaskMode, extent: PixelRect, cut: Bool,
                           walk: inout LayerWalk) throws -> MaskSides? {
        if isSingleMask(masks, owner: m, walk), let only = masks.first {
            return try maskValues(only, owner: m, mode: mode, extent: extent, walk: &walk).map { MaskSides(values: $0, right: nil) }
        }
        guard var result = try foldedMasks(masks, owner: m, mode: mode, extent: extent, walk: &walk) else { return nil }
        guard cut else { return MaskSides(values: result.values(), right: nil) }
        let (values, right) = result.sides(minimumGap: Renderer.sideGap)
        return MaskSides(values: values, right: right)
    }

    /// The narrowest run of 0s inside a row of a combined mask that a fill goes round (a
    /// ring's hole): a second pass over the rows costs about what blending this many
    /// pixels does.
    static let sideGap = 64

    /// Paints `coverage` with `paint` through a combined mask's sides: through its values,
    /// then through its rows' right sides when they were cut; the same bytes as one fill
    /// through the values, the gaps' values being 0 (the second pass finds the gap's
    /// pixels untouched and leaves them to the backdrop). The mask's buffers go back to
    /// `pool`.
    func fill(_ coverage: CoverageMask, with paint: Paint, opacity: Double, through sides: inout MaskSides,
              onto surface: inout Surface, pool: BufferPool) {
        if let table = sides.right {
            sides.right = nil
            var right = sides.values.through(rowSpans: table)
            surface.fill(coverage, with: paint, mask: &sides.values, opacity: opacity)
            surface.expectRightSide()
            surface.fill(coverage, with: paint, mask: &right, opacity: opacity)
            right.recycleRowSpans(into: pool)
        } else {
            surface.fill(coverage, with: paint, mask: &sides.values, opacity: opacity)
        }
        sides.values.recycle(into: pool)
    }

    /// Several masks folded in order (see `combinedMaskValues`), or nil when they let
    /// nothing through.
    private func foldedMasks(_ masks: [LayerID], owner m: Transform, mode: MaskMode, extent: PixelRect,
                             walk: inout LayerWalk) throws -> CombinedMask? {
        guard let first = masks.first, !extent.isEmpty else { return nil }
        let pool = walk.pool
        // The result is 0 outside the pixels the masks can draw; each mask is still drawn
        // over `extent`, so its bytes do not depend on the others (a one-fill mask only
        // where its values can change the result: `MaskCombination.relevantAreas`).
        let places = places(of: masks, owner: m, walk)
        let reaches = places.map { (reach: $0.reach, mode: $0.mode) }
        let rect = MaskCombination.bound(reaches).map { extent.intersection($0) } ?? extent
        guard !rect.isEmpty else { return nil }
        try reserve(rect.width * rect.height, for: first, walk: walk)
        var result = CombinedMask(startingWith: walk.states[first].maskCombine, over: rect, pool: pool)
        let relevant = MaskCombination.relevantAreas(reaches)
        // The one-fill masks' coverages, given back to the pool together at the end: each
        // then finds its own buffer again at the next frame (the nearest count), instead
        // of one buffer going from mask to mask and growing back to the largest each frame.
        var held: [CoverageMask] = []
        defer { for var c in held { c.recycle(into: pool) } }
        // Outside this the result so far is 0 (nil: it may be above 0 anywhere in `rect`):
        // `MaskCombination.bound` of the masks folded so far, each cut to where it was drawn.
        var aboveZero: PixelRect? = places[0].mode.startsFull ? nil : .empty
        held.reserveCapacity(min(masks.count, Renderer.heldCoverages))
        for (k, mask) in masks.enumerated() {
            let place = places[k], radius = place.radius, sigma = place.sigma
            let blurs = MaskFeather.blurs(sigma: sigma)
            let within = relevant[k].map { extent.intersection($0) } ?? extent
            if radius == 0, !blurs, mode == .alpha,
               try foldFill(mask, place, owner: m, extent: within, aboveZero: aboveZero, into: &result, holding: &held, walk: &walk) {
                aboveZero = MaskCombination.bound(aboveZero, then: place.reach.intersection(within), place.mode)
                continue
            }
            aboveZero = MaskCombination.bound(aboveZero, then: place.reach, place.mode)
            // The values that reach the extent through the blur, and through the expansion.
            let blurred = extent.outset(by: blurs ? MaskFeather.reach(sigma: sigma) : 0)
            let area = blurred.outset(by: MaskExpansion.reach(radius: radius))
            var values = try maskValues(mask, owner: m, mode: mode, extent: area, walk: &walk)
            if radius != 0, let v = values {
                try charge(MaskExpansion.work(radius: radius, over: area), bytes: 3 * area.width * area.height, for: mask, walk: &walk)
                var drawn = v
                values = try MaskExpansion.expanded(drawn, radius: radius, over: area, pool: pool)
                drawn.recycle(into: pool)
            }
            if blurs, let v = values {
                try charge(MaskFeather.work(sigma: sigma, over: blurred), bytes: 5 * blurred.width * blurred.height, for: mask, walk: &walk)
                var sharp = v
                values = try MaskFeather.feathered(sharp, sigma: sigma, within: extent, pool: pool)
                sharp.recycle(into: pool)
            }
            result.fold(values, mode: place.mode)
            values?.recycle(into: pool)
        }
        return result
    }

    /// Folds an alpha mask that is one solid fill and nothing else (a shape, a text, a
    /// plain rectangle) into `result` straight from the fill's coverage, its spans kept:
    /// the values `maskValues` gives for it (`alphaMaskValues`' one-fill case: the fill's
    /// alpha at each coverage byte, times the mask's frame) without writing them out.
    /// False, with nothing done, for any other mask. `place` is where the mask lies
    /// (`places(of:owner:_:)`); `aboveZero` bounds the pixels where the result so far may
    /// be above 0 (nil: anywhere).
    private func foldFill(_ mask: LayerID, _ place: MaskPlace, owner m: Transform, extent: PixelRect, aboveZero: PixelRect?,
                          into result: inout CombinedMask, holding held: inout [CoverageMask], walk: inout LayerWalk) throws -> Bool {
        let combine = place.mode
        // Only the result's pixels can matter (it is 0 elsewhere): a wide band that the
        // others are intersected with is drawn where they are, not over all of its frame.
        let area = place.frame.intersection(extent).intersection(result.rect)
        guard !area.isEmpty else {
            result.fold(nil, mode: combine)
            return true
        }
        guard drawsAlphaOnly(mask, walk), isOneFill(mask, walk) else { return false }
        // `maskDrawArea`, its subtree's drawn box known.
        let bounded = place.drawn.map { area.intersection($0) } ?? area
        guard !bounded.isEmpty, let (state, transform) = try enter(mask, parent: m, walk: &walk) else {
            result.fold(nil, mode: combine)
            return true
        }
        defer { walk.stack.removeLast() }
        let pool = walk.pool, op = Surface.byte(state.pointee.opacity)
        var folded = false
        // A frame that is 255 over all of the fill's coverage (on whole pixels, or wider
        // than the shape) changes no value: it is not drawn. (`transform` is the mask's
        // own: `m` and its placement, as `maskFrame` concatenates them.)
        let inner = Renderer.innerPixels(walk.states.bounds(of: mask), transform: transform)
        // A mask of 255 wherever the result may be above 0 changes nothing under a mode
        // that keeps the result where the mask is 255 and 0 where both are (`intersect`,
        // `darken`): a band over a ring, known from its rectangle without its coverage (255
        // inside it, its frame and the clip its coverage would be taken in).
        if MaskCombination.outcome(combine, .bytes, .full) == .kept, op == 255, let aboveZero {
            let bound = aboveZero.intersection(result.rect)
            let full = opaqueFillPixels(state, transform: transform, frame: inner).intersection(inner).intersection(bounded)
            if bound.isEmpty || bound.intersection(full) == bound { return true }
        }
        try forEachFill(of: mask, state, transform: transform, clip: bounded, pool: pool) { coverage, paint in
            guard case .solid(let color) = paint, op > 0 else { return }
            let frameFull = coverage.rect.intersection(inner) == coverage.rect
            var frame = frameFull ? nil : maskFrameCoverage(mask, owner: m, area: area, walk)
            guard frameFull || frame != nil else { return }
            defer { frame?.recycle(into: pool) }
            result.fold(coverage, through: Renderer.sourceFactor(alpha: UInt32(color.rgba8.3), opacity: op), within: frame, mode: combine)
            folded = true
            // Kept for the caller to give back (not a text's: its coverage belongs to the
            // text cache), a few at most.
            if state.pointee.kind != .text, held.count < Renderer.heldCoverages {
                var taken = CoverageMask(rect: .empty, values: [])
                swap(&taken, &coverage)
                held.append(taken)
            }
        }
        if !folded { result.fold(nil, mode: combine) }
        return true
    }

    /// The pixels where the one fill of a layer that `isOneFill` accepts is 255 for certain
    /// at full opacity: an opaque background without corners (its frame's whole pixels,
    /// `frame`: `innerPixels` of its bounds, already worked out by the caller), or an opaque
    /// shape fill whose rectangle after `t` is axis-aligned (`Rasterizer.wholePixels`);
    /// else empty.
    private func opaqueFillPixels(_ s: UnsafePointer<LayerState>, transform t: Transform, frame: PixelRect) -> PixelRect {
        if s.pointee.background.alpha > 0 {
            guard s.pointee.cornerRadius <= 0, s.pointee.background.premultiplied().rgba8.3 == 255 else { return .empty }
            return frame
        }
        guard s.pointee.kind == .shape, let color = s.pointee.fill, color.premultiplied().rgba8.3 == 255 else { return .empty }
        return Rasterizer.wholePixels(of: s.pointee.path, transform: t)
    }

    /// The value a solid fill of alpha `alpha` at opacity byte `op` gives a mask for each
    /// coverage byte (`AlphaSurface.sourceAlphas`, 256 entries), or nil where that is the
    /// byte itself: always at alpha 255 and opacity 255 (`mulDiv255(c, 255)` is `c`), known
    /// without the table, which a plain mask's fold made and compared every frame.
    static func sourceFactor(alpha: UInt32, opacity op: UInt32) -> [UInt8]? {
        guard alpha != 255 || op != 255 else { return nil }
        let factor = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { alphas in
            AlphaSurface.sourceAlphas(alpha: alpha, opacity: op, into: alphas)
            return alphas.map { UInt8(truncatingIfNeeded: $0) }
        }
        return (0..<256).allSatisfy { factor[$0] == UInt8($0) } ? nil : factor
    }

    /// How many one-fill masks' coverages a combination keeps until its end (see
    /// `combinedMaskValues`): beyond that, each goes back to the pool at once.
    static let heldCoverages = 8

    /// The pixels wholly inside `bounds` drawn by `transform`, where its coverage is 255
    /// as the rasterizer computes it (each overlaps the box by exactly 1); empty when the
    /// box is turned or sheared (or not finite).
    static func innerPixels(_ bounds: Rect, transform t: Transform) -> PixelRect {
        guard t.b == 0, t.c == 0 else { return .empty }
        // The corners the rasterizer maps (`Path.rect`'s).
        let p = t.apply(Point(bounds.minX, bounds.minY)), q = t.apply(Point(bounds.maxX, bounds.maxY))
        guard [p.x, p.y, q.x, q.y].allSatisfy(\.isFinite) else { return .empty }
        let r = PixelRect(x0: PixelRect.clamped(min(p.x, q.x).rounded(.up)), y0: PixelRect.clamped(min(p.y, q.y).rounded(.up)),
                          x1: PixelRect.clamped(max(p.x, q.x).rounded(.down)), y1: PixelRect.clamped(max(p.y, q.y).rounded(.down)))
        return r.isEmpty ? .empty : r
    }

    /// Counts `units` of work and checks that `bytes` more of buffers fit, for a mask.
    private func charge(_ units: Int, bytes: Int, for mask: LayerID, walk: inout LayerWalk) throws {
        let (sum, overflow) = walk.work.addingReportingOverflow(units)
        walk.work = overflow ? .max : sum
        guard walk.work <= walk.budget.work else { throw RenderError.tooMuchWork(layer: name(of: mask), limit: walk.budget.work) }
        try reserve(bytes, for: mask, walk: walk)
    }
}

/// A combined mask as a fill takes it (`Renderer.fill(_:with:opacity:through:onto:pool:)`):
/// its values, and the row spans of its rows' right sides where `CombinedMask.sides` cut
/// them at a gap.
struct MaskSides {
    /// The values, each cut row's spans holding its left side.
    var values: CoverageMask
    /// Four entries a row of `values.rect` over `values`' full runs: the cut rows' right
    /// sides, the others empty; nil when no row is cut.
    var right: [Int32]?
}

extension PixelRect {
    /// The rectangle grown by `margin` pixels on every side (an empty one stays empty).
    func outset(by margin: Int) -> PixelRect {
        guard !isEmpty, margin > 0 else { return self }
        return PixelRect(x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin)
    }
}

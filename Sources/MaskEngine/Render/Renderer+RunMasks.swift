// MARK: - Masks of rectangles, as runs

extension Renderer {
    /// What `combinedMaskValues` gives for `masks` over `extent`, as runs of constant
    /// values, when that is one alpha mask (`isSingleMask`) whose subtree `drawsAlphaOnly`
    /// accepts and `runValues` can draw (asked first, before any bounds are worked out:
    /// most masks are not rectangles): a mask over no pixels when it lets nothing
    /// through; nil for any other mask, with the walk as it was, so the caller takes the
    /// bytes' route. Give the mask back with `BufferPool.keepRunMask` once drawn through.
    func runMaskValues(_ masks: [LayerID], owner m: Transform, mode: MaskMode, extent: PixelRect,
                       walk: inout LayerWalk) throws -> RunMask? {
        guard mode == .alpha, isSingleMask(masks, owner: m, walk), let mask = masks.first else { return nil }
        // A grid's tiles: their geometry kept from the frame before.
        if case .runs(let runs) = try tileRunValues(mask, owner: m, extent: extent, walk: &walk) { return runs }
        guard hasRectangleFillsOnly(mask, walk), drawsAlphaOnly(mask, walk) else { return nil }
        let nothing = RunMask(zeroOver: .empty)
        let area = maskFrame(mask, owner: m, walk).intersection(extent)
        guard !area.isEmpty else { return nothing }
        let drawArea = maskDrawArea(mask, owner: m, within: area, walk)
        guard !drawArea.isEmpty else { return nothing }
        // The bytes' route reserves its alpha surface (a mask of one fill needs none).
        if !isOneFill(mask, walk) { try reserve(drawArea.width * drawArea.height, for: mask, walk: walk) }
        return try runValues(mask, owner: m, area: area, drawnIn: drawArea, walk: &walk)
    }

    /// `alphaMaskValues` as runs of constant values, when every fill and the frame of the
    /// mask's subtree (which `drawsAlphaOnly` accepts) is an axis-aligned rectangle (plain
    /// backgrounds without corners, grid tiles, rectangle shapes, under transforms that
    /// scale and move): a mask over no pixels where `alphaMaskValues` gives nil; nil for
    /// any other mask, with the walk as it was.
    ///
    /// The values are `alphaMaskValues`' bytes exactly: each fill's coverage is the
    /// rasterizer's (`RunMask(coverageOf:)`), composited source-over with the A8 store's
    /// integer arithmetic (`RunMask.fill`) once a run instead of once a pixel, then
    /// multiplied by the frame's coverage as `alphaMaskValues` does. Past
    /// `RunMask.maxRuns` the mask is left to the bytes' route.
    func runValues(_ mask: LayerID, owner m: Transform, area: PixelRect, drawnIn drawArea: PixelRect,
                   walk: inout LayerWalk) throws -> RunMask? {
        guard hasRectangleFillsOnly(mask, walk) else { return nil }
        let nothing = RunMask(zeroOver: .empty)
        // The tables come from the thread's pool and go back to it, but for the mask
        // returned: its fills' merges allocate nothing once warm. The frame's coverage and
        // the fills' are the thread's kept ones (`RectangleRunsCache`).
        let pool = walk.pool
        var spare = pool.takeRunMask(over: .empty)
        var drawn = pool.takeRunMask(over: drawArea)
        defer { pool.keepRunMask(spare) }
        guard let frame = pool.rectangleRuns.coverage(ofRect: walk.states.bounds(of: mask),
                                                      transform: m.concatenating(walk.states.transformToParent(of: mask)), clip: area,
                                                      for: RectangleRunsCache.Slot(layer: mask, isFrame: true)) else {
            pool.keepRunMask(drawn)
            return nil
        }
        let work = walk.work
        var dirty = PixelRect.empty
        guard try drawRuns(mask, parent: m, opacity: 1, into: &drawn, spare: &spare, dirty: &dirty, walk: &walk) else {
            // Back to the walk before this try: the bytes' route charges the layers again.
            walk.work = work
            pool.keepRunMask(drawn)
            return nil
        }
        let r = frame.rect.intersection(dirty)
        guard !r.isEmpty else {
            pool.keepRunMask(drawn)
            return nothing
        }
        guard drawn.combine(with: frame, using: &spare, { a, f in Int(mulDiv255(UInt32(f), UInt32(a))) }) else {
            walk.work = work
            pool.keepRunMask(drawn)
            return nil
        }
        drawn.rect = r
        return drawn
    }

    /// The most layers a mask of runs is drawn from: each fill is composited over all the
    /// runs so far, so a mask of many more tiles is left to the bytes' route.
    static let maxRunLayers = 256

    /// True when every fill a mask's subtree can hand out is a plain rectangle, as far as
    /// its layers say (a background without corners, a shape's fill of straight lines
    /// without a stroke, nothing of text), and it has at most `maxRunLayers` visible
    /// layers: worth trying as runs.
    private func hasRectangleFillsOnly(_ id: LayerID, _ walk: LayerWalk) -> Bool {
        var layers = 0
        return hasRectangleFillsOnly(id, walk, depth: 0, layers: &layers)
    }

    private func hasRectangleFillsOnly(_ id: LayerID, _ walk: LayerWalk, depth: Int, layers: inout Int) -> Bool {
        guard isVisible(id, walk) else { return true }
        layers += 1
        guard depth < Renderer.maxDepth, layers <= Renderer.maxRunLayers else { return false }
        let s = walk.states.pointer(to: id)
        let own: Bool = {
            if s.pointee.background.alpha > 0, s.pointee.cornerRadius > 0 { return false }
            switch s.pointee.kind {
            case .plain, .grid: return true
            case .shape: return s.pointee.stroke == nil && (s.pointee.fill == nil || Renderer.isPolygon(s.pointee.path, atMost: 5))
            case .text, .gradient: return false
            }
        }()
        guard own else { return false }
        return withSublayers(of: id, walk) { children in
            children.allSatisfy { hasRectangleFillsOnly($0, walk, depth: depth + 1, layers: &layers) }
        }
    }

    /// True when a path is straight lines only, with at most `points` points.
    private static func isPolygon(_ path: Path, atMost points: Int) -> Bool {
        guard path.elements.count <= points + 1 else { return false }
        return path.elements.allSatisfy {
            switch $0 {
            case .move, .line, .close: return true
            case .quad, .cubic: return false
            }
        }
    }

    /// Draws a layer and its sublayers as `drawAlpha` does, into a mask of runs; `dirty`
    /// grows as the alpha surface's would. False, part way, when a fill is not a
    /// rectangle or the runs grow past `RunMask.maxRuns`.
    /// - Parameter spare: the merges' spare tables, reused fill after fill.
    private func drawRuns(_ id: LayerID, parent: Transform, opacity inherited: Double, into drawn: inout RunMask,
                          spare: inout RunMask, dirty: inout PixelRect, walk: inout LayerWalk) throws -> Bool {
        guard let (state, m) = try enter(id, parent: parent, walk: &walk) else { return true }
        defer { walk.stack.removeLast() }
        let opacity = state.pointee.opacity * inherited
        /// Draws a fill of `coverage`; false when the runs grow too many.
        func fill(_ coverage: RunMask, _ color: PremultipliedColor) -> Bool {
            let k = Surface.byte(opacity)
            guard !coverage.rect.isEmpty, k > 0 else { return true }
            dirty = dirty.union(coverage.rect.intersection(drawn.rect))
            return drawn.fill(coverage, alpha: UInt32(color.rgba8.3), opacity: k, using: &spare)
        }
        // `forEachFill`'s fills of such a layer, in its order: the background (its
        // rectangle's coverage without a path, the thread's kept one), a shape's fill.
        if state.pointee.background.alpha > 0 {
            guard let coverage = walk.pool.rectangleRuns.coverage(ofRect: walk.states.bounds(of: id), transform: m, clip: drawn.rect,
                                                                  for: RectangleRunsCache.Slot(layer: id, isFrame: false)),
                  fill(coverage, state.pointee.background.premultiplied()) else { return false }
        }
        if state.pointee.kind == .shape, let color = state.pointee.fill {
            guard let coverage = RunMask(coverageOf: state.pointee.path, transform: m, clip: drawn.rect),
                  fill(coverage, color.premultiplied()) else { return false }
        }
        for child in visibleSublayers(of: id, walk) {
            guard try drawRuns(child, parent: m, opacity: opacity, into: &drawn, spare: &spare, dirty: &dirty, walk: &walk) else { return false }
        }
        return true
    }
}

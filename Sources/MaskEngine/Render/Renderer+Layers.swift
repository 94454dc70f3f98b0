// MARK: - The layer tree

extension Renderer {
    /// True when a layer draws at all in the walk's tree: it has joined the tree, is not
    /// hidden, and is not fully transparent.
    func isVisible(_ id: LayerID, _ walk: LayerWalk) -> Bool {
        guard walk.states.contains(id) else { return false }
        return !walk.states[id].hidden && walk.states[id].opacity > 0 && (walk.tree?.hasJoined(id) ?? true)
    }

    /// Starts drawing a layer: nil when it draws nothing (not visible, or a transform that
    /// is not finite); otherwise where its state lies in the walk's states (read in place,
    /// not copied) and its transform to device pixels, with the layer pushed on the walk's
    /// stack, which the caller pops when done.
    /// - Throws: `RenderError.maskCycle` when the layer is already being drawn,
    ///   `.nestingTooDeep` past `maxDepth`.
    func enter(_ id: LayerID, parent: Transform, walk: inout LayerWalk) throws -> (UnsafePointer<LayerState>, Transform)? {
        guard isVisible(id, walk) else { return nil }
        if walk.stack.contains(id) { throw RenderError.maskCycle(name(of: id)) }
        guard walk.stack.count < Renderer.maxDepth else { throw RenderError.nestingTooDeep(name(of: id)) }
        let state = walk.states.pointer(to: id)
        let m = parent.concatenating(walk.states.transformToParent(of: id))
        guard m.isFinite else { return nil }
        try charge(id, state, transform: m, walk: &walk)
        walk.stack.append(id)
        return (state, m)
    }

    /// Counts a layer's work against the budget: the canvas pixels its bounds (and a
    /// shape's path) cover, and `RenderBudget.layerOverhead`; and checks that the buffers
    /// in use are still within it.
    /// - Throws: `RenderError.tooMuchWork` or `.tooMuchMemory`, naming the layer.
    /// The state is passed where it lies: a throwing call handed the state itself is
    /// handed a copy.
    func charge(_ id: LayerID, _ state: UnsafePointer<LayerState>, transform m: Transform, walk: inout LayerWalk) throws {
        let canvas = PixelRect(x0: 0, y0: 0, x1: scene.canvas.width, y1: scene.canvas.height)
        var covered = PixelRect(covering: walk.states.bounds(of: id), transform: m).intersection(canvas)
        if state.pointee.kind == .shape, let path = state.pointee.path.controlBounds {
            covered = covered.union(PixelRect(covering: path, transform: m).intersection(canvas))
        }
        try charge(id, pixels: covered.width * covered.height, walk: &walk)
    }

    /// `charge(_:_:transform:walk:)` for a layer whose bounds (and path) cover `pixels`
    /// canvas pixels, worked out before (`GridRunsCache` keeps them with the tiles' runs).
    func charge(_ id: LayerID, pixels: Int, walk: inout LayerWalk) throws {
        let (sum, overflow) = walk.work.addingReportingOverflow(pixels + RenderBudget.layerOverhead)
        walk.work = overflow ? .max : sum
        guard walk.work <= walk.budget.work else { throw RenderError.tooMuchWork(layer: name(of: id), limit: walk.budget.work) }
        try reserve(0, for: id, walk: walk)
        try walk.pool.stop.spend(pixels + RenderBudget.layerOverhead)
    }

    /// Checks that `bytes` more of buffers keep the frame within its budget.
    /// - Throws: `RenderError.tooMuchMemory` naming the layer, and `property` when its
    ///   value sets how many bytes they are.
    func reserve(_ bytes: Int, for id: LayerID, property: PropertyKey? = nil, walk: LayerWalk) throws {
        let (total, overflow) = walk.pool.bytesInUse.addingReportingOverflow(bytes)
        guard !overflow, total <= walk.budget.bufferBytes else {
            throw RenderError.tooMuchMemory(layer: name(of: id), bytes: overflow ? .max : total, limit: walk.budget.bufferBytes,
                                            property: property)
        }
    }

    /// Draws a layer and its sublayers onto `surface`.
    /// - Parameters:
    ///   - parent: the transform from the parent's coordinates to device pixels.
    ///   - opacity: the opacity of ungrouped ancestors, multiplied into this layer's.
    func draw(_ id: LayerID, parent: Transform, opacity inherited: Double, into surface: inout Surface,
              walk: inout LayerWalk) throws {
        guard let (state, m) = try enter(id, parent: parent, walk: &walk) else { return }
        defer { walk.stack.removeLast() }
        let children = visibleSublayers(of: id, walk)
        let opacity = state.pointee.opacity * inherited
        // A mask that names no layer of the scene is ignored.
        let masks = masks(of: id, walk), masked = !masks.isEmpty

        // The parts are counted only where they decide: below full opacity, with nothing
        // else making a group (a text's count asks the thread's layouts).
        guard masked || state.pointee.clip || hasShadow(state)
            || (opacity < 1 && contentPartCount(state, texts: walk.pool.texts.layouts) + children.count + (hasBorder(state) ? 1 : 0) > 1) else {
            // One thing at most sees the opacity, or it is 1: no group needed.
            try drawContent(of: id, state, transform: m, opacity: opacity, into: &surface, pool: walk.pool)
            for child in children {
                try draw(child, parent: m, opacity: opacity, into: &surface, walk: &walk)
            }
            drawBorder(of: state, transform: m, opacity: opacity, into: &surface, pool: walk.pool)
            return
        }

        // The group: only pixels the subtree can draw and the clip and a (non-inverted) mask can let through.
        var extent = surface.rect
        if let drawn = drawnBounds(of: id, transform: m, walk: walk) { extent = extent.intersection(drawn) }
        if masked, !state.pointee.maskInvert, let bound = maskBound(masks, owner: m, walk) { extent = extent.intersection(bound) }
        guard !extent.isEmpty else { return }
        let pool = walk.pool
        if masked, !state.pointee.maskInvert, !state.pointee.clip, children.isEmpty, fillCountBound(state, texts: walk.pool.texts.layouts) == 1, !hasBorder(state), !hasShadow(state) {
            // One fill, masked: drawn straight through the mask, without a group.
            try forEachFill(of: id, state, transform: m, clip: extent, pool: pool) { coverage, paint in
                if let runs = try runMaskValues(masks, owner: m, mode: state.pointee.maskMode, extent: extent, walk: &walk) {
                    if !runs.rect.isEmpty { surface.fill(coverage, with: paint, runs: runs, opacity: opacity) }
                    // Its tables' room back to the pool for the next mask's (grown again every frame otherwise).
                    pool.keepRunMask(runs)
                    return
                }
                let cut = DrawPipeline.takesSparseMask(DrawPipeline.source(paint))
                guard var sides = try combinedMaskSides(masks, owner: m, mode: state.pointee.maskMode, extent: extent, cut: cut,
                                                        walk: &walk) else { return }
                fill(coverage, with: paint, opacity: opacity, through: &sides, onto: &surface, pool: pool)
            }
            return
        }
        extent = shadowSourceExtent(extent, state, transform: m, content: drawnBounds(of: id, transform: m, walk: walk, shadow: false))
        try reserve(extent.width * extent.height * 4, for: id, walk: walk)
        var group = try Surface(rect: extent, pool: pool)
        defer { group.recycle(into: pool) }
        try drawContent(of: id, state, transform: m, opacity: 1, into: &group, pool: pool)
        for child in children {
            try draw(child, parent: m, opacity: 1, into: &group, walk: &walk)
        }
        drawBorder(of: state, transform: m, opacity: 1, into: &group, pool: pool)
        try drawShadow(of: id, state, transform: m, under: &group, walk: &walk)
        guard !group.dirty.isEmpty else { return }
        if state.pointee.clip {
            let shape = Path.roundedRect(walk.states.bounds(of: id), radius: state.pointee.cornerRadius)
            var inside = Rasterizer.coverage(of: shape, transform: m, fillRule: .nonzero, clip: extent, pool: pool)
                ?? CoverageMask(rect: .empty, values: [])
            group.multiply(by: inside, inverted: false)
            inside.recycle(into: pool)
        }
        if masked {
            var values = try combinedMaskValues(masks, owner: m, mode: state.pointee.maskMode, extent: extent, walk: &walk)
                ?? CoverageMask(rect: .empty, values: [])
            group.multiply(by: values, inverted: state.pointee.maskInvert)
            values.recycle(into: pool)
        }
        surface.draw(group, opacity: opacity)
    }
}

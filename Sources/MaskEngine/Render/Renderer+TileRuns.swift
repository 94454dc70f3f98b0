// MARK: - Masks of tiles, as runs kept from frame to frame

extension Renderer {
    /// What `runMaskValues` answers for a mask of tiles.
    enum TileRunsAnswer {
        /// The mask is not one of tiles (or the kept entry says the walk decides): the
        /// walk's route answers, as it did.
        case walk
        /// `runMaskValues`' answer.
        case runs(RunMask?)
    }

    /// `runMaskValues` for a single alpha mask whose visible sublayers are tiles (a
    /// grid's): the mask draws nothing itself (no background, contents, border or shadow,
    /// full opacity, no mask, no clip) and each visible sublayer is a plain layer without
    /// sublayers, whose only fill is its background, without corners. Its geometry (area,
    /// drawn area, the frame's and the tiles' coverage as runs, the pixels each layer is
    /// charged) comes from the thread's `GridRunsCache`, made again only when an input
    /// changes; each frame folds the tiles' runs at their opacities as `drawRuns` does,
    /// charges the layers as `enter` does, in the same order, and cuts to the frame as
    /// `runValues` does: the same runs, the same work counted and the same errors.
    func tileRunValues(_ mask: LayerID, owner m: Transform, extent: PixelRect, walk: inout LayerWalk) throws -> TileRunsAnswer {
        guard isVisible(mask, walk), walk.stack.count &+ 2 < Renderer.maxDepth, !walk.stack.contains(mask) else { return .walk }
        let s = walk.states.pointer(to: mask)
        guard s.pointee.kind == .plain || s.pointee.kind == .grid, !(s.pointee.background.alpha > 0), s.pointee.contents == nil,
              !s.pointee.clip, s.pointee.opacity >= 1, !hasMasks(mask, walk), !hasBorder(s), !hasShadow(s) else { return .walk }
        let cache = walk.pool.gridRuns
        let i = cache.place(of: mask)
        let canvas = (width: scene.canvas.width, height: scene.canvas.height)
        let current = cache.entries[i].isFor(owner: m, extent: extent, canvas: canvas, mask: GridRunsCache.Placement(s))
        switch tileSublayers(of: mask, keptAs: &cache.entries[i], walk) {
        case .notTiles: return .walk
        case .same where current: break
        case .visibility where current:
            makeTileRuns(mask, owner: m, extent: extent, canvas: canvas, keepingTiles: true, in: &cache.entries[i], walk)
        case .same, .visibility, .changed:
            makeTileRuns(mask, owner: m, extent: extent, canvas: canvas, keepingTiles: false, in: &cache.entries[i], walk)
        }
        guard cache.entries[i].usable else { return .walk }
        let nothing = RunMask(zeroOver: .empty)
        let area = cache.entries[i].area, drawArea = cache.entries[i].drawArea
        guard !area.isEmpty, !drawArea.isEmpty else { return .runs(nothing) }
        // `runMaskValues`' reserve: a mask with visible sublayers is not one fill.
        if !cache.entries[i].tiles.isEmpty { try reserve(drawArea.width * drawArea.height, for: mask, walk: walk) }
        let pool = walk.pool
        // The merges' spare tables, when there are merges: tiles that meet, a frame not full.
        let merges = !(cache.entries[i].isApart && cache.entries[i].frameIsFull)
        var spare = merges ? pool.takeRunMask(over: .empty) : RunMask(zeroOver: .empty)
        var drawn = pool.takeRunMask(over: drawArea)
        defer { if merges { pool.keepRunMask(spare) } }
        let work = walk.work
        try charge(mask, pixels: cache.entries[i].maskPixels, walk: &walk)
        // What `drawRuns` hands the tiles: the mask's opacity (times the 1 it inherits).
        let opacity = s.pointee.opacity
        var dirty = PixelRect.empty
        let isApart = cache.entries[i].isApart
        // The tiles read where they lie (a copy of one retains its runs' tables); each
        // one's opacity as a byte, 0 where it is not drawn.
        let folded = try cache.entries[i].tiles.withUnsafeBufferPointer { tiles in
            try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: tiles.count) { weights in
                for n in tiles.indices {
                    try charge(tiles[n].id, pixels: tiles[n].pixels, walk: &walk)
                    let k = Surface.byte(walk.states.pointer(to: tiles[n].id).pointee.opacity * opacity)
                    weights[n] = k
                    guard !tiles[n].coverage.rect.isEmpty, k > 0 else { continue }
                    dirty = dirty.union(tiles[n].coverage.rect.intersection(drawn.rect))
                    if !isApart {
                        guard drawn.fill(tiles[n].coverage, alpha: tiles[n].alpha, opacity: k, using: &spare) else { return false }
                    }
                }
                // Tiles apart: each value is its tile's fill over 0, `RunMask.fill`'s `s`.
                if isApart, !dirty.isEmpty {
                    drawn.setValues(of: cache.entries[i].apart) { tagged in
                        let n = (tagged &>> 8) &- 1
                        return Int(mulDiv255(tiles[n].alpha, UInt32(mulDiv255(UInt32(tagged & 255), weights[n]))))
                    }
                }
                return true
            }
        }
        guard folded else {
            walk.work = work
            pool.keepRunMask(drawn)
            return .runs(nil)
        }
        let r = cache.entries[i].frame.rect.intersection(dirty)
        guard !r.isEmpty else {
            pool.keepRunMask(drawn)
            return .runs(nothing)
        }
        // A frame of 255 over the whole drawn area leaves every value as it is.
        if !cache.entries[i].frameIsFull,
           !drawn.combine(with: cache.entries[i].frame, using: &spare, { a, f in Int(mulDiv255(UInt32(f), UInt32(a))) }) {
            walk.work = work
            pool.keepRunMask(drawn)
            return .runs(nil)
        }
        drawn.rect = r
        return .runs(drawn)
    }

    /// Makes `merged` the tiles' runs, each run's value tagged with its tile
    /// (`Entry.apart`); false when two tiles' runs meet (or past `RunMask.maxRuns`).
    private func tilesApart(_ tiles: [GridRunsCache.Tile], over drawArea: PixelRect, into merged: inout RunMask) -> Bool {
        merged.reset(over: drawArea)
        var spare = RunMask(zeroOver: .empty)
        var apart = true
        for n in tiles.indices where !tiles[n].coverage.rect.isEmpty {
            let tag = (n &+ 1) &<< 8
            let made = merged.combine(with: tiles[n].coverage, using: &spare) { d, c in
                if d != 0, c != 0 { apart = false }
                return c == 0 ? d : tag | c
            }
            guard made, apart else { return false }
        }
        return true
    }

    /// What `tileSublayers` finds of a mask's sublayers.
    private enum TileSublayers {
        /// A visible sublayer is not a tile (or there are too many).
        case notTiles
        /// Tiles, placed and visible as the entry holds them.
        case same
        /// Tiles placed as the entry holds them, but other ones visible.
        case visibility
        /// Tiles, but not as the entry holds them.
        case changed
    }

    /// Whether every visible sublayer of `mask` is a tile (`isTile`), and whether the
    /// sublayers are those of `entry`, placed alike, and visible alike.
    private func tileSublayers(of mask: LayerID, keptAs entry: inout GridRunsCache.Entry, _ walk: LayerWalk) -> TileSublayers {
        withSublayers(of: mask, walk) { children in
            guard children.count < Renderer.maxRunLayers else { return .notTiles }
            var placed = children.count == entry.sublayers.count, visibleAlike = true
            for n in children.indices {
                let child = children[n]
                let visible = isVisible(child, walk)
                if visible, !isTile(child, walk) { return .notTiles }
                if placed {
                    placed = entry.sublayers[n].id == child && entry.sublayers[n].placement == GridRunsCache.Placement(walk.states.pointer(to: child))
                    visibleAlike = visibleAlike && entry.sublayers[n].visible == visible
                }
            }
            return !placed ? .changed : visibleAlike ? .same : .visibility
        }
    }

    /// True when a visible sublayer of a mask of tiles is a tile: a plain layer (or a grid)
    /// without sublayers, mask, clip, contents, border or shadow, whose background has no
    /// corners, that `drawsAlphaOnly` and `hasRectangleFillsOnly` accept and that is not
    /// being drawn.
    private func isTile(_ id: LayerID, _ walk: LayerWalk) -> Bool {
        let t = walk.states.pointer(to: id)
        return (t.pointee.kind == .plain || t.pointee.kind == .grid) && t.pointee.contents == nil && !t.pointee.clip
            && !(t.pointee.background.alpha > 0 && t.pointee.cornerRadius > 0) && !hasMasks(id, walk) && !hasBorder(t) && !hasShadow(t)
            && (t.pointee.opacity >= 1 || contentPartCount(t, texts: walk.pool.texts.layouts) <= 1)
            && withSublayers(of: id, walk, { $0.isEmpty }) && !walk.stack.contains(id)
    }

    /// Makes `entry` for these inputs as the walk works them out: `maskFrame`,
    /// `maskDrawArea`, the frame's and each visible tile's coverage as
    /// `RectangleRunsCache` makes it, in drawing order, and the pixels `charge` counts.
    /// With `keepingTiles` (the inputs are the entry's but for which sublayers are
    /// visible: a tile faded out), the frame and the tiles the entry holds are kept when
    /// the drawn area, their clip, is the same.
    private func makeTileRuns(_ mask: LayerID, owner m: Transform, extent: PixelRect, canvas: (width: Int, height: Int),
                              keepingTiles: Bool, in entry: inout GridRunsCache.Entry, _ walk: LayerWalk) {
        let whole = PixelRect(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height)
        /// What `charge` counts for a layer covering `r` of the canvas.
        func pixels(_ r: PixelRect) -> Int { r.width * r.height }
        entry.made = true
        entry.owner = m
        entry.extent = extent
        entry.canvas = canvas
        entry.mask = GridRunsCache.Placement(walk.states.pointer(to: mask))
        entry.sublayers = withSublayers(of: mask, walk) { children in
            children.map { GridRunsCache.Sublayer(id: $0, visible: isVisible($0, walk), placement: GridRunsCache.Placement(walk.states.pointer(to: $0))) }
        }
        let area = maskFrame(mask, owner: m, walk).intersection(extent)
        let drawArea = area.isEmpty ? PixelRect.empty : maskDrawArea(mask, owner: m, within: area, walk)
        // A usable entry's frame is made and its tiles' transforms finite.
        let kept = keepingTiles && entry.usable && area == entry.area && drawArea == entry.drawArea ? entry.tiles : []
        entry.tiles = []
        entry.area = area
        entry.drawArea = drawArea
        let mm = m.concatenating(walk.states.transformToParent(of: mask))
        if kept.isEmpty {
            entry.usable = false
            guard mm.isFinite else { return }
            let bounds = walk.states.bounds(of: mask)
            entry.maskPixels = pixels(PixelRect(covering: bounds, transform: mm).intersection(whole))
            guard entry.frame.setCoverage(ofRect: bounds, transform: mm, clip: entry.area) else { return }
            entry.frameIsFull = entry.frame.isFull(over: entry.drawArea)
        }
        entry.usable = false
        for id in visibleSublayers(of: mask, walk) {
            if let tile = kept.first(where: { $0.id == id }) {
                entry.tiles.append(tile)
                continue
            }
            let t = mm.concatenating(walk.states.transformToParent(of: id))
            guard t.isFinite else { return }
            let state = walk.states.pointer(to: id)
            var coverage = RunMask(zeroOver: .empty)
            if state.pointee.background.alpha > 0 {
                guard coverage.setCoverage(ofRect: walk.states.bounds(of: id), transform: t, clip: entry.drawArea) else { return }
            }
            entry.tiles.append(GridRunsCache.Tile(id: id, pixels: pixels(PixelRect(covering: walk.states.bounds(of: id), transform: t).intersection(whole)),
                                                  alpha: UInt32(state.pointee.background.premultiplied().rgba8.3), coverage: coverage))
        }
        entry.isApart = tilesApart(entry.tiles, over: entry.drawArea, into: &entry.apart)
        entry.usable = true
    }
}

// MARK: - The layer tree

extension LottieBuilder {
    /// The states of one layer over a composition's frames.
    func track(_ id: LayerID, _ frames: Range<Int>) -> [LayerState] {
        frames.map { states[$0][id.index] }
    }

    /// The index of the null layer carrying `id`'s transform in `comp`, made (with its
    /// ancestors') on first use.
    func null(for id: LayerID, in comp: inout LottieComposition) throws(LottieExportError) -> Int {
        var parent: Int?
        for a in try ancestry(of: id) {
            if let existing = comp.nulls[a] {
                parent = existing
                continue
            }
            let transform = LottieTransforms.of(track(a, comp.frames), firstFrame: comp.frames.lowerBound)
            parent = comp.addNull(for: a, name: name(of: a) + " transform", parent: parent, transform: transform)
        }
        guard let parent else { throw .sampling("layer `\(name(of: id))` has no transform") }
        return parent
    }

    /// Draws a layer and its sublayers into `comp`, as `Renderer.draw` does.
    /// - Parameters:
    ///   - inherited: the opacity of ungrouped ancestors at each frame of `comp`.
    ///   - asMask: drawn as a mask (its own place in the tree does not matter).
    ///   - stack: the layers being drawn, outermost first (for cycles and depth).
    mutating func emit(_ id: LayerID, into comp: inout LottieComposition, inherited: [Double], asMask: Bool,
                       stack: [LayerID]) throws(LottieExportError) {
        if stack.contains(id) { throw .maskCycle(described(id)) }
        guard stack.count < Renderer.maxDepth else { throw .nestingTooDeep(described(id)) }
        let frames = comp.frames, k0 = frames.lowerBound
        let layerStates = track(id, frames)
        var opacity: [Double] = []
        for (n, k) in frames.enumerated() {
            opacity.append(visibility(id, k, asMask: asMask) * layerStates[n].opacity * inherited[n])
        }
        // Nothing of it shows during these frames.
        guard opacity.contains(where: { $0 > 0 }) else { return }
        let first = states[k0][id.index]
        let children = renderer.drawingOrder(scene.node(id).children, states[k0])
        let masks = first.masks.filter { states[k0].indices.contains($0.index) }
        // One mask exports as before; a lone subtract is one inverted.
        let loneSubtract = isLoneSubtract(masks, frames: frames)
        let mask = isSingleMask(masks, frames: frames) || loneSubtract ? masks.first : nil
        var owner = first
        if loneSubtract { owner.maskInvert.toggle() }
        var needsGroup = !masks.isEmpty || first.clip
        if !needsGroup {
            for (n, k) in frames.enumerated() where opacity[n] < 1 {
                let shown = children.filter { visibility($0, k, asMask: false) > 0 && states[k][$0.index].opacity > 0 }
                if renderer.contentPartCount(layerStates[n]) + shown.count > 1 { needsGroup = true; break }
            }
        }
        let inside = stack + [id]
        if let mask, !loneSubtract, let fused = try fusedGradientMask(id, mask, frames: frames) {
            let parent = try null(for: id, in: &comp)
            comp.add(comp.layer(type: 4, name: name(of: id) + " through " + name(of: mask), parent: parent,
                                transform: LottieTransforms.identity(k0, opacity: opacity.map { $0 * 100 }),
                                extra: [("hasMask", .bool(true)), ("masksProperties", .array([fused.frame])),
                                        ("shapes", .array(fused.shapes))]))
            return
        }
        guard needsGroup else {
            try emitContent(id, into: &comp, opacity: opacity)
            for child in children {
                try emit(child, into: &comp, inherited: opacity, asMask: false, stack: inside)
            }
            return
        }
        // The group: drawn at full opacity in its own composition, then composited.
        let ones = [Double](repeating: 1, count: frames.count)
        var group = LottieComposition(frames: frames)
        try emitContent(id, into: &group, opacity: ones)
        for child in children {
            try emit(child, into: &group, inherited: ones, asMask: false, stack: inside)
        }
        let shared = precomposition(group)
        var clipMask: LottieJSON?
        if first.clip {
            var outlines: [Path] = []
            for (n, k) in frames.enumerated() {
                let s = layerStates[n]
                outlines.append(LottieShapes.transformed(.roundedRect(s.bounds, radius: s.cornerRadius),
                                                         try deviceTransform(id, k)))
            }
            clipMask = try maskItem(outlines, opacity: [1], mode: "a", inverted: false, firstFrame: k0, layer: id)
        }
        func add(_ masks: [LottieJSON], opacity: [Double], matte: Bool, into comp: inout LottieComposition) {
            var extra = shared
            // The clip comes last: it intersects whatever the mask let through.
            let all = masks + (clipMask.map { [masks.isEmpty ? $0 : LottieBuilder.intersecting($0)] } ?? [])
            if !all.isEmpty { extra += [("hasMask", .bool(true)), ("masksProperties", .array(all))] }
            if matte { extra.append(("tt", .number(Double(LottieBuilder.matteType(owner))))) }
            comp.add(comp.layer(type: 0, name: name(of: id), parent: nil,
                                transform: LottieTransforms.identity(k0, opacity: opacity.map { $0 * 100 }), extra: extra))
        }
        guard let mask else {
            // Several masks, or one with a mode, feather or expansion: mask paths or an error.
            let combined = masks.isEmpty ? (items: [], shows: opacity.map { _ in 1.0 }) : try combinedMaskItems(masks, of: id, frames: frames)
            add(combined.items, opacity: zip(opacity, combined.shows).map { $0 * $1 }, matte: false, into: &comp)
            return
        }
        if let simple = try simpleMask(mask, of: first, frames: frames),
           let masks = try maskPathLayers(simple, mask: mask, of: id, opacity: opacity, invert: owner.maskInvert, frames: frames) {
            for (items, alpha) in masks {
                add(items, opacity: zip(opacity, alpha).map { $0 * $1 }, matte: false, into: &comp)
            }
            return
        }
        add([], opacity: opacity, matte: true, into: &comp)
        try emitMatte(mask, into: &comp, stack: inside)
    }

    /// A mask entry made to intersect with those before it.
    static func intersecting(_ mask: LottieJSON) -> LottieJSON {
        guard case .object(let members) = mask else { return mask }
        return .object(members.map { $0.0 == "mode" ? ("mode", .string("i")) : $0 })
    }

    /// Lottie's track matte type: 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    static func matteType(_ s: LayerState) -> Int {
        switch s.maskMode {
        case .alpha: return s.maskInvert ? 2 : 1
        case .luminance: return s.maskInvert ? 4 : 3
        }
    }

    /// The matte layer for a mask: the mask's whole subtree drawn in its owner's
    /// coordinates in a precomposition, cut to the mask's frame by a mask path (so an
    /// inverted matte lets everything through outside the frame, as the renderer's does)
    /// unless all it draws lies inside the frame anyway (`drawsInsideFrame`): ThorVG
    /// draws a matte layer that has mask paths as nothing.
    mutating func emitMatte(_ mask: LayerID, into comp: inout LottieComposition, stack: [LayerID]) throws(LottieExportError) {
        let frames = comp.frames, k0 = frames.lowerBound
        var matte = LottieComposition(frames: frames)
        try emit(mask, into: &matte, inherited: [Double](repeating: 1, count: frames.count), asMask: true, stack: stack)
        var extra = precomposition(matte)
        if !drawsInsideFrame(mask, frames: frames) {
            var frameOutlines: [Path] = []
            for k in frames {
                frameOutlines.append(LottieShapes.transformed(.rect(states[k][mask.index].bounds), try deviceTransform(mask, k)))
            }
            let cut = try maskItem(frameOutlines, opacity: [1], mode: "a", inverted: false, firstFrame: k0, layer: mask)
            extra += [("hasMask", .bool(true)), ("masksProperties", .array([cut]))]
        }
        extra.append(("td", .number(1)))
        comp.add(comp.layer(type: 0, name: name(of: mask) + " matte", parent: nil,
                            transform: LottieTransforms.identity(k0, opacity: [100]), extra: extra))
    }

    /// True when everything `mask` draws lies inside its bounds at every frame: it has
    /// no sublayers, and is a plain or gradient layer (whose background and gradient fill
    /// the bounds) with no image placed beyond them. Shapes and text may draw outside.
    func drawsInsideFrame(_ mask: LayerID, frames: Range<Int>) -> Bool {
        guard scene.node(mask).children.isEmpty else { return false }
        for k in frames {
            let s = states[k][mask.index]
            guard s.kind == .plain || s.kind == .gradient else { return false }
            if let image = s.contents {
                let drawn = s.gravity.rect(for: Size(Double(image.width), Double(image.height)), in: s.bounds)
                guard s.bounds.union(drawn) == s.bounds else { return false }
            }
        }
        return true
    }

    /// Stores a composition as an asset; returns the members of a precomposition layer
    /// showing it, canvas-sized (a precomposition clips to its size: the canvas is all
    /// that shows anyway).
    mutating func precomposition(_ comp: LottieComposition) -> [(String, LottieJSON)] {
        let id = "comp_\(compositionCount)"
        compositionCount += 1
        assets.append(.object([("id", .string(id)), ("nm", .string(id)), ("fr", .number(scene.canvas.fps)),
                               ("layers", .array(comp.lottieLayers))]))
        return [("refId", .string(id)), ("w", .number(Double(scene.canvas.width))),
                ("h", .number(Double(scene.canvas.height)))]
    }

}

// MARK: - Simple masks as mask paths

extension LottieBuilder {
    /// One filled outline of a simple mask: its path at each frame (canvas coordinates)
    /// and how much it lets through.
    struct MaskElement {
        var outlines: [Path] = []
        var alpha: [Double] = []
    }

    /// A mask drawn only of solid fills, as outlines in canvas coordinates.
    struct SimpleMask {
        /// The filled outlines.
        var elements: [MaskElement]
        /// For each frame, true when some outlines overlap there (by their boxes).
        var overlaps: [Bool]
        /// True when every outline lies within the mask's frame at every frame, so the
        /// cut to the frame changes nothing.
        var insideFrame: Bool
    }

    /// A mask drawn only of solid fills (backgrounds, filled shapes and images whose alpha
    /// `LottieAlphaTrace` turns into outlines; no gradients, text, strokes, clips, nested
    /// masks or opacity groups): it can be drawn
    /// with Lottie mask paths, which players draw exactly where track mattes darken in
    /// rlottie (where outlines overlap, only under the conditions of `maskPathLayers`).
    /// Nil when the mask is not that simple, or in luminance mode.
    func simpleMask(_ mask: LayerID, of owner: LayerState, frames: Range<Int>) throws(LottieExportError) -> SimpleMask? {
        guard owner.maskMode == .alpha else { return nil }
        var elements: [MaskElement] = []
        // Depth-first over the mask's subtree with an explicit stack, bounded like the renderer.
        var pending: [(id: LayerID, depth: Int)] = [(mask, 0)]
        while let (id, depth) = pending.popLast() {
            guard depth < Renderer.maxDepth else { throw .nestingTooDeep(described(id)) }
            let first = states[frames.lowerBound][id.index]
            guard first.mask == nil, !first.clip else { return nil }
            var shapes: [(path: (LayerState) -> Path, alpha: (LayerState) -> Double)] = []
            shapes.append(({ Path.roundedRect($0.bounds, radius: $0.cornerRadius) }, { $0.background.alpha }))
            if let image = first.contents {
                // A hard-edged image alpha, as its traced outlines placed where the image draws.
                guard let loops = LottieAlphaTrace.outlines(of: image),
                      try imageStaysTraceable(id, image, frames: frames) else { return nil }
                for loop in loops {
                    shapes.append(({ LottieShapes.transformed(.polygon(loop), LottieBuilder.imagePlacement(image, $0)) }, { _ in 1 }))
                }
            }
            switch first.kind {
            case .plain, .grid: break
            case .shape:
                guard first.stroke == nil, first.fillRule == .nonzero else { return nil }
                if first.fill != nil { shapes.append(({ $0.path }, { $0.fill?.alpha ?? 0 })) }
            case .gradient:
                guard first.colors.isEmpty else { return nil }
            case .text:
                guard first.string.isEmpty else { return nil }
            }
            let children = scene.node(id).children
            var made = shapes.map { _ in MaskElement() }
            for k in frames {
                let s = states[k][id.index]
                let opacity = try drawnOpacity(id, k, mask: mask)
                let parts = renderer.contentPartCount(s)
                    + children.filter { visibility($0, k, asMask: false) > 0 && states[k][$0.index].opacity > 0 }.count
                // An opacity over several parts groups them in the renderer: not a union.
                if s.opacity < 1 && parts > 1 && opacity > 0 { return nil }
                let m = try deviceTransform(id, k)
                for (j, shape) in shapes.enumerated() {
                    made[j].outlines.append(LottieShapes.transformed(shape.path(s), m))
                    made[j].alpha.append(shape.alpha(s) * opacity)
                }
            }
            elements += made.filter { $0.alpha.contains { $0 > 0 } }
            for child in renderer.drawingOrder(children, states[frames.lowerBound]).reversed() {
                pending.append((child, depth + 1))
            }
        }
        var insideFrame = true
        var overlaps: [Bool] = []
        for (n, k) in frames.enumerated() {
            let boxes = elements.compactMap { $0.outlines[n].controlBounds }
            var overlapping = false
            for i in boxes.indices where !overlapping {
                for j in boxes.indices where j > i {
                    let overlap = boxes[i].intersection(boxes[j])
                    if overlap.width > 1e-9 && overlap.height > 1e-9 { overlapping = true; break }
                }
            }
            overlaps.append(overlapping)
            // In the mask's own coordinates, where its frame is a rectangle however it turns.
            guard insideFrame, let back = try deviceTransform(mask, k).inverted else { insideFrame = false; continue }
            let slack = states[k][mask.index].bounds.insetBy(dx: -1e-6, dy: -1e-6)
            for element in elements where insideFrame {
                if let box = LottieShapes.transformed(element.outlines[n], back).controlBounds, slack.union(box) != slack {
                    insideFrame = false
                }
            }
        }
        return SimpleMask(elements: elements, overlaps: overlaps, insideFrame: insideFrame)
    }

    /// True when layer `id` shows `image` at every frame, drawn at about its own pixel size
    /// (`LottieAlphaTrace.drawsNearNativeSize`), so its traced outlines stand for it.
    func imageStaysTraceable(_ id: LayerID, _ image: Image, frames: Range<Int>) throws(LottieExportError) -> Bool {
        for k in frames {
            let s = states[k][id.index]
            guard s.contents == image else { return false }
            let m = try deviceTransform(id, k).concatenating(LottieBuilder.imagePlacement(image, s))
            guard LottieAlphaTrace.drawsNearNativeSize(m) else { return false }
        }
        return true
    }

    /// Image pixel coordinates → layer coordinates, where a layer draws its contents image.
    static func imagePlacement(_ image: Image, _ s: LayerState) -> Transform {
        let place = s.gravity.rect(for: Size(Double(image.width), Double(image.height)), in: s.bounds)
        return Transform.translation(place.minX, place.minY)
            .concatenating(.scale(place.width / Double(image.width), place.height / Double(image.height)))
    }

    /// The opacity a layer of a mask's subtree is drawn with at frame `k`: its own times
    /// its ancestors' up to the mask, 0 while it or one of them does not draw.
    func drawnOpacity(_ id: LayerID, _ k: Int, mask: LayerID) throws(LottieExportError) -> Double {
        var opacity = 1.0
        var cursor: LayerID? = id
        var steps = 0
        while let c = cursor {
            guard steps <= Renderer.maxDepth else { throw .nestingTooDeep(described(id)) }
            opacity *= visibility(c, k, asMask: c == mask) * states[k][c.index].opacity
            if c == mask { break }
            cursor = scene.node(c).parent
            steps += 1
        }
        return opacity
    }

    /// One entry of `masksProperties`: a path over frames, its opacity (0...1) per frame.
    func maskItem(_ outlines: [Path], opacity: [Double], mode: String, inverted: Bool, firstFrame k0: Int,
                  layer: LayerID) throws(LottieExportError) -> LottieJSON {
        guard let shape = try LottieShapes.shapeProperties(outlines, firstFrame: k0, layer: name(of: layer)).first else {
            throw .unsupported(feature: "a mask outline of several subpaths", layer: described(layer), property: nil)
        }
        return .object([
            ("inv", .bool(inverted)), ("mode", .string(mode)), ("pt", shape),
            ("o", LottieTrack.scalar(k0, opacity.map { $0 * 100 }, tolerance: 0.01)),
            ("x", LottieTrack.scalar(k0, [0])), ("nm", .string(name(of: layer))),
        ])
    }
}

extension LottieBuilder {
    /// The precomposition layers that draw a group through a simple mask, each with its
    /// mask paths and the opacity (0...1 per frame) it adds; nil when mask paths cannot
    /// express it (an inverted mask whose outlines leave its frame or overlap, or
    /// overlapping outlines over a group that `piecesUnite` refuses).
    ///
    /// rlottie 0.2 unites added mask paths wrongly where they share scanlines (only the
    /// last one shows there), so a mask is never a stack of additions: an ordinary mask
    /// draws the group once per outline, each through that one outline cut to the frame,
    /// with the outline's alpha as the mask path's opacity (rlottie applies a
    /// precomposition's layer opacity over a mask path wrongly); a zero-area outline,
    /// which rlottie would ignore, hides its layer, and so does one letting nothing
    /// through (rlottie's blend of nothing still darkens what is under it by a level). Where outlines do not overlap the
    /// pieces add up to the union; where they do, drawing the group once through each
    /// (`a`, then `b` over it) gives `a + b - ab` of it, the union the renderer draws the
    /// mask's fills to, as long as the group is opaque or clear at every pixel there and
    /// drawn at full opacity (`piecesUnite`). An inverted mask draws the group once,
    /// minus every outline (subtraction has no such fault).
    func maskPathLayers(_ simple: SimpleMask, mask: LayerID, of owner: LayerID, opacity: [Double], invert: Bool,
                        frames: Range<Int>) throws(LottieExportError) -> [(masks: [LottieJSON], alpha: [Double])]? {
        let k0 = frames.lowerBound
        if simple.overlaps.contains(true) {
            guard !invert, piecesUnite(owner, opacity: opacity, overlaps: simple.overlaps, frames: frames) else { return nil }
        }
        if invert {
            guard simple.insideFrame else { return nil }
            let w = Double(scene.canvas.width), h = Double(scene.canvas.height)
            let whole: [Path] = [.rect(Rect(-1, -1, w + 2, h + 2))]
            var masks = [try maskItem(whole, opacity: [1], mode: "a", inverted: false, firstFrame: k0, layer: mask)]
            for element in simple.elements {
                masks.append(try maskItem(element.outlines, opacity: element.alpha, mode: "s", inverted: false,
                                          firstFrame: k0, layer: mask))
            }
            return [(masks, [Double](repeating: 1, count: frames.count))]
        }
        var frameOutlines: [Path] = []
        for k in frames {
            frameOutlines.append(LottieShapes.transformed(.rect(states[k][mask.index].bounds), try deviceTransform(mask, k)))
        }
        var result: [(masks: [LottieJSON], alpha: [Double])] = []
        for element in simple.elements {
            let shows = zip(element.outlines, element.alpha).map { outline, alpha -> Double in
                guard alpha > 0, let box = outline.controlBounds, box.width > 1e-9, box.height > 1e-9 else { return 0 }
                return 1
            }
            var masks = [try maskItem(element.outlines, opacity: element.alpha, mode: "a", inverted: false,
                                      firstFrame: k0, layer: mask)]
            if !simple.insideFrame {
                masks.append(try maskItem(frameOutlines, opacity: [1], mode: "i", inverted: false, firstFrame: k0, layer: mask))
            }
            result.append((masks, shows))
        }
        return result
    }

    /// True when drawing `id`'s group once through each of several overlapping outlines
    /// gives what the renderer draws through their union: at every frame where outlines
    /// overlap, the group is drawn at opacity 1 (or not at all), and its pixels are
    /// opaque or clear, not between (one over another adds up as `a + b - ab` only then):
    /// a plain layer with an opaque background, no sublayers unless it clips them, and no
    /// image unless it clips it or the image is opaque. Anti-aliased edges are the one
    /// place between, as in any drawing.
    func piecesUnite(_ id: LayerID, opacity: [Double], overlaps: [Bool], frames: Range<Int>) -> Bool {
        for (n, k) in frames.enumerated() where overlaps[n] {
            let s = states[k][id.index]
            guard opacity[n] == 0 || opacity[n] == 1, s.kind == .plain, s.background.alpha == 1 else { return false }
            guard s.clip || scene.node(id).children.isEmpty else { return false }
            if let image = s.contents, !s.clip, !LottieBuilder.isOpaque(image) { return false }
        }
        return true
    }

    /// True when every pixel of `image` is opaque.
    static func isOpaque(_ image: Image) -> Bool {
        var k = 3
        let pixels = image.pixels
        while k < pixels.count {
            if pixels[k] != 255 { return false }
            k += 4
        }
        return true
    }
}

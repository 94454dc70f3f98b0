import Foundation

/// Exports a scene and its whole timeline as a Lottie animation (JSON), to be played by
/// lottie-ios, lottie-android, lottie-web, rlottie or ThorVG.
///
/// How the scene maps onto Lottie:
/// - Every layer's transform (`position`, `anchor`, `scale`, `rotation`) becomes a null
///   layer; the layer's own parts (background as a rounded rectangle, contents image,
///   gradient, shape, text as glyph outlines) are layers parented to it.
/// - Lottie's layer opacity does not reach children through parenting, so an ungrouped
///   layer's opacity is multiplied into each part below it, as the renderer does. A layer
///   that needs a group (a mask, `clip`, or an opacity over several parts) becomes a
///   precomposition in canvas coordinates whose opacity is the group's; `clip` is a mask
///   path, and a mask layer with its subtree becomes a track matte (alpha or luma,
///   inverted for `maskInvert`) cut to the mask's frame by a mask path.
/// - Values are sampled at every frame and written as keyframes where the sampled curve
///   bends (straight runs need none), so the animation is the one `mask render` draws at
///   every frame. Where the tree's structure changes (drawing order by `z`, a mask set or
///   removed, a path of another shape, a new image or string), the timeline is cut into
///   stretches, each exported with its own layers shown only during it.
///
/// Anything Lottie cannot express (a conic gradient) is an error naming the layer.
public struct LottieExporter: Sendable {
    /// The scene exported.
    public let scene: Scene

    /// An exporter of a scene.
    public init(scene: Scene) {
        self.scene = scene
    }

    /// The Lottie document.
    /// - Throws: `LottieExportError` for a feature Lottie lacks, an unbounded timeline,
    ///   a tree nested too deep, or a scene that cannot be sampled.
    public func document() throws(LottieExportError) -> LottieJSON {
        var builder = try LottieBuilder(scene: scene)
        let eases = LottieEases(scene: scene, frameCount: builder.frameCount)
        let result: Result<LottieJSON, LottieExportError> = LottieEases.$current.withValue(eases) {
            do throws(LottieExportError) { return .success(try builder.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Every reason the export would fail, all at once where they can be found without
    /// building the document (each construct Lottie lacks, once per layer), else the one
    /// building it stops at; empty when `document()` succeeds.
    public func refusals() -> [LottieExportError] {
        let builder: LottieBuilder
        do { builder = try LottieBuilder(scene: scene) } catch { return [error] }
        let found = builder.refusals()
        guard found.isEmpty else { return found }
        do { _ = try document() } catch { return [error] }
        return []
    }

    /// The Lottie document as compact UTF-8 JSON text.
    /// - Throws: what `document()` throws.
    public func data() throws(LottieExportError) -> [UInt8] {
        Array(try document().text.utf8)
    }
}

/// The frames of a scene, sampled once, and the document being assembled.
struct LottieBuilder {
    let scene: Scene
    /// Every frame's layer states.
    let states: [[LayerState]]
    /// The time of every frame.
    let times: [Double]
    /// The tree at every frame when it changes over time (layers joining later, becoming
    /// masks); nil when it is the one the layers were added in.
    let trees: [SceneTree]?
    /// Precompositions and image assets, in the order made.
    var assets: [LottieJSON] = []
    /// The id of each distinct image already embedded.
    var imageIDs: [Image: String] = [:]
    /// Counts the precompositions made, for their ids.
    var compositionCount = 0
    /// The renderer whose rules (what a group needs, drawing order) the export follows.
    let renderer: Renderer

    init(scene: Scene) throws(LottieExportError) {
        self.scene = scene
        renderer = Renderer(scene: scene)
        guard let count = scene.frameCount, count >= 1 else { throw .unboundedDuration }
        var states: [[LayerState]] = []
        var times: [Double] = []
        states.reserveCapacity(count)
        for k in 0..<count {
            let t = scene.canvas.time(ofFrame: k)
            do { states.append(try scene.states(at: t)) } catch { throw .sampling(error.description) }
            times.append(t)
        }
        self.states = states
        self.times = times
        trees = scene.treeChanges.isEmpty ? nil : times.map { scene.tree(at: $0) }
    }

    /// The number of frames.
    var frameCount: Int { states.count }

    /// The name of a layer, as its Lottie layers are named.
    func name(of id: LayerID) -> String { scene.node(id).name ?? id.description }

    /// A layer as errors name it.
    func described(_ id: LayerID) -> LayerName {
        scene.layerName(id)
    }

    mutating func document() throws(LottieExportError) -> LottieJSON {
        if let refusal = refusals().first { throw refusal }
        let canvas = scene.canvas
        var layers: [LottieJSON] = []
        var nextIndex = 1
        for segment in segments() {
            var comp = LottieComposition(frames: segment, firstIndex: nextIndex)
            for id in renderer.drawingOrder(scene.roots, states[segment.lowerBound]) {
                try emit(id, into: &comp, inherited: Array(repeating: 1, count: segment.count), asMask: false, stack: [])
            }
            layers.append(contentsOf: comp.lottieLayers)
            nextIndex = comp.nextIndex
        }
        layers.append(backgroundLayer(index: nextIndex))
        return .object([
            ("v", .string("5.7.0")), ("nm", .string("mask script")), ("ddd", .number(0)),
            ("fr", .number(canvas.fps)), ("ip", .number(0)), ("op", .number(Double(frameCount))),
            ("w", .number(Double(canvas.width))), ("h", .number(Double(canvas.height))),
            ("assets", .array(assets)), ("layers", .array(layers)),
        ])
    }

    /// What the exporter cannot express, each once per layer, in layer order: a conic
    /// gradient with colours, a border or a shadow that draws, at any frame, and layers
    /// moved in the tree after they were added.
    func refusals() -> [LottieExportError] {
        var found: [LottieExportError] = []
        var moved = Set<LayerID>()
        for change in scene.treeChanges {
            guard case .move = change.kind, moved.insert(change.layer).inserted else { continue }
            found.append(.unsupported(feature: "moving a layer in the tree (addSublayer, removeFromSuperlayer)",
                                      layer: described(change.layer), property: nil))
        }
        for id in scene.layerIDs {
            let isGradient = scene.node(id).initial.kind == .gradient
            var conic = false, border = false, shadow = false
            for frame in states {
                let s = frame[id.index]
                conic = conic || (isGradient && s.gradientType == .conic && !s.colors.isEmpty)
                border = border || (s.borderWidth > 0 && s.borderColor.alpha > 0)
                shadow = shadow || (s.shadowOpacity > 0 && s.shadowColor.alpha > 0)
            }
            if conic { found.append(.unsupported(feature: "a conic gradient", layer: described(id), property: .gradientType)) }
            if border { found.append(.unsupported(feature: "a border", layer: described(id), property: .borderWidth)) }
            if shadow { found.append(.unsupported(feature: "a shadow", layer: described(id), property: .shadowOpacity)) }
        }
        return found
    }

    /// The canvas background under everything, composited over black like the renderer's;
    /// `index` is the first not taken by the other layers.
    func backgroundLayer(index: Int) -> LottieJSON {
        let c = scene.canvas.background, w = Double(scene.canvas.width), h = Double(scene.canvas.height)
        let rect: LottieJSON = .object([
            ("ty", .string("rc")), ("d", .number(1)),
            ("p", LottieTrack.vector(0, [[w / 2, h / 2]])), ("s", LottieTrack.vector(0, [[w, h]])),
            ("r", LottieTrack.scalar(0, [0])),
        ])
        let fill = LottieShapes.fill(0, colors: [[c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha]],
                                     opacity: [100], rule: .nonzero)
        var comp = LottieComposition(frames: 0..<frameCount, firstIndex: index)
        return comp.layer(type: 4, name: "canvas background", parent: nil,
                          transform: LottieTransforms.identity(0, opacity: [100]),
                          extra: [("shapes", .array([rect, fill]))])
    }

    /// The frame ranges over which the tree's structure stays the same.
    func segments() -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for k in 1..<max(1, frameCount) where structureChanges(between: k - 1, and: k) {
            result.append(start..<k)
            start = k
        }
        result.append(start..<frameCount)
        return result
    }

    /// True when some layer changes in a way keyframes cannot show: drawing order, masks
    /// (and a mask's mode, or its feather or expansion starting or stopping), clip, the image, a gradient's type or number of colours, whether a shape fills or
    /// strokes, the structure of its path, or a text's string, font, alignment or glyphs.
    func structureChanges(between a: Int, and b: Int) -> Bool {
        for i in states[a].indices {
            let s = states[a][i], t = states[b][i]
            if s.z != t.z || s.masks != t.masks || s.maskMode != t.maskMode || s.maskInvert != t.maskInvert
                || s.maskCombine != t.maskCombine || (s.feather == 0) != (t.feather == 0) || (s.expansion == 0) != (t.expansion == 0)
                || s.clip != t.clip || s.contents != t.contents { return true }
            switch s.kind {
            case .gradient:
                if s.gradientType != t.gradientType || s.colors.count != t.colors.count { return true }
            case .shape:
                if (s.fill == nil) != (t.fill == nil) || (s.stroke == nil) != (t.stroke == nil)
                    || !s.path.hasSameStructure(as: t.path) { return true }
            case .text:
                if s.string != t.string || s.font != t.font || s.align != t.align || s.wrapped != t.wrapped
                    || s.truncation != t.truncation { return true }
                if s.fontSize != t.fontSize {
                    guard let p = try? TextLayout.path(for: s), let q = try? TextLayout.path(for: t) else { return true }
                    if !p.hasSameStructure(as: q) { return true }
                }
            case .plain, .grid:
                break
            }
        }
        return false
    }

    /// 1 while a layer draws at frame `k` (joined the tree, not hidden, and, unless drawn
    /// as a mask, not yet moved out of the tree into a mask), 0 otherwise.
    func visibility(_ id: LayerID, _ k: Int, asMask: Bool) -> Double {
        if states[k][id.index].hidden { return 0 }
        guard let tree = trees?[k] else { return 1 }
        return (asMask ? tree.hasJoined(id) : tree.contains(id)) ? 1 : 0
    }

    /// The transform from a layer's coordinates to the canvas at frame `k`.
    func deviceTransform(_ id: LayerID, _ k: Int) throws(LottieExportError) -> Transform {
        var m = Transform.identity
        for a in try ancestry(of: id) { m = m.concatenating(states[k][a.index].transformToParent) }
        return m
    }

    /// The layer and its ancestors (for a mask, its owner's), outermost first.
    func ancestry(of id: LayerID) throws(LottieExportError) -> [LayerID] {
        var chain: [LayerID] = [id]
        var cursor = scene.node(id).parent
        while let c = cursor {
            guard chain.count <= Renderer.maxDepth else { throw .nestingTooDeep(described(id)) }
            chain.append(c)
            cursor = scene.node(c).parent
        }
        return chain.reversed()
    }
}

/// The layers of one Lottie composition (the main one or a precomposition) during one
/// stretch of frames, in canvas coordinates, with the null layers that carry each scene
/// layer's transform.
struct LottieComposition {
    /// The frames during which these layers show (`ip` ..< `op`).
    let frames: Range<Int>
    /// The layers, bottom first (Lottie lists the top one first: see `lottieLayers`).
    private(set) var drawn: [LottieJSON] = []
    /// The index (`ind`) of the null layer of each scene layer made in this composition.
    private(set) var nulls: [LayerID: Int] = [:]
    /// The index the next layer gets.
    private(set) var nextIndex: Int

    /// A composition whose layers are numbered from `firstIndex`: the stretches of one
    /// layer list continue each other's numbers, since a player finds a `parent` by its
    /// index among all the layers of the list (ThorVG takes the first of equal ones).
    init(frames: Range<Int>, firstIndex: Int = 1) {
        self.frames = frames
        nextIndex = firstIndex
    }

    /// The layers in Lottie's order, the top one first.
    var lottieLayers: [LottieJSON] { drawn.reversed() }

    /// A new layer's JSON, with the next index.
    /// - Parameters:
    ///   - type: Lottie's `ty` (0 precomposition, 2 image, 3 null, 4 shape).
    ///   - parent: the `ind` of the layer whose transform applies first.
    mutating func layer(type: Int, name: String, parent: Int?, transform: LottieJSON,
                        extra: [(String, LottieJSON)]) -> LottieJSON {
        let index = nextIndex
        nextIndex += 1
        var members: [(String, LottieJSON)] = [
            ("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(Double(type))), ("nm", .string(name)),
        ]
        if let parent { members.append(("parent", .number(Double(parent)))) }
        members += [("sr", .number(1)), ("ks", transform), ("ao", .number(0)),
                    ("ip", .number(Double(frames.lowerBound))), ("op", .number(Double(frames.upperBound))),
                    ("st", .number(0)), ("bm", .number(0))]
        members += extra
        return .object(members)
    }

    /// Adds a layer over those already drawn.
    mutating func add(_ layer: LottieJSON) {
        drawn.append(layer)
    }

    /// Adds a null layer and records it as the one of `id`; returns its index.
    mutating func addNull(for id: LayerID, name: String, parent: Int?, transform: LottieJSON) -> Int {
        let index = nextIndex
        add(layer(type: 3, name: name, parent: parent, transform: transform, extra: []))
        nulls[id] = index
        return index
    }
}

/// Lottie transforms (`ks`) from layer states.
enum LottieTransforms {
    /// A layer's transform to its parent's coordinates, over frames: position, anchor in
    /// points (the unit anchor times the size), scale in percent, rotation in degrees
    /// (clockwise on screen in both models).
    static func of(_ states: [LayerState], firstFrame k0: Int) -> LottieJSON {
        .object([
            ("a", LottieTrack.vector(k0, states.map { [$0.anchor.x * $0.size.width, $0.anchor.y * $0.size.height] })),
            ("p", LottieTrack.vector(k0, states.map { [$0.position.x, $0.position.y] })),
            ("s", LottieTrack.vector(k0, states.map { [$0.scale * 100, $0.scale * 100] })),
            ("r", LottieTrack.scalar(k0, states.map { $0.rotation * 180 / Double.pi })),
            ("o", LottieTrack.scalar(k0, [100])),
        ])
    }

    /// No movement; only an opacity in percent per frame.
    static func identity(_ k0: Int, opacity: [Double]) -> LottieJSON {
        .object([
            ("a", LottieTrack.vector(k0, [[0, 0]])), ("p", LottieTrack.vector(k0, [[0, 0]])),
            ("s", LottieTrack.vector(k0, [[100, 100]])), ("r", LottieTrack.scalar(k0, [0])),
            ("o", LottieTrack.scalar(k0, opacity, tolerance: 0.01)),
        ])
    }

    /// Places a `width × height` item (an image) onto `rect` over frames.
    static func placing(_ rects: [Rect], width: Int, height: Int, firstFrame k0: Int, opacity: [Double]) -> LottieJSON {
        let w = Double(max(1, width)), h = Double(max(1, height))
        return .object([
            ("a", LottieTrack.vector(k0, [[0, 0]])),
            ("p", LottieTrack.vector(k0, rects.map { [$0.minX, $0.minY] })),
            ("s", LottieTrack.vector(k0, rects.map { [$0.width / w * 100, $0.height / h * 100] })),
            ("r", LottieTrack.scalar(k0, [0])),
            ("o", LottieTrack.scalar(k0, opacity, tolerance: 0.01)),
        ])
    }
}

/// Why a scene could not be exported as Lottie: something Lottie cannot express, or a
/// scene that cannot be sampled. An export never writes a silently different animation.
public enum LottieExportError: LayerError, Equatable, Sendable {
    /// A feature Lottie has no equivalent for: the feature, the layer, and the property
    /// that asks for it (nil when it is no one property, as for a move in the tree).
    case unsupported(feature: String, layer: LayerName, property: PropertyKey?)
    /// A feature Lottie can store but the players do not draw as `mask render` does: the
    /// feature, the layer, which players fall short how, and the property that asks for it.
    case unplayable(feature: String, layer: LayerName, players: String, property: PropertyKey?)
    /// The scene has no finite length, or too many frames to count.
    case unboundedDuration
    /// Sublayers and masks nest deeper than `Renderer.maxDepth`: the layer where it happened.
    case nestingTooDeep(LayerName)
    /// A layer is, through masks, part of its own mask: the layer.
    case maskCycle(LayerName)
    /// A text layer's font could not be loaded or its glyphs laid out: the layer and the reason.
    case textLayout(layer: LayerName, reason: String)
    /// The timeline could not be sampled, or text could not be laid out: the reason.
    case sampling(String)
    /// An embedded image could not be encoded: the reason.
    case image(String)

    /// The message for a user.
    public var description: String {
        switch self {
        case let .unsupported(feature, layer, _):
            return "cannot export layer \(layer) as Lottie: \(feature) has no Lottie equivalent"
        case let .unplayable(feature, layer, players, _):
            return "cannot export layer \(layer) as Lottie: \(feature) is not drawn by Lottie players (\(players))"
        case .unboundedDuration:
            return "cannot export as Lottie: the animation has no finite length (set the canvas duration)"
        case .nestingTooDeep(let name):
            return "layer \(name) is nested more than \(Renderer.maxDepth) levels deep (sublayers and masks)"
        case .maskCycle(let name): return "layer \(name) is, through its masks, part of its own mask"
        case let .textLayout(layer, reason): return "cannot lay out the text of layer \(layer): \(reason)"
        case .sampling(let why): return "cannot export as Lottie: \(why)"
        case .image(let why): return "cannot embed an image in the Lottie file: \(why)"
        }
    }

    /// The layer the error is about; nil for the scene as a whole.
    public var layer: LayerID? {
        switch self {
        case .unsupported(_, let l, _), .unplayable(_, let l, _, _), .nestingTooDeep(let l), .maskCycle(let l),
             .textLayout(let l, _): return l.id
        case .unboundedDuration, .sampling, .image: return nil
        }
    }

    /// The property that asks for what Lottie lacks (a gradient's `type`, `borderWidth`),
    /// or the font of a text that cannot be laid out.
    public var property: PropertyKey? {
        switch self {
        case .unsupported(_, _, let property), .unplayable(_, _, _, let property): return property
        case .textLayout: return .font
        default: return nil
        }
    }
}

/// Why a scene could not be exported as Lottie: something Lottie cannot express, or a
/// scene that cannot be sampled. An export never writes a silently different animation.
public enum LottieExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A feature Lottie has no equivalent for: the feature and the layer's name.
    case unsupported(feature: String, layer: String)
    /// A feature Lottie can store but the players do not draw as `mask render` does: the
    /// feature, the layer's name and which players fall short how.
    case unplayable(feature: String, layer: String, players: String)
    /// The scene has no finite length, or too many frames to count.
    case unboundedDuration
    /// Sublayers and masks nest deeper than `Renderer.maxDepth`: the layer where it happened.
    case nestingTooDeep(String)
    /// A layer is, through masks, part of its own mask: the layer's name.
    case maskCycle(String)
    /// The timeline could not be sampled, or text could not be laid out: the reason.
    case sampling(String)
    /// An embedded image could not be encoded: the reason.
    case image(String)

    /// The message for a user.
    public var description: String {
        switch self {
        case let .unsupported(feature, layer):
            return "cannot export layer \(layer) as Lottie: \(feature) has no Lottie equivalent"
        case let .unplayable(feature, layer, players):
            return "cannot export layer \(layer) as Lottie: \(feature) is not drawn by Lottie players (\(players))"
        case .unboundedDuration:
            return "cannot export as Lottie: the animation has no finite length (set the canvas duration)"
        case .nestingTooDeep(let name):
            return "layer \(name) is nested more than \(Renderer.maxDepth) levels deep (sublayers and masks)"
        case .maskCycle(let name): return "layer \(name) is, through its masks, part of its own mask"
        case .sampling(let why): return "cannot export as Lottie: \(why)"
        case .image(let why): return "cannot embed an image in the Lottie file: \(why)"
        }
    }
}

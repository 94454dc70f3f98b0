/// Why a frame could not be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The time is not a finite number.
    case invalidTime(Double)
    /// A frame number below 0.
    case invalidFrame(Int)
    /// A layer is, through masks, part of its own mask: the layer's name.
    case maskCycle(String)
    /// Sublayers and masks nest deeper than `Renderer.maxDepth`: the layer where it happened.
    case nestingTooDeep(String)
    /// A text layer's glyphs could not be laid out: the layer and the reason.
    case textLayout(layer: String, reason: String)

    /// The message for a user.
    public var description: String {
        switch self {
        case .invalidTime(let t): return "cannot render at time \(t): it must be a finite number"
        case .invalidFrame(let k): return "cannot render frame \(k): frames are numbered from 0"
        case .maskCycle(let name): return "layer \(name) is, through its masks, part of its own mask"
        case .nestingTooDeep(let name):
            return "layer \(name) is nested more than \(Renderer.maxDepth) levels deep (sublayers and masks)"
        case let .textLayout(layer, reason): return "cannot lay out the text of layer \(layer): \(reason)"
        }
    }
}

/// Why a frame could not be rendered.
public enum RenderError: LayerError, Equatable, Sendable {
    /// The time is not a finite number.
    case invalidTime(Double)
    /// A frame number below 0.
    case invalidFrame(Int)
    /// A layer is, through masks, part of its own mask: the layer.
    case maskCycle(LayerName)
    /// Sublayers and masks nest deeper than `Renderer.maxDepth`: the layer where it happened.
    case nestingTooDeep(LayerName)
    /// A text layer's font could not be loaded or its glyphs laid out: the layer and the reason.
    case textLayout(layer: LayerName, reason: String)
    /// Drawing the layer would pass `RenderBudget.bufferBytes`: the layer, and the bytes
    /// it would have in use.
    case tooMuchMemory(layer: LayerName, bytes: Int, limit: Int)
    /// Drawing the layer would pass `RenderBudget.work`: the layer and the limit.
    case tooMuchWork(layer: LayerName, limit: Int)

    /// The layer the error is about (nil for a bad time or frame number).
    public var layer: LayerID? {
        switch self {
        case .invalidTime, .invalidFrame: return nil
        case .maskCycle(let l), .nestingTooDeep(let l), .textLayout(let l, _), .tooMuchMemory(let l, _, _), .tooMuchWork(let l, _):
            return l.id
        }
    }

    /// The property that caused it: the font of a text that cannot be laid out; nil for
    /// the others, which are about the layer as a whole.
    public var property: PropertyKey? {
        if case .textLayout = self { return .font }
        return nil
    }

    /// The message for a user.
    public var description: String {
        switch self {
        case .invalidTime(let t): return "cannot render at time \(t): it must be a finite number"
        case .invalidFrame(let k): return "cannot render frame \(k): frames are numbered from 0"
        case .maskCycle(let name): return "layer \(name) is, through its masks, part of its own mask"
        case .nestingTooDeep(let name):
            return "layer \(name) is nested more than \(Renderer.maxDepth) levels deep (sublayers and masks)"
        case let .textLayout(layer, reason): return "cannot lay out the text of layer \(layer): \(reason)"
        case let .tooMuchMemory(layer, bytes, limit):
            return "layer \(layer) would need \(RenderError.size(bytes)) of offscreen buffers in one frame, "
                + "over the render budget of \(RenderError.size(limit)) (groups for opacity, clip and masks "
                + "take a buffer each, and nest)"
        case let .tooMuchWork(layer, limit):
            return "drawing layer \(layer) passes the render budget of \(limit) pixel operations a frame "
                + "(every layer counts the pixels it covers)"
        }
    }

    /// `2.0 GiB`, `384 MiB`, `12 KiB`.
    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        guard unit > 0 else { return "\(bytes) bytes" }
        let tenths = Int((value * 10).rounded())
        return value < 10 ? "\(tenths / 10).\(tenths % 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}

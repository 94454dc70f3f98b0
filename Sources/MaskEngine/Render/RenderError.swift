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
    /// Drawing the layer would pass `RenderBudget.bufferBytes`: the layer, the bytes it
    /// would have in use, and the property whose value made them so many (`shadowRadius`
    /// for its shadow's blur; nil for the layer as a whole).
    case tooMuchMemory(layer: LayerName, bytes: Int, limit: Int, property: PropertyKey? = nil)
    /// Drawing the layer would pass `RenderBudget.work`: the layer, the limit, and the
    /// property whose value made it so much work, as for `tooMuchMemory`.
    case tooMuchWork(layer: LayerName, limit: Int, property: PropertyKey? = nil)

    /// The layer the error is about (nil for a bad time or frame number).
    public var layer: LayerID? {
        switch self {
        case .invalidTime, .invalidFrame: return nil
        case .maskCycle(let l), .nestingTooDeep(let l), .textLayout(let l, _), .tooMuchMemory(let l, _, _, _), .tooMuchWork(let l, _, _):
            return l.id
        }
    }

    /// The property that caused it: the font of a text that cannot be laid out, the
    /// shadow's radius of a blur over the budget; nil for errors about the layer as a whole.
    public var property: PropertyKey? {
        switch self {
        case .textLayout: return .font
        case .tooMuchMemory(_, _, _, let property), .tooMuchWork(_, _, let property): return property
        case .invalidTime, .invalidFrame, .maskCycle, .nestingTooDeep: return nil
        }
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
        case let .tooMuchMemory(layer, bytes, limit, property):
            let why = property == .shadowRadius ? "a shadow's blur keeps rows of floats as wide as its reach, which grows with shadowRadius"
                : "groups for opacity, clip and masks take a buffer each, and nest"
            return "\(property == .shadowRadius ? "the shadow of layer" : "layer") \(layer) would need \(RenderError.size(bytes)) "
                + "of offscreen buffers in one frame, over the render budget of \(RenderError.size(limit)) (\(why))"
        case let .tooMuchWork(layer, limit, property):
            let why = property == .shadowRadius ? "a shadow's blur takes about 16 × shadowRadius operations a pixel"
                : "every layer counts the pixels it covers"
            return "drawing \(property == .shadowRadius ? "the shadow of layer" : "layer") \(layer) passes the render budget "
                + "of \(limit) pixel operations a frame (\(why))"
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

import MaskEngine
import MaskScript

/// What a frame that could not be drawn reports: the engine's reason, with the option that
/// raises the limit when a render budget stopped it, at the script's line of the layer or
/// property that caused it (`SourceMap`) when the script made it.
enum RenderFailure {
    /// The reason, with the option that raises the limit for a budget stop.
    static func message(_ error: Error) -> String {
        switch error as? RenderError {
        case .tooMuchMemory?: return "\(error); '--max-frame-memory SIZE' raises the limit"
        case .tooMuchWork?: return "\(error); '--max-frame-work N' raises the limit"
        default: return "\(error)"
        }
    }

    /// The failure for an error met while `doing` something (`cannot render frame 3`):
    /// script diagnostics when the error is about a layer `sources` knows, else an input error.
    static func failure(_ error: Error, doing: String, sources: SourceMap?) -> CommandFailure {
        let message = "\(doing): \(self.message(error))"
        if let sources, let located = error as? any LayerError {
            let list = sources.diagnostics(for: located, message: message)
            if let source = list.source { return .diagnostics(list, source) }
        }
        return .input(message)
    }
}

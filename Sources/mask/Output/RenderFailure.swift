import MaskEngine

/// The message for a frame that could not be drawn, with the option that raises the
/// limit when a render budget stopped it.
enum RenderFailure {
    static func message(_ error: Error) -> String {
        switch error as? RenderError {
        case .tooMuchMemory?: return "\(error); '--max-frame-memory SIZE' raises the limit"
        case .tooMuchWork?: return "\(error); '--max-frame-work N' raises the limit"
        default: return "\(error)"
        }
    }
}

import MaskEngine

/// The reason inside an error from writing a file, for a message that names the file
/// itself: `cannot write script 'f.mask': REASON`, not "cannot write image".
enum WriteFailure {
    static func reason(of error: any Error) -> String {
        if case let ImageError.unwritable(_, reason) = error { return reason }
        return "\(error)"
    }
}

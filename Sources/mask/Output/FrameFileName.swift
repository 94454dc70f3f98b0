import MaskEngine

/// The file name of a frame: `frame_00042.ppm`, the number zero-padded to five digits
/// (and longer past frame 99999), so the files sort in frame order.
enum FrameFileName {
    /// The name of frame `index` in `format`.
    static func name(ofFrame index: Int, format: ImageFormat) -> String {
        let digits = String(index)
        let padding = String(repeating: "0", count: max(0, 5 - digits.count))
        return "frame_\(padding)\(digits).\(format.rawValue)"
    }

    /// The path of frame `index` inside `directory`.
    static func path(ofFrame index: Int, format: ImageFormat, in directory: String) -> String {
        let name = name(ofFrame: index, format: format)
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

import MaskEngine

/// The one-file animations `mask render -o OUT.EXT` writes.
enum AnimationFormat: String, CaseIterable, Equatable {
    case apng, gif, mp4, webm

    /// The format a file name's extension asks for (`x.gif`), or nil.
    init?(pathExtension path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// Where an animation's frames go, in order: each is `width × height × 3` bytes of RGB.
///
/// A sink writes under a temporary name and renames its file into place in `finish()`;
/// `abandon()` stops it and removes what it wrote, so an interrupted or failed render
/// leaves no partial animation under the final name.
protocol AnimationSink: AnyObject {
    /// Adds the next frame.
    func append(rgb: UnsafeBufferPointer<UInt8>) throws
    /// Completes the file.
    func finish() throws
    /// Stops without leaving a file.
    func abandon()
}

extension AnimatedPNGWriter: AnimationSink {}

/// An animation that could not be written: the file and why.
struct AnimationError: Error, CustomStringConvertible {
    /// The animation file.
    let path: String
    /// Why, in words.
    let reason: String

    var description: String { "cannot write '\(path)': \(reason)" }
}

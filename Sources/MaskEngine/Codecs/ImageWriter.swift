/// Writes images to files as `Image.write(toFile:format:)` does, keeping its encoding
/// buffer and PNG compressor from one image to the next: a thread writing a sequence of
/// frames encodes each once, into the same memory, and hands it to the file in one `write`.
///
/// Not `Sendable`: give each thread its own.
public final class ImageWriter {
    private var bytes: [UInt8] = []
    private var png: PNGEncoder?

    /// A writer with empty buffers; they grow to the first image's size and are reused.
    public init() {}

    /// Writes `image` to `path` atomically (a temporary name in the same directory, then
    /// a rename), so a failed or interrupted write never leaves a partial file.
    /// - Parameter format: the format to write; nil picks it from the extension.
    /// - Throws: `ImageError.unwritable` naming the file and the reason (unknown extension,
    ///   missing directory, no permission, full disk), `ImageError.invalidDimensions`
    ///   for an empty image.
    public func write(_ image: Image, toFile path: String, format: ImageFormat? = nil) throws {
        try encode(image, for: path, format: format).write(toFile: path)
    }

    /// Encodes `image` for writing later, perhaps on another thread: threads that encode
    /// frames in parallel but write them in order hand the results to one writer.
    /// - Parameters:
    ///   - path: the file it is meant for, naming it in errors and giving the format when
    ///     `format` is nil.
    ///   - format: the format to encode; nil picks it from `path`'s extension.
    /// - Throws: as `write(_:toFile:format:)`.
    public func encode(_ image: Image, for path: String, format: ImageFormat? = nil) throws -> EncodedImage {
        guard let format = format ?? ImageFormat(pathExtension: path) else {
            throw ImageError.unwritable(path: path, reason: "unknown image format (use a .png or .ppm name, or give the format)")
        }
        switch format {
        case .png:
            if png == nil { png = PNGEncoder() }
            guard let png else { throw ImageError.unwritable(path: path, reason: "cannot allocate the PNG compressor") }
            try png.encode(image, into: &bytes)
        case .ppm:
            try PPMCodec.encode(image, into: &bytes)
        }
        return EncodedImage(bytes: bytes)
    }
}

/// An image encoded as a PNG or PPM file's bytes (`ImageWriter.encode`), not yet written.
public struct EncodedImage: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]

    /// Writes the bytes to `path` atomically (a temporary name in the same directory, then
    /// a rename), so a failed or interrupted write never leaves a partial file.
    /// - Throws: `ImageError.unwritable` naming the file and the system's reason.
    public func write(toFile path: String) throws {
        try FileBytes.writeAtomically(bytes, to: path)
    }
}

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
        _ = try write(image, toFile: path, format: format) { true }
    }

    /// Encodes `image` and writes it under a temporary name, then asks `proceed` whether
    /// to rename it over `path`: threads that encode and write in parallel but must make
    /// their files appear in turn wait there. Returns false, leaving nothing behind, when
    /// `proceed` does.
    /// - Throws: as `write(_:toFile:format:)`.
    public func write(_ image: Image, toFile path: String, format: ImageFormat? = nil,
                      when proceed: () -> Bool) throws -> Bool {
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
        let temporary = try FileBytes.writeTemporary(bytes, for: path)
        guard proceed() else {
            FileBytes.discard(temporary)
            return false
        }
        try FileBytes.commit(temporary, to: path)
        return true
    }
}

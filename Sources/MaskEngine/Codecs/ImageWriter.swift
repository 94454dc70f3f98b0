import Synchronization

/// Writes images to files as `Image.write(toFile:format:)` does, keeping its encoding
/// buffers and PNG compressor from one image to the next: a thread writing a sequence of
/// frames encodes each once, into memory used before, and hands it to the file in one
/// `write`. An `EncodedImage` gives its buffer back to its writer when it goes away, so
/// frames encoded here and written by another thread reuse buffers too.
///
/// Not `Sendable`: give each thread its own.
public final class ImageWriter {
    private let shelf = BufferShelf()
    private var png: PNGEncoder?
    /// The band a PPM file is packed into by `stage`, some rows at a time.
    private var band: [UInt8] = []
    /// How many bytes of samples `stage` packs into `band` at a time.
    private let bandBytes: Int

    /// A writer with empty buffers; they grow to the first image's size and are reused.
    public convenience init() {
        self.init(bandBytes: PPMCodec.bandBytes)
    }

    /// A writer whose PPM bands hold `bandBytes` bytes of samples (at least one row): tests
    /// make them small to cut images into many bands.
    init(bandBytes: Int) {
        self.bandBytes = bandBytes
    }

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
        var bytes = shelf.take()
        switch format {
        case .png:
            if png == nil { png = PNGEncoder() }
            guard let png else { throw ImageError.unwritable(path: path, reason: "cannot allocate the PNG compressor") }
            try png.encode(image, into: &bytes)
        case .ppm:
            try PPMCodec.encode(image, into: &bytes)
        }
        return EncodedImage(storage: EncodedImage.Storage(bytes: bytes, shelf: shelf))
    }

    /// Encodes `image` and writes it under a temporary name beside `path` at once, as
    /// `encode(_:for:format:)` then `EncodedImage.stage(toFile:preparing:)` do, with the
    /// same bytes and errors. A PPM file is packed a band of rows at a time into one reused
    /// buffer (`PPMCodec.bandBytes`) and written band by band, so a frame's file is never
    /// whole in memory (fewer pages to fault in); it still appears under its own name only
    /// when complete, at `StagedFile.commit()`.
    /// - Parameter prepare: as in `EncodedImage.stage(toFile:preparing:)`.
    /// - Throws: as `encode(_:for:format:)` (before any file is made), then as
    ///   `EncodedImage.stage(toFile:preparing:)`; nothing is left behind then.
    public func stage(_ image: Image, toFile path: String, format: ImageFormat? = nil,
                      preparing prepare: (_ descriptor: Int32, _ byteCount: Int) -> Void = { _, _ in }) throws -> StagedFile {
        guard (format ?? ImageFormat(pathExtension: path)) == .ppm else {
            return try encode(image, for: path, format: format).stage(toFile: path, preparing: prepare)
        }
        guard image.width > 0, image.height > 0 else {
            throw ImageError.invalidDimensions(width: image.width, height: image.height)
        }
        let byteCount = PPMCodec.header(of: image).count + image.width * image.height * 3
        let rows = PPMCodec.rowsPerBand(of: image, bandBytes: bandBytes)
        let temporary = try FileBytes.writeTemporary(byteCount: byteCount, for: path, preparing: prepare) { put in
            try PPMCodec.encode(image, bands: &band, rowsPerBand: rows, put: put)
        }
        return StagedFile(temporary: temporary, path: path)
    }
}

/// An image encoded as a PNG or PPM file's bytes (`ImageWriter.encode`), not yet written.
public struct EncodedImage: Sendable {
    /// Holds the bytes, and gives them back to the writer's shelf when the last copy of
    /// the image goes away.
    final class Storage: Sendable {
        let bytes: [UInt8]
        let shelf: BufferShelf

        init(bytes: [UInt8], shelf: BufferShelf) {
            self.bytes = bytes
            self.shelf = shelf
        }

        deinit { shelf.put(bytes) }
    }

    let storage: Storage

    /// The file's bytes.
    public var bytes: [UInt8] { storage.bytes }

    /// Writes the bytes to `path` atomically (a temporary name in the same directory, then
    /// a rename), so a failed or interrupted write never leaves a partial file.
    /// - Throws: `ImageError.unwritable` naming the file and the system's reason.
    public func write(toFile path: String) throws {
        try FileBytes.writeAtomically(storage.bytes, to: path)
    }
}

/// The idle encoding buffers of one `ImageWriter`: encoded images put theirs back from
/// whichever thread lets them go, and the writer takes them for the next images, so a
/// long render allocates (and faults in) no new file buffers.
final class BufferShelf: Sendable {
    /// Enough for the frames a render keeps in flight per thread; more are freed.
    static let capacity = 4
    private let idle = Mutex<[[UInt8]]>([])

    /// An idle buffer, or a new empty one.
    func take() -> [UInt8] {
        idle.withLock { $0.popLast() } ?? []
    }

    /// Keeps a buffer for reuse (up to `capacity`).
    func put(_ buffer: [UInt8]) {
        idle.withLock { if $0.count < BufferShelf.capacity { $0.append(buffer) } }
    }
}

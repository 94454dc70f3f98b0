// Reading and writing image files.
//
// Two formats: PNG (with alpha; common files read through libdeflate, the rest through
// libpng) and netpbm PPM (opaque; P6 written, P3, P5 and P6 read). Reading detects the
// format from the content, so a misnamed file still reads. Writing is atomic: the file
// appears complete under its name or not at all.
//
// ```swift
// let image = try Image(contentsOfFile: "in.png")
// try image.write(toFile: "frames/0001.ppm")            // format from the extension
// let bytes = try image.pngData()
// ```

/// An image file format.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// Netpbm pixmap: P6 when written; P3, P5 (grey) and P6 when read. No alpha.
    case ppm
    /// Portable Network Graphics, written as 8-bit RGB when opaque, RGBA otherwise.
    case png

    /// The format a file name's extension names (`.png`; `.ppm` or `.pnm`, any case),
    /// or nil for any other name.
    public init?(pathExtension path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "ppm", "pnm": self = .ppm
        default: return nil
        }
    }

    /// The format whose signature starts the data, or nil when neither matches.
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(PNGCodec.signature.count))
        if head == PNGCodec.signature {
            self = .png
        } else if PPMCodec.recognizes(head) {
            self = .ppm
        } else {
            return nil
        }
    }
}

extension Image {
    /// The most pixels a decoded file may have (64 Mi, e.g. 8192×8192): a header claiming
    /// more is refused before anything is allocated.
    public static let maxDecodedPixels = 1 << 26

    /// True when a decoded image of this size is allowed: sides within 0...`maxDimension`
    /// and at most `maxDecodedPixels` pixels.
    static func decodable(width: Int, height: Int) -> Bool {
        guard validDimensions(width, height) else { return false }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && count <= maxDecodedPixels
    }

    static var decodableLimitDescription: String {
        "(the limits are \(maxDimension) pixels a side and \(maxDecodedPixels >> 20) Mpixels in all)"
    }

    /// Reads a PNG or PPM file, detecting the format from its first bytes.
    /// - Throws: `ImageError.unreadable` naming the file and the reason: missing file,
    ///   unknown format, corrupt or truncated data, or a size beyond the decoding limits.
    public init(contentsOfFile path: String) throws {
        try self.init(bytes: try FileBytes.read(path: path), name: path)
    }

    /// Decodes PNG or PPM bytes, detecting the format from the first bytes.
    /// - Parameter name: what error messages call the data (a file name or URL).
    /// - Throws: `ImageError.unreadable` naming `name` and the reason.
    public init(data: some Collection<UInt8>, name: String = "<data>") throws {
        try self.init(bytes: Array(data), name: name)
    }

    private init(bytes: [UInt8], name: String) throws {
        switch ImageFormat(magic: bytes) {
        case .png: self = try PNGCodec.decode(bytes, path: name)
        case .ppm: self = try PPMCodec.decode(bytes, path: name)
        case nil:
            throw ImageError.unreadable(path: name, reason: bytes.isEmpty
                ? "the file is empty" : "not a PNG or PPM file (unrecognised signature)")
        }
    }

    /// The image encoded as an 8-bit PNG: RGB when opaque, RGBA (straight alpha) otherwise.
    /// - Throws: `ImageError.invalidDimensions` for an empty image, `ImageError.unwritable`
    ///   if the compressor cannot be made.
    public func pngData() throws -> [UInt8] {
        try PNGCodec.encode(self)
    }

    /// The image encoded as binary PPM (P6, maxval 255): the colours composited over black.
    /// - Throws: `ImageError.invalidDimensions` for an empty image.
    public func ppmData() throws -> [UInt8] {
        try PPMCodec.encode(self)
    }

    /// Writes the image to a file atomically: it is encoded, written to a temporary file
    /// in the same directory, then renamed over `path`, so a failed or interrupted write
    /// never leaves a partial file under `path` and never damages an existing one.
    /// - Parameter format: the format to write; nil picks it from the extension.
    /// - Throws: `ImageError.unwritable` naming the file and the reason (unknown extension,
    ///   missing directory, no permission, full disk), `ImageError.invalidDimensions`
    ///   for an empty image.
    public func write(toFile path: String, format: ImageFormat? = nil) throws {
        try ImageWriter().write(self, toFile: path, format: format)
    }
}

import CPNG

/// PNG decoding through libpng's simplified API (`png_image`), which needs no `setjmp`
/// and reports every failure in the struct's `message` field; encoding through `PNGEncoder`.
///
/// Decoding accepts whatever libpng reads (grey, palette, 16-bit, with or without
/// alpha, any gamma) converted by libpng to 8-bit sRGB RGBA, then premultiplied. Once
/// libpng has accepted the header, the common case (8-bit or less, not interlaced, no
/// colour-space chunk) is decoded by `PNGDirectDecoder` into the same bytes, faster;
/// everything else, and every error, stays libpng's.
/// Encoding writes 8-bit RGB for opaque images (rendered frames) and 8-bit RGBA with
/// straight alpha otherwise.
enum PNGCodec {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Straight RGBA, 8 bits per channel.
    private static let rgba8 = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes a PNG held in memory.
    /// - Parameter path: the name used in error messages (the file the bytes came from).
    /// - Throws: `ImageError.unreadable` with libpng's reason for corrupt or truncated data,
    ///   and for a header whose size exceeds `Image.maxDimension` or `Image.maxDecodedPixels`.
    /// - Parameter direct: false to decode every file through libpng (tests compare the two).
    static func decode(_ bytes: [UInt8], path: String, direct: Bool = true) throws -> Image {
        func failure(_ reason: String) -> ImageError { .unreadable(path: path, reason: reason) }
        guard bytes.starts(with: signature) else { throw failure("not a PNG file (bad signature)") }
        return try bytes.withUnsafeBytes { buffer in
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&png, buffer.baseAddress, buffer.count) != 0 else {
                throw failure(message(of: &png, default: "cannot read the PNG header"))
            }
            let width = Int(png.width), height = Int(png.height)
            guard Image.decodable(width: width, height: height) else {
                png_image_free(&png)
                throw failure("image size \(width)×\(height) is too large " + Image.decodableLimitDescription)
            }
            // Deflate expands at most about 1032 to 1, and every row holds at least a filter
            // byte and a bit a pixel: a 50-byte file claiming 8192×8192 is truncated, and is
            // refused before 256 MiB are allocated for it.
            let leastData = height * (1 + (width + 7) / 8)
            guard bytes.count.multipliedReportingOverflow(by: 1032).partialValue >= leastData else {
                png_image_free(&png)
                throw failure("truncated: \(width)×\(height) pixels need more than the file's \(bytes.count) bytes")
            }
            if direct, let image = PNGDirectDecoder.decode(buffer) {
                png_image_free(&png)
                return image
            }
            png.format = rgba8
            // An untagged 16-bit file is far more often sRGB (as tools write it) than linear.
            png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var straight = [UInt8](repeating: 0, count: width * height * 4)
            let ok = straight.withUnsafeMutableBytes { pixels in
                png_image_finish_read(&png, nil, pixels.baseAddress, Int32(width * 4), nil)
            }
            // finish_read frees the png_image's internals itself, on success and on failure.
            guard ok != 0, png.warning_or_error & 3 < 2 else {
                throw failure(message(of: &png, default: "corrupt or truncated PNG data"))
            }
            return try Image(width: width, height: height, straightRGBA: straight)
        }
    }

    /// Encodes an image as an 8-bit PNG: RGB when every pixel is opaque (as rendered
    /// frames are), RGBA otherwise (see `PNGEncoder`).
    /// - Throws: `ImageError.invalidDimensions` for an empty image (PNG cannot hold one),
    ///   `ImageError.unwritable` when the encoder cannot be made.
    static func encode(_ image: Image) throws -> [UInt8] {
        guard let encoder = PNGEncoder() else {
            throw ImageError.unwritable(path: "<PNG data>", reason: "cannot allocate the compressor")
        }
        var bytes: [UInt8] = []
        try encoder.encode(image, into: &bytes)
        return bytes
    }

    /// `fallback`, followed by libpng's own message when it left one.
    private static func message(of png: inout png_image, default fallback: String) -> String {
        let text = withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? fallback : "\(fallback) (libpng: \(text))"
    }
}

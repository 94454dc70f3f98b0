/// Netpbm decoding (P3 plain PPM, P5 binary PGM, P6 binary PPM) and P6 encoding.
///
/// Header rules follow netpbm: the magic, then width, height and maxval as decimal
/// numbers separated by whitespace (space, tab, CR, LF, VT, FF), with `#` comments running
/// to the end of the line; one whitespace byte separates maxval from binary samples.
/// Samples with maxval above 255 take two bytes, most significant first. Every sample is
/// scaled to 0...255 with rounding. The reader takes the first image of a file and never
/// traps: every malformed input becomes `ImageError.unreadable` with the reason.
enum PPMCodec {
    /// True when the bytes start like a netpbm file this codec reads.
    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == UInt8(ascii: "P") && [UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].contains(bytes[1])
    }

    /// Decodes a P3, P5 or P6 file held in memory.
    /// - Parameter path: the name used in error messages.
    /// - Throws: `ImageError.unreadable` naming `path` and what is wrong.
    static func decode(_ bytes: [UInt8], path: String) throws -> Image {
        var reader = PPMReader(bytes: bytes)
        do {
            return try reader.readImage()
        } catch {
            throw ImageError.unreadable(path: path, reason: error.reason)
        }
    }

    /// Encodes an image as binary P6 with maxval 255: the premultiplied colour bytes,
    /// which is the image composited over black.
    /// - Throws: `ImageError.invalidDimensions` for an empty image (netpbm cannot hold one).
    static func encode(_ image: Image) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageError.invalidDimensions(width: image.width, height: image.height)
        }
        let header = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        let count = image.width * image.height
        // One pass over raw buffers: this runs once per frame written.
        return [UInt8](unsafeUninitializedCapacity: header.count + count * 3) { out, initialized in
            guard let base = out.baseAddress else { return }
            for (k, byte) in header.enumerated() { base[k] = byte }
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let src = pixels.baseAddress else { return }
                var dst = base + header.count
                for p in 0..<count {
                    let s = src + p &* 4
                    dst[0] = s[0]; dst[1] = s[1]; dst[2] = s[2]
                    dst += 3
                }
            }
            initialized = header.count + count * 3
        }
    }
}

import CPixels

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
        var bytes: [UInt8] = []
        try encode(image, into: &bytes)
        return bytes
    }

    /// Encodes as `encode(_:)` does, into `bytes` (replacing what it held and keeping its
    /// capacity, so a thread writing many frames reuses one buffer). The RGB bytes are
    /// written straight into it, in one pass over the pixels.
    static func encode(_ image: Image, into bytes: inout [UInt8]) throws {
        guard image.width > 0, image.height > 0 else {
            throw ImageError.invalidDimensions(width: image.width, height: image.height)
        }
        let header = self.header(of: image)
        let count = image.width * image.height
        let total = header.count + count * 3
        if bytes.count > total { bytes.removeLast(bytes.count - total) }
        if bytes.count < total {
            // Every byte is written below.
            if bytes.capacity < total {
                bytes = FrameArrays.uninitializedBytes(count: total)
            } else {
                bytes.append(contentsOf: repeatElement(0, count: total - bytes.count))
            }
        }
        bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for (k, byte) in header.enumerated() { base[k] = byte }
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let src = pixels.baseAddress else { return }
                mask_pack_rgb(src, base + header.count, count)
            }
        }
    }

    /// The P6 header `encode` writes before the samples of `image`.
    static func header(of image: Image) -> [UInt8] {
        Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
    }
}

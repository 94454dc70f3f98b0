import Foundation
import MaskEngine

/// One libFuzzer input: bytes decoded as an image (PNG or PPM, by their magic number).
/// A decode may fail with an error; it must never crash, hang or allocate past the
/// decoder's own limits. A decoded image is encoded again, which must succeed.
///
/// `FUZZ_MODE=crc` first writes a correct CRC into every PNG chunk, so mutated headers,
/// palettes and compressed rows get past the CRC checks (which refuse almost every
/// mutation) and reach the decoders proper: the libdeflate path and libpng.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if FuzzMode.fixesCRCs { ChunkCRC.fix(&bytes) }
    guard let image = try? Image(data: bytes) else { return 0 }
    do {
        _ = try image.pngData()
        _ = try image.ppmData()
    } catch {
        fatalError("a decoded \(image.width)×\(image.height) image failed to encode: \(error)")
    }
    return 0
}

/// How the images target treats each input.
enum FuzzMode {
    static let fixesCRCs = getenv("FUZZ_MODE").map { String(cString: $0) == "crc" } ?? false
}

/// The CRC-32 of PNG chunks (ISO 3309, as zlib's `crc32`), written over each chunk's
/// stored one.
enum ChunkCRC {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Rewrites the CRC of every whole chunk after the PNG signature; the walk stops at
    /// the first chunk that does not fit in the bytes.
    static func fix(_ bytes: inout [UInt8]) {
        guard bytes.count >= 8, bytes[0] == 0x89, bytes[1] == 0x50 else { return }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 8 + length
            guard length <= bytes.count, end + 4 <= bytes.count else { return }
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes[(offset + 4)..<end] { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            c ^= 0xFFFF_FFFF
            for i in 0..<4 { bytes[end + i] = UInt8(truncatingIfNeeded: c >> (24 - 8 * UInt32(i))) }
            offset = end + 4
        }
    }
}

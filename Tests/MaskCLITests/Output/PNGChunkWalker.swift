import Foundation

/// Reads a PNG file's chunks with its own CRC-32, independent of the code that wrote them.
enum PNGChunkWalker {
    struct Chunk {
        let type: String
        let data: [UInt8]
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The chunks in file order, after checking the signature, every length and CRC, and
    /// that nothing follows `IEND`.
    static func chunks(of bytes: [UInt8]) throws -> [Chunk] {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Malformed(description: "no PNG signature") }
        var out: [Chunk] = []
        var i = 8
        while i < bytes.count {
            guard i + 12 <= bytes.count else { throw Malformed(description: "truncated chunk at \(i)") }
            let length = number(bytes, at: i)
            guard i + 12 + length <= bytes.count else { throw Malformed(description: "chunk at \(i) runs past the end") }
            let typeAndData = Array(bytes[(i + 4)..<(i + 8 + length)])
            guard crc32(typeAndData) == UInt32(number(bytes, at: i + 8 + length)) else {
                throw Malformed(description: "bad CRC in chunk at \(i)")
            }
            out.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4))))
            i += 12 + length
            if out.last?.type == "IEND", i != bytes.count { throw Malformed(description: "bytes after IEND") }
        }
        return out
    }

    /// A big-endian 32-bit number.
    static func number(_ bytes: [UInt8], at i: Int) -> Int {
        Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }

    /// A big-endian 16-bit number.
    static func short(_ bytes: [UInt8], at i: Int) -> Int {
        Int(bytes[i]) << 8 | Int(bytes[i + 1])
    }

    /// CRC-32 as PNG defines it (ISO 3309, polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

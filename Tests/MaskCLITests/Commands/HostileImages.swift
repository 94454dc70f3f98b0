/// Image files made to attack a decoder.
enum HostileImages {
    /// A PNG of a valid signature and IHDR (8-bit RGBA) declaring `width × height`,
    /// then one tiny IDAT and IEND: a header promising far more than the file holds.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc32(body))
        }
        return MaskCLITestCase.pngSignature
            + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
            + chunk("IEND", [])
    }

    /// CRC-32 as PNG chunks use it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}

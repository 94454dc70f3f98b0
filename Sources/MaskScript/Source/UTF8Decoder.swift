/// A forgiving UTF-8 decoder that keeps going after errors.
///
/// Each maximal ill-formed subsequence (as Unicode chapter 3 defines it) becomes one U+FFFD,
/// so `E2 82 41` gives U+FFFD then `A`. NUL decodes to U+0000 but is reported too, since a
/// NUL in a script is almost always a sign of a binary file.
enum UTF8Decoder {
    /// A problem at a scalar offset of the decoded text.
    struct Problem {
        var offset: Int
        var message: String
    }

    /// Decodes `bytes`, returning the scalars and the problems found: the first
    /// `Parser.diagnosticLimit + 1`, in order, which is all a parse can show.
    static func decode(_ bytes: [UInt8]) -> (scalars: [Unicode.Scalar], problems: [Problem]) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var problems: [Problem] = []
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0, problems.count <= Parser.diagnosticLimit { problems.append(Problem(offset: scalars.count, message: "NUL byte in source")) }
                scalars.append(Unicode.Scalar(lead))
                index += 1
                continue
            }
            let (length, value) = sequence(in: bytes, at: index)
            if let value, let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
                index += length
            } else {
                if problems.count <= Parser.diagnosticLimit { problems.append(Problem(offset: scalars.count, message: "invalid UTF-8 byte \(hex(lead))")) }
                scalars.append("\u{FFFD}")
                index += max(length, 1)
            }
        }
        return (scalars, problems)
    }

    /// Reads the multi-byte sequence starting at `index`: its length and value, or the
    /// length of the ill-formed prefix and nil.
    private static func sequence(in bytes: [UInt8], at index: Int) -> (Int, UInt32?) {
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        // The allowed range of the second byte excludes overlong forms, surrogates and
        // values above U+10FFFF (Unicode table 3-7).
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2; value = UInt32(lead & 0x1F)
        case 0xE0: count = 3; value = 0; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3; value = UInt32(lead & 0x0F)
        case 0xED: count = 3; value = 0x0D; secondRange = 0x80...0x9F
        case 0xF0: count = 4; value = 0; secondRange = 0x90...0xBF
        case 0xF1...0xF3: count = 4; value = UInt32(lead & 0x07)
        case 0xF4: count = 4; value = 4; secondRange = 0x80...0x8F
        default: return (1, nil)
        }
        for position in 1..<count {
            let at = index + position
            guard at < bytes.count else { return (position, nil) }
            let byte = bytes[at]
            let allowed = position == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return (position, nil) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (count, value)
    }

    /// `0xE2`-style spelling of a byte.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}

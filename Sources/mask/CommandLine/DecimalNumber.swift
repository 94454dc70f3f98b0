/// Non-negative decimal numbers as the command line spells them (`--at 1.5`).
enum DecimalNumber {
    /// Digits with an optional fraction and exponent (`2`, `1.5`, `.5`, `3.`, `1e-3`), as a
    /// finite Double; nil for anything else. Swift's own `Double(_:)` also reads `0x10`
    /// (16), `inf`, `nan` and a leading `+`, none of which a user means as seconds.
    static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var i = 0
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let start = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            guard i > start else { return nil }
        }
        guard i == bytes.count, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}

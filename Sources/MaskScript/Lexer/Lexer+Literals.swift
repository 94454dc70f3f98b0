import MaskEngine

// MARK: - Numbers, strings and colours

extension Lexer {
    /// number -> DIGITS ("." DIGITS)? (("e" | "E") ("+" | "-")? DIGITS)? unit?
    /// unit   -> "s" | "ms" | "deg" | "%"
    ///
    /// The unit is applied here, so `250ms` is the number 0.25. A `%` right after the
    /// digits is always the percent unit; write `a % b` with a space for the remainder.
    /// An unknown unit or an infinite value is reported and gives an `.error` token.
    mutating func number() {
        let start = position
        skipDigits()
        if peek() == ".", let digit = peek(1), ("0"..."9").contains(digit) {
            position += 1
            skipDigits()
        }
        if peek() == "e" || peek() == "E" {
            let sign = peek(1) == "+" || peek(1) == "-" ? 1 : 0
            if let digit = peek(1 + sign), ("0"..."9").contains(digit) {
                position += 1 + sign
                skipDigits()
            }
        }
        let digitsEnd = position
        var value = Double(text(from: start)) ?? 0
        var valid = true
        if peek() == "%" {
            position += 1
            value /= 100
        } else if let scalar = peek(), Lexer.isIdentifierStart(scalar) {
            let unitStart = position
            while let next = peek(), Lexer.isIdentifierPart(next) { position += 1 }
            switch text(from: unitStart) {
            case "s": break
            case "ms": value /= 1000
            case "deg": value *= Double.pi / 180
            case let unit:
                report("unknown unit `\(Lexer.shortened(unit))`", from: unitStart)
                valid = false
            }
        }
        if valid, !value.isFinite {
            report("number too large", from: start, to: digitsEnd)
            valid = false
        }
        add(valid ? .number(value) : .error, from: start)
    }

    private mutating func skipDigits() {
        while let scalar = peek(), ("0"..."9").contains(scalar) { position += 1 }
    }

    /// string -> "\"" (CHARACTER | escape)* "\""
    /// escape -> "\n" | "\t" | "\\\"" | "\\\\" | "\u{" HEX{1,8} "}"
    ///
    /// A string ends at the end of its line: a line break inside is reported and the
    /// string is closed there, so the next line lexes normally. A string with any problem
    /// becomes an `.error` token, which the parser does not report again.
    mutating func string() {
        let start = position
        let problems = diagnostics.count
        position += 1
        var value = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                report("unterminated string", from: start, to: start + 1)
                break
            }
            if scalar == "\"" {
                position += 1
                break
            }
            if scalar == "\n" {
                report("newline in string", from: position, to: position)
                break
            }
            if scalar == "\\" {
                if let escaped = escape() { value.append(escaped) }
            } else {
                value.append(scalar)
                position += 1
            }
        }
        add(diagnostics.count == problems ? .string(String(value)) : .error, from: start)
    }

    /// Reads the escape at a backslash and returns its scalar, or reports it and returns nil.
    private mutating func escape() -> Unicode.Scalar? {
        let start = position
        position += 1
        guard let letter = peek(), letter != "\n" else { return nil }
        position += 1
        switch letter {
        case "n": return "\n"
        case "t": return "\t"
        case "\"": return "\""
        case "\\": return "\\"
        case "u": return unicodeEscape(from: start)
        default:
            report("invalid escape `\\\(Lexer.printable(letter))`", from: start)
            return nil
        }
    }

    /// Reads `{HEX}` after `\u`.
    private mutating func unicodeEscape(from start: Int) -> Unicode.Scalar? {
        guard peek() == "{" else {
            report("expected `{` after `\\u`", from: start)
            return nil
        }
        position += 1
        let digitsStart = position
        while let scalar = peek(), scalar.properties.isASCIIHexDigit { position += 1 }
        let digits = text(from: digitsStart)
        guard peek() == "}", !digits.isEmpty else {
            report("expected hex digits and `}` in `\\u{...}`", from: start)
            return nil
        }
        position += 1
        guard digits.count <= 8, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            report("invalid code point `\\u{\(Lexer.shortened(digits))}`", from: start)
            return nil
        }
        return scalar
    }

    /// colour -> "#" HEX{3} | "#" HEX{4} | "#" HEX{6} | "#" HEX{8}
    ///
    /// A bad colour is reported and becomes an `.error` token.
    mutating func colour() {
        let start = position
        position += 1
        let digitsStart = position
        while let scalar = peek(), Lexer.isIdentifierPart(scalar) { position += 1 }
        let digits = Array(text(from: digitsStart).unicodeScalars)
        if let colour = Lexer.colour(hex: digits) {
            add(.color(colour), from: start)
            return
        }
        if digits.isEmpty {
            report("expected hex digits after `#`", from: start)
        } else {
            report("invalid colour `#\(Lexer.shortened(text(from: digitsStart)))`; "
                   + "expected 3, 4, 6 or 8 hex digits", from: start)
        }
        add(.error, from: start)
    }

    /// The colour spelt by 3, 4, 6 or 8 hex digits, or nil.
    static func colour(hex digits: [Unicode.Scalar]) -> Color? {
        var values: [Double] = []
        for digit in digits {
            guard let value = Int(String(digit), radix: 16) else { return nil }
            values.append(Double(value))
        }
        let channels: [Double]
        switch values.count {
        case 3, 4:
            channels = values.map { (value: Double) -> Double in value * 17 / 255 }
        case 6, 8:
            channels = stride(from: 0, to: values.count, by: 2).map { (index: Int) -> Double in
                let high: Double = values[index], low: Double = values[index + 1]
                return (high * 16 + low) / 255
            }
        default: return nil
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2],
                     alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// Long user text cut down for a message.
    static func shortened(_ text: String) -> String {
        text.unicodeScalars.count <= 20 ? text : String(text.prefix(20)) + "…"
    }

    /// A scalar as message text: itself, or `U+XXXX` when it would not be visible.
    static func printable(_ scalar: Unicode.Scalar) -> String {
        let shown = display(scalar)
        return shown.hasPrefix("'") ? String(scalar) : shown
    }
}

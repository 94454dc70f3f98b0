/// Text from a script (a message quoting a string, a line of source) made safe to print
/// on a terminal: control characters are shown as escapes (`\u{1b}`), so an image path
/// holding `ESC ] 0 ; … BEL` cannot retitle the terminal or move its cursor.
public enum TerminalText {
    /// `text` with every control character but tab written as `\u{…}`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) { out.append(contentsOf: escape.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// The escape shown for `scalar`, or nil when it is printed as itself.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : nil
    }

    /// C0 controls but tab, DEL, and the C1 controls (which some terminals obey too).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}

/// How many terminal cells a character takes, as `wcwidth` counts them: two for East
/// Asian wide and full-width characters (CJK ideographs, kana, Hangul syllables,
/// full-width forms) and emoji shown as emoji, none for combining marks and invisible
/// format characters (a zero-width joiner, a variation selector), one for the rest.
/// Diagnostics count columns this way so that a caret stands under the character it names.
enum TerminalCells {
    /// The cells of one character.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where scalar != "\u{AD}": return 0
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return properties.isEmojiPresentation ? 2 : 1
        }
    }

    /// The cells of a run of characters.
    static func width(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + width(of: $1) }
    }
}

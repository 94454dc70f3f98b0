import MaskEngine

/// A text layer's `string` set at a time, to check for characters no font has once the
/// script has finished (its `font` may be set after the string, in the same body).
struct TextCheck {
    let layer: LayerID
    let time: Double
    let range: SourceRange
    /// The file `range` is in, when it is not the one being run (a function of an
    /// imported file set the string).
    let source: SourceFile?
}

extension Interpreter {
    /// The most strings checked for missing characters: each distinct one is shaped once,
    /// so a script setting thousands of strings in a loop costs no more than this many.
    static let textCheckLimit = 1_000

    /// Notes that a text layer's `string` was set at `range`.
    func noteStringSet(of layer: LayerID, at time: Double, range: SourceRange) {
        guard textChecks.count < Interpreter.textCheckLimit else { return }
        textChecks.append(TextCheck(layer: layer, time: time, range: range, source: runningCode?.takeUnretainedValue().source))
    }

    /// A warning at each `string:` value holding characters that neither the layer's font
    /// nor any fallback font fontconfig offers has (the frame draws the font's
    /// missing-glyph box for them), and one for characters whose colour glyph is COLR
    /// version 1 (drawn as a plain outline). Each string and font is reported once, and the strings
    /// are forgotten: the next call reports only strings set after this one (as the REPL
    /// asks after each input).
    /// - Parameter fileName: the file being run, where strings set outside functions of
    ///   other files are.
    public func takeTextWarnings(in fileName: String) -> [Diagnostic] {
        defer { textChecks.removeAll() }
        var seen = Set<String>()
        var warnings: [Diagnostic] = []
        for check in textChecks {
            guard let state = try? scene.state(of: check.layer, at: check.time), !state.string.isEmpty,
                  let font = try? state.font ?? Font.defaultFont() else { continue }
            guard seen.insert("\(check.range.start.offset) \(ObjectIdentifier(font)) \(state.string)").inserted else { continue }
            let file = check.source?.name ?? fileName
            let missing = font.missingCharacters(in: state.string)
            if !missing.isEmpty {
                let fallbacks = font.fallbackFontCount
                warnings.append(Diagnostic(.warning,
                    "no installed font has \(Interpreter.listed(missing)) (tried \(font.name) and \(fallbacks) fallback "
                        + "font\(fallbacks == 1 ? "" : "s") from fontconfig); \(missing.count == 1 ? "it draws" : "they draw") "
                        + "as the font's missing-glyph box",
                    at: check.range, in: file))
            }
            let uncolored = font.uncoloredCharacters(in: state.string)
            if !uncolored.isEmpty {
                warnings.append(Diagnostic(.warning,
                    "the colour glyph\(uncolored.count == 1 ? "" : "s") of \(Interpreter.listed(uncolored)) "
                        + "\(uncolored.count == 1 ? "is" : "are") COLR version 1 (gradients and transforms), which is not "
                        + "drawn in colour; \(uncolored.count == 1 ? "it draws" : "they draw") as a plain outline in the text colour",
                    at: check.range, in: file))
            }
        }
        return warnings
    }

    /// Characters as `U+XXXX`, the first eight of them and how many more.
    private static func listed(_ scalars: [Unicode.Scalar]) -> String {
        scalars.prefix(8).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
            + (scalars.count > 8 ? " and \(scalars.count - 8) more" : "")
    }
}

/// The one layout of a script that `mask fmt` writes.
///
/// The formatter works on the script's own tokens, so it can only change the spaces and
/// line breaks between them, the `;` and `,` that separate statements and list items,
/// and the order of `animate` clauses (which carries no meaning): a formatted script
/// renders exactly as the original. The rules:
/// - two spaces a level of `{ }`; one statement a line; a block written on one line stays
///   on one line (`canvas { size: [300, 40]; fps: 30 }`) while it fits in `width`;
/// - one space around binary operators and `=`, after `:` and `,`, none inside brackets;
/// - blank lines kept between statements, collapsed to one; none at the start of a block;
/// - a comment stays where it was: on its own line (indented with the code) or at the end
///   of the line of the code before it (after two spaces);
/// - `animate` clauses in the order of Grammar.md (`from to keys times over delay ease
///   repeat autoreverse stagger order`);
/// - a bracketed list or argument list too long for the line gets one item a line, each
///   with a trailing comma.
///
/// Formatting twice gives what formatting once gave. A script with syntax errors is not
/// formatted.
public enum ScriptFormatter {
    /// The line width lists are wrapped at.
    public static let width = 100

    /// The formatted text of a script.
    /// - Throws: `DiagnosticList` with the syntax errors when the script does not parse.
    public static func format(_ file: SourceFile) throws(DiagnosticList) -> String {
        String(decoding: try formattedBytes(file), as: UTF8.self)
    }

    /// The formatted text of a script as UTF-8, without the copy a `String` would be.
    ///
    /// Memory: at most about 65 bytes per byte of script (measured on the worst case, a
    /// list literal of one-digit items, one token a byte; docs/Reference.md), reached in
    /// the parse that checks the syntax; the layout itself takes 16 bytes a token for the
    /// tokens, 5 an entry for the layout (about 1.5 entries a token) and the text it writes.
    /// - Throws: `DiagnosticList` with the syntax errors when the script does not parse.
    public static func formattedBytes(_ file: SourceFile) throws(DiagnosticList) -> [UInt8] {
        let diagnostics = Parser.parse(file).diagnostics
        if let errors = DiagnosticList(diagnostics.filter { $0.severity == .error }) { throw errors }
        let (layout, tokens) = LayoutBuilder.layOut(FormatTokens(file: file))
        var text = layout.render(width: width, tokens)
        if !text.isEmpty { text.append(UInt8(ascii: "\n")) }
        return text
    }
}

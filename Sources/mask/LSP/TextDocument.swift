/// One open document: its text as the client last sent it, and its version.
///
/// The text is kept as Unicode scalars, the unit `SourceFile` and the diagnostics count
/// in; edits arrive in UTF-16 positions and go through a `LineIndex`.
struct TextDocument {
    /// The document's URI, as the client names it.
    let uri: String
    /// The client's version number, echoed in diagnostics.
    var version: Int?
    /// The text.
    private(set) var scalars: [Unicode.Scalar]

    /// A document with the text the client opened.
    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        scalars = Array(text.unicodeScalars)
    }

    /// The text as a string.
    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Replaces the whole text (a change without a range).
    mutating func replaceAll(with text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Replaces the text between two positions (an incremental change). Positions past the
    /// end are clamped, and a start after the end is treated as the end, so no edit can
    /// fail: the client resends the whole text if it thinks the copies drifted apart.
    mutating func replace(from start: Position, to end: Position, with text: String) {
        let index = LineIndex(scalars)
        let low = index.offset(of: start)
        let high = max(low, index.offset(of: end))
        scalars.replaceSubrange(low..<high, with: Array(text.unicodeScalars))
    }
}

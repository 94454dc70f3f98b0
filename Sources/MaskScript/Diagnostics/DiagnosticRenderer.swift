/// Formats diagnostics for a terminal:
///
/// ```
/// scene.mask:4:17: error: expected `)` after arguments
///     4 | circle(50, 50
///       |                 ^
/// ```
///
/// A range that stays on one line is underlined `^~~~`. Tabs before the caret are copied
/// into the caret line so the caret stays under its column whatever the tab width.
/// Columns are shown in terminal cells (`TerminalCells`: a CJK character or an emoji is
/// two), so `LINE:COL` names the cell the caret stands under.
public struct DiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours: bold red `error`, bold yellow `warning`, bold cyan
    /// `note`, bold message.
    public var colored: Bool

    /// Creates a renderer.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// Renders a list of diagnostics, each followed by its notes, separated by newlines.
    public func render(_ diagnostics: [Diagnostic], source: SourceFile?) -> String {
        diagnostics.map { render($0, source: source) }.joined(separator: "\n")
    }

    /// Renders diagnostics that may point into imported files: each shows the line of
    /// the file it names (`imported`, by `SourceFile.name`), or else of `source`.
    public func render(_ diagnostics: [Diagnostic], source: SourceFile?, imported: [SourceFile]) -> String {
        diagnostics.map { render($0, source: source, imported: imported) }.joined(separator: "\n")
    }

    /// Renders one diagnostic and its notes; the snippet is left out when `source` is nil
    /// or does not have the line. The result has no trailing newline.
    public func render(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
        render(diagnostic, source: source, imported: [])
    }

    /// Renders one diagnostic and its notes, each with the line of the file it names
    /// (`imported`, by `SourceFile.name`), or else of `source`. The column in the header
    /// counts terminal cells (East Asian wide characters two), as the caret does.
    private func render(_ diagnostic: Diagnostic, source: SourceFile?, imported: [SourceFile]) -> String {
        let file = imported.first { $0.name == diagnostic.fileName && $0.name != source?.name } ?? source
        var text: String?
        if let file, file.name == diagnostic.fileName { text = file.lineText(diagnostic.range.start.line) }
        var column = diagnostic.range.start.column
        if let text {
            column = TerminalCells.width(of: text.unicodeScalars.prefix(max(column - 1, 0))) + 1
        }
        var lines = [header(diagnostic, column: column)]
        if let text { lines += snippet(diagnostic.range, text: text) }
        for note in diagnostic.notes {
            lines.append(render(note, source: source, imported: imported))
        }
        return lines.joined(separator: "\n")
    }

    private func header(_ diagnostic: Diagnostic, column: Int) -> String {
        let location = "\(diagnostic.fileName):\(diagnostic.range.start.line):\(column): "
        let severity = diagnostic.severity.rawValue
        guard colored else { return location + severity + ": " + diagnostic.message }
        let colour: String
        switch diagnostic.severity {
        case .error: colour = "\u{1B}[1;31m"
        case .warning: colour = "\u{1B}[1;33m"
        case .note: colour = "\u{1B}[1;36m"
        }
        let reset = "\u{1B}[0m"
        return location + colour + severity + reset + ": \u{1B}[1m" + diagnostic.message + reset
    }

    /// Lines longer than this are shown as a window around the column (a generated or
    /// minified script may have a line of megabytes).
    static let longLine = 160
    /// How much of a long line is shown, and how much of it before the column.
    static let window = 120, lead = 40

    private func snippet(_ range: SourceRange, text: String) -> [String] {
        let number = String(range.start.line)
        let width = max(5, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number
        let blank = String(repeating: " ", count: width)
        var scalars = Array(text.unicodeScalars)
        var column = max(range.start.column - 1, 0)
        var end = range.end.line == range.start.line ? max(range.end.column - 1, column + 1) : column + 1
        var shown = text
        if scalars.count > DiagnosticRenderer.longLine {
            let first = max(0, min(column - DiagnosticRenderer.lead, scalars.count - DiagnosticRenderer.window))
            let last = min(scalars.count, first + DiagnosticRenderer.window)
            var view = String.UnicodeScalarView()
            if first > 0 { view.append("…") }
            view.append(contentsOf: scalars[first..<last])
            if last < scalars.count { view.append("…") }
            shown = String(view)
            let shift = first - (first > 0 ? 1 : 0)
            column -= shift
            end = min(end - shift, view.count)
            scalars = Array(view)
        }
        var padding = String.UnicodeScalarView()
        for index in 0..<column {
            guard index < scalars.count else { padding.append(" "); continue }
            if scalars[index] == "\t" { padding.append("\t"); continue }
            padding.append(contentsOf: repeatElement(" ", count: TerminalCells.width(of: scalars[index])))
        }
        // The underline spans the cells of the range's characters, at least one.
        let spanned = scalars[min(column, scalars.count)..<min(max(end, column), scalars.count)]
        let cells = max(TerminalCells.width(of: spanned), 1)
        var underline = "^"
        if cells > 1 {
            underline += String(repeating: "~", count: cells - 1)
        }
        let caret = colored ? "\u{1B}[1;32m" + underline + "\u{1B}[0m" : underline
        return [gutter + " | " + shown, blank + " | " + String(padding) + caret]
    }
}

import MaskEngine

/// One message about a source file, from any phase (decoding, lexing, parsing, running).
///
/// Messages are short, start in lower case and name things in backticks:
/// "unknown name `foo`". Notes point at related places, such as the opener of an
/// unclosed bracket ("to close `{` at line 3").
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// The program cannot run.
        case error
        /// Suspicious but allowed.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// The message, without location or severity.
    public var message: String
    /// The source text the message is about; the caret goes under `range.start`.
    public var range: SourceRange
    /// The name of the file, as shown before the line and column.
    public var fileName: String
    /// Related notes, rendered after this diagnostic.
    public var notes: [Diagnostic]
    /// The engine's own error behind a run-time diagnostic, when the scene refused what
    /// the script asked of it (`RuntimeError.cause`); nil otherwise.
    public var cause: SceneError?
    /// How the host's bounds stopped the run, for a diagnostic that reports that
    /// (`RuntimeError.stop`); nil otherwise.
    public var stop: RunStop?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at range: SourceRange, in fileName: String,
                notes: [Diagnostic] = [], cause: SceneError? = nil) {
        self.severity = severity
        self.message = message
        self.range = range
        self.fileName = fileName
        self.notes = notes
        self.cause = cause
    }

    /// The first line of the rendering: `FILE:LINE:COLUMN: SEVERITY: MESSAGE`.
    public var description: String {
        "\(fileName):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message)"
    }
}

/// A non-empty list of diagnostics, thrown when a phase fails.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, in source order; never empty.
    public let diagnostics: [Diagnostic]
    /// The source they point into, when known (a `Script` sets it), for `rendered`.
    public var source: SourceFile?
    /// The imported files some of them point into (a diagnostic's `fileName` is one of
    /// theirs), so `rendered` can show those lines too.
    public var importedSources: [SourceFile] = []
    /// For each diagnostic (by index), the text it points into when that is neither
    /// `source` nor found by name among `importedSources`: an earlier REPL input, also
    /// named `<repl>`. Nil entries, or none at all, fall back to those.
    var writtenIn: [SourceFile?] = []

    /// Wraps a list of diagnostics; nil when the list is empty.
    public init?(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return nil }
        self.diagnostics = diagnostics
    }

    /// Wraps a single diagnostic.
    public init(_ diagnostic: Diagnostic) {
        diagnostics = [diagnostic]
    }

    /// The diagnostics of several lists, in order, rendered against the first one's
    /// source and every file any of them points into; nil when they hold none.
    public init?(merging lists: [DiagnosticList]) {
        guard var merged = DiagnosticList(lists.flatMap(\.diagnostics)) else { return nil }
        merged.source = lists.first?.source
        var seen = Set<String>()
        merged.importedSources = lists.flatMap { [$0.source].compactMap { $0 } + $0.importedSources }
            .filter { seen.insert($0.name).inserted }
        self = merged
    }

    /// One `FILE:LINE:COLUMN: SEVERITY: MESSAGE` line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// The diagnostics as `mask` prints them: each with its source line and a caret
    /// under the place (when `source` is known), and its notes.
    /// - Parameter colored: ANSI colours, for a terminal.
    public func rendered(colored: Bool = false) -> String {
        let renderer = DiagnosticRenderer(colored: colored)
        guard writtenIn.contains(where: { $0 != nil }) else {
            return renderer.render(diagnostics, source: source, imported: importedSources)
        }
        return diagnostics.indices.map { i in
            let written = writtenIn.indices.contains(i) ? writtenIn[i] : nil
            return renderer.render([diagnostics[i]], source: written ?? source, imported: written == nil ? importedSources : [])
        }.joined(separator: "\n")
    }
}

import MaskEngine

/// Running scripts one after another into one interpreter, as a REPL or a live-coding
/// host does: each input is a `Script` (so parsing and its rule, never run with syntax
/// errors, are the ones `mask render` follows), and names, layers and animations of
/// earlier inputs stay visible to later ones.
extension Script {
    /// Runs the program into `interpreter`, which keeps what it builds for later scripts.
    /// Unlike `run(options:)`, the scene is not finished (a forever-repeating animation
    /// is not yet an error): a host finishes it when it renders (`Interpreter.finish`).
    /// - Parameter echo: receives the value of each top-level expression statement
    ///   (`1 + 2` gives `3`); nil when the host prints none.
    /// - Throws: `DiagnosticList` with every static error or the run-time error; nothing
    ///   of the run stays in the interpreter. A diagnostic inside a function written by an
    ///   earlier script (or an import) renders under that script's lines.
    public func run(in interpreter: Interpreter, echo: ((Value) -> Void)? = nil) throws(DiagnosticList) {
        do throws(ScriptErrors) {
            if let echo {
                try interpreter.run(statements, in: source, echo: echo)
            } else {
                try interpreter.execute(statements, in: source, echo: nil)
            }
        } catch {
            let located = error.errors.map { $0.diagnostic(running: source) }
            var list = DiagnosticList(located.map(\.diagnostic)) ?? DiagnosticList(error.first.diagnostic(in: source.name))
            list.source = source
            // An error moved to a call in `source` is shown there; the others where they happened.
            list.writtenIn = located.isEmpty ? [error.first.source]
                : zip(error.errors, located).map { $1.diagnostic.fileName == source.name && $0.source?.name != source.name ? nil : $0.source }
            var seen = Set<String>()
            list.importedSources = located.flatMap(\.files).filter { $0.name != source.name && seen.insert($0.name).inserted }
            throw list
        }
    }
}

import MaskScript

/// Why a command stopped early. `MaskTool` prints it and picks the exit status.
enum CommandFailure: Error {
    /// Errors in a script, printed with its source lines (exit 1).
    case diagnostics(DiagnosticList, SourceFile)
    /// A problem with the command's inputs or outputs, printed as `mask: error: MESSAGE`
    /// (exit 1).
    case input(String)
    /// Bad command-line usage (exit 2).
    case usage(UsageError)
    /// SIGINT or SIGTERM arrived; `summary` says what was done before it (exit 128 + signal).
    case interrupted(signal: Int32, summary: String?)
}

extension CommandFailure {
    /// The failure in one line, for a caller that reports it itself (the REPL).
    var message: String {
        switch self {
        case let .diagnostics(list, _): list.description
        case .input(let text): text
        case .usage(let error): error.message
        case let .interrupted(_, summary): summary ?? "interrupted"
        }
    }
}

import MaskEngine

/// An error while running a script: what went wrong and the source it points at.
public struct RuntimeError: Error, Sendable {
    /// The message, in the voice of every diagnostic ("`opacity` expects a number, got a colour").
    public var message: String
    /// The node that failed.
    public var range: SourceRange
    /// Further notes, each with its own place.
    public var notes: [(message: String, range: SourceRange)]
    /// The file the failing node was written in, when it is not the one being run: a
    /// function from an earlier REPL input, for instance. Nil for the file being run.
    public var source: SourceFile?
    /// The engine's own error, when the scene refused what the script asked of it (a mask
    /// cycle, a value a property does not take), so a host can act on its kind rather than
    /// parse the message. Nil for errors of the language itself.
    public var cause: SceneError?
    /// The calls the error came out of, innermost first: how to walk from a line of the
    /// script being run to the place in another file (an import) where it happened.
    public internal(set) var calls: [CallStep] = []
    /// The file `notes` point into when it is not the error's own (the declaration of a
    /// function of another file); nil when it is.
    var noteSource: SourceFile?
    /// Why the host's bounds stopped the run, when they did rather than an error of the
    /// script: a host that runs with small bounds (an editor) tells the two apart by this.
    public var stop: RunStop?

    /// Creates an error at a range.
    public init(_ message: String, at range: SourceRange, notes: [(message: String, range: SourceRange)] = []) {
        self.message = message
        self.range = range
        self.notes = notes
    }

    /// Creates an error at a range for what the engine refused: its message is the
    /// engine's, and `cause` keeps the error itself.
    public init(_ cause: SceneError, at range: SourceRange) {
        self.init(cause.description, at: range)
        self.cause = cause
    }
}

/// How a run was stopped by its host's bounds, not by a mistake in the script.
public enum RunStop: Sendable, Equatable {
    /// It took more than `Limits.steps` evaluation steps: the limit.
    case steps(Int)
    /// `ScriptOptions.isCancelled` returned true.
    case cancelled
}

/// A call an error came out of.
public struct CallStep: Sendable {
    /// The function called.
    public let function: String
    /// The call expression.
    public let site: SourceRange
    /// The file of the call expression; nil for the file being run.
    public internal(set) var source: SourceFile?
}

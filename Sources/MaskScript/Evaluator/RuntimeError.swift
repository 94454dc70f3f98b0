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

    /// Creates an error at a range.
    public init(_ message: String, at range: SourceRange, notes: [(message: String, range: SourceRange)] = []) {
        self.message = message
        self.range = range
        self.notes = notes
    }
}

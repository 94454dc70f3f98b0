/// A command line that cannot be run: the message, and the help command that explains
/// the right usage (`mask render --help`).
struct UsageError: Error, Equatable {
    /// What is wrong, starting in lower case: "unknown option '--foo'".
    let message: String
    /// The command that shows the relevant help.
    let helpCommand: String

    /// Creates an error that points at the help of `command` (nil: the overview).
    init(_ message: String, command: HelpTopic? = nil) {
        self.message = message
        helpCommand = command.map { "mask \($0.rawValue) --help" } ?? "mask --help"
    }
}

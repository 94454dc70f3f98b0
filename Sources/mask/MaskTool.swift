import MaskScript

/// The `mask` command: reads the command line, runs one command and turns its outcome
/// into an exit status, like jlox's `Lox.java` and Lua's `lua.c`.
///
/// Everything a user sees on failure is printed here, in one of three shapes: script
/// diagnostics (`FILE:LINE:COLUMN: error: ...` with the source line and a caret),
/// `mask: error: MESSAGE` for problems with the command's inputs and outputs, and the same
/// plus a pointer to the help for usage errors.
enum MaskTool {
    /// The version `mask --version` prints.
    static let version = "0.1.0"

    /// Runs the command that `arguments` (without the program name) ask for.
    /// - Returns: the process exit status (see `ExitStatus`).
    static func run(arguments: [String]) -> Int32 {
        do throws(CommandFailure) {
            let command: Command
            do { command = try CommandParser.parse(arguments) } catch { throw .usage(error) }
            return try execute(command)
        } catch {
            return report(error)
        }
    }

    /// Runs a command; returns its exit status when it did not fail.
    private static func execute(_ command: Command) throws(CommandFailure) -> Int32 {
        switch command {
        case .help(let topic):
            StandardStreams.writeOutput(HelpText.text(for: topic))
        case .version:
            StandardStreams.writeOutput("mask \(version)\n")
        case .render(let options):
            StopSignal.install()
            try RenderCommand(options: options).run()
        case let .check(path, lottie):
            StopSignal.install()
            try CheckCommand(scriptPath: path, lottie: lottie).run()
        case .watch(let options):
            StopSignal.install()
            return try WatchCommand(options: options).run()
        case .export(let options):
            StopSignal.install()
            try ExportCommand(options: options).run()
        case .serve(let options):
            StopSignal.install()
            return try ServeCommand(options: options).run()
        case .fmt(let options):
            return FormatCommand(options: options).run()
        case .lsp:
            return LSPCommand.run()
        case .repl(let path):
            // The REPL handles Ctrl-C itself (back to the prompt) and picks its own status.
            return Repl.run(file: path)
        }
        return ExitStatus.success
    }

    /// Prints a failure to standard error and returns its exit status.
    static func report(_ failure: CommandFailure) -> Int32 {
        let colored = StandardStreams.colorsErrors
        switch failure {
        case let .diagnostics(list, source):
            var list = list
            if list.source == nil { list.source = source }
            StandardStreams.writeError(list.rendered(colored: colored) + "\n")
            return ExitStatus.failure
        case .input(let message):
            StandardStreams.writeError(errorLine(message, colored: colored))
            return ExitStatus.failure
        case .usage(let error):
            StandardStreams.writeError(errorLine(error.message, colored: colored) + "see '\(error.helpCommand)'\n")
            return ExitStatus.usage
        case let .interrupted(signal, summary):
            if let summary { StandardStreams.writeError("mask: \(summary)\n") }
            return ExitStatus.interrupted(by: signal)
        }
    }

    /// `mask: error: MESSAGE` and a newline, with `error` in bold red when colouring.
    private static func errorLine(_ message: String, colored: Bool) -> String {
        let label = colored ? "\u{1B}[1;31merror\u{1B}[0m" : "error"
        return "mask: \(label): \(message)\n"
    }
}

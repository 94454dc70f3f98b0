import Foundation
import MaskEngine
import MaskScript

/// One REPL session: a persistent interpreter fed one input at a time, and the commands
/// that look at what it built.
///
/// Every input is its own small source file (`<repl>` at the prompt, numbered from line 1;
/// `<stdin>` when piped, numbered as the lines of standard input), parsed with the real
/// parser and run transactionally, so a failing input leaves nothing of itself behind.
final class ReplSession {
    /// How the session talks to the user.
    enum Mode {
        /// At a terminal: echo expression values, colour diagnostics.
        case interactive
        /// Reading a pipe or file: print only what the program prints, and diagnostics.
        case piped
    }

    let mode: Mode
    /// The interpreter holding every variable, layer and animation so far.
    var interpreter: Interpreter
    let resolver = ReplResolver()
    /// Every input that ran, in order, for rebuilding the session when a layer is
    /// declared again (`ReplSession+Replace.swift`).
    var history: [ReplInput] = []
    /// Silences `print` while the history is run again.
    let output = OutputGate()
    private let diagnostics: DiagnosticRenderer
    /// True once any input or command failed (the piped exit status).
    private(set) var hadError = false

    /// Creates a session with a fresh interpreter.
    init(mode: Mode) {
        self.mode = mode
        let environment = ProcessInfo.processInfo.environment
        let colored = mode == .interactive && Console.isTerminal(STDERR_FILENO) && (environment["NO_COLOR"] ?? "").isEmpty
        diagnostics = DiagnosticRenderer(colored: colored)
        interpreter = ReplSession.makeInterpreter(resolver: resolver, output: output)
    }

    static func makeInterpreter(resolver: ReplResolver, output: OutputGate) -> Interpreter {
        Interpreter(options: ScriptOptions(resources: resolver, output: { if !output.isMuted { Console.out($0) } },
                                           isCancelled: { Interrupt.isPending }))
    }

    // MARK: - Inputs

    /// Parses and runs one complete input.
    /// - Parameters:
    ///   - text: the input, one or more lines.
    ///   - firstLine: the line number of its first line, for diagnostics.
    /// - Returns: false when it had an error (already printed).
    @discardableResult
    func run(_ text: String, firstLine: Int = 1) -> Bool {
        let name = mode == .interactive ? "<repl>" : "<stdin>"
        let padding = String(repeating: "\n", count: max(0, firstLine - 1))
        let source = SourceFile(name: name, text: padding + text)
        return run(source)
    }

    /// Reads and runs a file into the session; its relative paths resolve against its folder.
    /// - Returns: false when it could not be read or had an error (already printed).
    @discardableResult
    func load(_ path: String) -> Bool {
        let bytes: [UInt8]
        do {
            bytes = try ScriptFile.read(path)
        } catch {
            return fail(error.description)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
        return resolver.resolving(against: directory) {
            run(SourceFile(name: path, bytes: bytes))
        }
    }

    private func run(_ source: SourceFile) -> Bool {
        let (statements, found) = Parser.parse(source)
        if !found.isEmpty { report(found, in: source) }
        guard !found.contains(where: { $0.severity == .error }) else { return false }
        if replaceLayers(declaredIn: statements, source: source) { return true }
        let echo = mode == .interactive
        do {
            try interpreter.run(statements, in: source) { value in
                if echo, !value.isNil { Console.out(value.description) }
            }
        } catch {
            Interrupt.take()
            // An error inside a function from an earlier input shows that input's text.
            for e in error.errors {
                let written = e.source ?? source
                report([e.diagnostic(in: written.name)], in: written)
            }
            return false
        }
        history.append(ReplInput(statements: statements, source: source, directory: resolver.directory))
        return true
    }

    // MARK: - Reporting

    /// Prints diagnostics of a source to standard error; errors count towards the exit status.
    func report(_ list: [Diagnostic], in source: SourceFile) {
        if list.contains(where: { $0.severity == .error }) { hadError = true }
        Console.error(diagnostics.render(list, source: source))
    }

    /// Prints `error: MESSAGE` to standard error and returns false.
    @discardableResult
    func fail(_ message: String) -> Bool {
        hadError = true
        Console.error((diagnostics.colored ? "\u{1B}[1;31merror\u{1B}[0m" : "error") + ": " + message)
        return false
    }

    // MARK: - Commands

    /// What the loop does after a command.
    enum Outcome {
        /// Read the next input.
        case proceed
        /// Leave the REPL.
        case quit
    }

    /// Carries out a `:command` line, printing its output or its error.
    func execute(command line: String) -> Outcome {
        do throws(ReplError) {
            let (command, argument) = try ReplCommand.parse(line)
            switch command {
            case .help: Console.out(ReplCommand.helpText)
            case .tree: Console.out(SceneTree(scene: interpreter.scene, at: interpreter.cursor).text)
            case .timeline: Console.out(TimelineListing(scene: interpreter.scene).text)
            case .show: try show(argument)
            case .save: try save(argument)
            case .render: try render(argument)
            case .value: try value(argument)
            case .load:
                guard !argument.isEmpty else { throw ReplError("`:load` needs a file name") }
                load(argument)
            case .reset:
                interpreter = ReplSession.makeInterpreter(resolver: resolver, output: output)
                history = []
                Console.out("reset: the session is empty")
            case .quit: return .quit
            }
        } catch {
            if let message = error.message { fail(message) } else { hadError = true }
        }
        return .proceed
    }
}

extension Value {
    /// True for `nil`, which an echo leaves unprinted (so `print(x)` shows once).
    var isNil: Bool {
        if case .nil = self { return true }
        return false
    }
}

import Foundation
import MaskEngine
import MaskScript

/// One REPL session: a persistent interpreter fed one input at a time, and the commands
/// that look at what it built.
///
/// Every input is its own small source file (`<repl>` at the prompt, numbered from line 1;
/// `<stdin>` when piped, numbered as the lines of standard input), made a `Script` and run
/// into the session's interpreter (`Script.run(in:echo:)`), transactionally, so a failing
/// input leaves nothing of itself behind.
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
    /// Whether diagnostics and `error:` are coloured.
    private let colored: Bool
    /// True once any input or command failed (the piped exit status).
    private(set) var hadError = false

    /// Creates a session with a fresh interpreter.
    init(mode: Mode) {
        self.mode = mode
        let environment = ProcessInfo.processInfo.environment
        colored = mode == .interactive && Console.isTerminal(STDERR_FILENO) && (environment["NO_COLOR"] ?? "").isEmpty
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
        let script: Script
        do {
            script = try Script(contentsOf: path)
        } catch let error as DiagnosticList {
            return report(error)
        } catch {
            return fail(String(describing: error))
        }
        return resolver.resolving(against: script.folder ?? CurrentDirectory.path) {
            run(script)
        }
    }

    /// Parses one input as a `Script`, as `mask render` parses a file.
    private func run(_ source: SourceFile) -> Bool {
        do { return run(try Script(source: source)) } catch { return report(error) }
    }

    private func run(_ script: Script) -> Bool {
        if replaceLayers(declaredIn: script.statements, source: script.source) { return true }
        let echo = mode == .interactive
        do {
            try script.run(in: interpreter, echo: echo ? { value in if !value.isNil { Console.out(value.description) } } : nil)
        } catch {
            Interrupt.take()
            return report(error)
        }
        history.append(ReplInput(statements: script.statements, source: script.source, directory: resolver.directory))
        // A warning inside another file (an earlier input's function, an import) is shown
        // without a line of it.
        for warning in interpreter.takeTextWarnings(in: script.source.name) {
            Console.error(DiagnosticRenderer(colored: colored).render(warning, source: warning.fileName == script.source.name ? script.source : nil))
        }
        return true
    }

    // MARK: - Reporting

    /// Prints diagnostics to standard error, each under the text it points into; they
    /// count towards the exit status.
    /// - Returns: false, for the input or command that failed.
    @discardableResult
    func report(_ list: DiagnosticList) -> Bool {
        if list.diagnostics.contains(where: { $0.severity == .error }) { hadError = true }
        Console.error(list.rendered(colored: colored))
        return false
    }

    /// Prints the error of a command's argument, under the argument's text.
    func report(_ error: RuntimeError, in source: SourceFile) {
        var list = DiagnosticList(error.diagnostic(in: source.name))
        list.source = source
        report(list)
    }

    /// Prints `error: MESSAGE` to standard error and returns false.
    @discardableResult
    func fail(_ message: String) -> Bool {
        hadError = true
        Console.error((colored ? "\u{1B}[1;31merror\u{1B}[0m" : "error") + ": " + message)
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
                if load(argument), mode == .interactive { Console.error("loaded \(argument)") }
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

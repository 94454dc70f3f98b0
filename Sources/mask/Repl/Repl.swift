import Foundation

/// `mask repl [FILE]`: statements typed (or piped) one input at a time into the same
/// interpreter `mask render` uses, so what works in a file works at the prompt.
enum Repl {
    /// Runs the REPL and returns the exit status: interactively with readline when
    /// standard input is a terminal (status 0), otherwise reading statements without
    /// prompts (status 1 when any input had an error).
    /// - Parameter file: a script to load first.
    static func run(file: String?) -> Int32 {
        Console.isTerminal(STDIN_FILENO) ? interactive(file: file) : piped(file: file)
    }

    private static func interactive(file: String?) -> Int32 {
        let session = ReplSession(mode: .interactive)
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let editor = LineEditor(historyPath: home.map { ($0 as NSString).appendingPathComponent(".mask_history") })
        Interrupt.install()
        Console.out("mask repl: type statements, :help for commands, Ctrl-D to leave")
        if let file { session.load(file) }
        var pending: [String] = []
        editor.completer = { prefix, line, start in
            Completion.candidates(for: prefix, line: line, wordStart: start,
                                  pending: pending.map { $0 + "\n" }.joined(), interpreter: session.interpreter)
        }
        editor.onCancel = { pending = [] }
        while let line = editor.readLine(continuing: !pending.isEmpty) {
            if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).hasPrefix(":") {
                editor.remember(line)
                let outcome = session.execute(command: line.trimmingCharacters(in: .whitespaces))
                Interrupt.take()
                if case .quit = outcome { break }
                continue
            }
            if pending.isEmpty, line.allSatisfy(\.isWhitespace) { continue }
            pending.append(line)
            let text = pending.joined(separator: "\n")
            guard OpenBrackets(text).isEmpty else { continue }
            pending = []
            // The whole input is one history entry, so up-arrow recalls a block whole.
            editor.remember(text)
            session.run(text)
            Interrupt.take()
        }
        editor.saveHistory()
        return 0
    }

    private static func piped(file: String?) -> Int32 {
        let session = ReplSession(mode: .piped)
        if let file { session.load(file) }
        var pending: [String] = []
        var firstLine = 1, lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            if pending.isEmpty {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix(":") {
                    if case .quit = session.execute(command: trimmed) { break }
                    continue
                }
                if trimmed.isEmpty { continue }
                firstLine = lineNumber
            }
            pending.append(line)
            let text = pending.joined(separator: "\n")
            guard OpenBrackets(text).isEmpty else { continue }
            pending = []
            session.run(text, firstLine: firstLine)
        }
        if !pending.isEmpty {
            session.run(pending.joined(separator: "\n"), firstLine: firstLine)
        }
        return session.hadError ? 1 : 0
    }
}

/// Turns the words after the program name into a `Command`.
///
/// ```
/// mask render FILE.mask [options]     mask check FILE.mask [--lottie]
/// mask watch FILE.mask [options]     mask serve FILE.mask [options]
/// mask repl [FILE.mask]               mask help [COMMAND]
/// mask lsp
/// mask --help | --version
/// ```
enum CommandParser {
    /// The command names, for "did you mean" hints.
    static let commandNames = HelpTopic.allCases.map(\.rawValue)
    /// The options accepted before a command.
    static let globalOptions = ["--help", "-h", "--version"]

    /// The command the words ask for.
    /// - Throws: `UsageError` for a missing or unknown command, or bad arguments to it.
    static func parse(_ words: [String]) throws(UsageError) -> Command {
        guard let first = words.first else {
            throw UsageError("no command given; to render a script, run 'mask render FILE.mask'")
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "-h", "--help":
            try expectNothing(after: first, in: rest, command: nil)
            return .help(nil)
        case "--version":
            try expectNothing(after: first, in: rest, command: nil)
            return .version
        case "help":
            return .help(try helpTopic(rest))
        case "render":
            return try RenderArguments.parse(rest).map(Command.render) ?? .help(.render)
        case "watch":
            return try RenderArguments.parseWatch(rest).map(Command.watch) ?? .help(.watch)
        case "fmt":
            return try FormatArguments.parse(rest).map(Command.fmt) ?? .help(.fmt)
        case "export":
            return try ExportArguments.parse(rest).map(Command.export) ?? .help(.export)
        case "serve":
            return try ServeArguments.parse(rest).map(Command.serve) ?? .help(.serve)
        case "check":
            switch try ScriptArguments.parse(rest, command: .check) {
            case .help: return .help(.check)
            case .script(let path?, let flags): return .check(scriptPath: path, lottie: flags.contains("--lottie"))
            case .script(nil, _): throw UsageError("missing the script to check: mask check FILE.mask [--lottie]", command: .check)
            }
        case "lsp":
            switch try ScriptArguments.parse(rest, command: .lsp) {
            case .help: return .help(.lsp)
            case .script(nil, _): return .lsp
            case .script(let word?, _): throw UsageError("unexpected argument '\(word)': lsp takes none", command: .lsp)
            }
        case "repl":
            switch try ScriptArguments.parse(rest, command: .repl) {
            case .help: return .help(.repl)
            case .script(let path, _): return .repl(scriptPath: path)
            }
        default:
            if first.hasPrefix("-") {
                let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
                throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: globalOptions))
            }
            throw UsageError("unknown command '\(first)'" + OptionSuggestion.hint(for: first, among: commandNames))
        }
    }

    /// The topic of `mask help [COMMAND]`.
    private static func helpTopic(_ words: [String]) throws(UsageError) -> HelpTopic? {
        guard let word = words.first else { return nil }
        if word == "-h" || word == "--help" { return .help }
        try expectNothing(after: word, in: Array(words.dropFirst()), command: .help)
        guard let topic = HelpTopic(rawValue: word) else {
            throw UsageError("no help for '\(word)': it is not a command" + OptionSuggestion.hint(for: word, among: commandNames),
                             command: .help)
        }
        return topic
    }

    private static func expectNothing(after word: String, in rest: [String], command: HelpTopic?) throws(UsageError) {
        if let extra = rest.first {
            throw UsageError("unexpected argument '\(extra)' after '\(word)'", command: command)
        }
    }
}

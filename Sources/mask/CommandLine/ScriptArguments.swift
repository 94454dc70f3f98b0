/// Parses the words after `mask check`, `mask lsp` and `mask repl`: at most one script,
/// `-h`/`--help`, and the flags a command has (`check --lottie`).
enum ScriptArguments {
    /// Every option these commands accept, for "did you mean" hints.
    static let optionNames = ["--help", "-h"]

    /// The flags each command takes besides `--help`.
    static func flags(of command: HelpTopic) -> [String] {
        command == .check ? ["--lottie"] : []
    }

    /// What the words ask for.
    enum Request: Equatable {
        /// The command's help page.
        case help
        /// Run the command on this script (nil: none given), with these flags.
        case script(String?, flags: Set<String> = [])
    }

    /// Parses the words of `command`.
    /// - Throws: `UsageError` for an unknown option or an extra argument.
    static func parse(_ words: [String], command: HelpTopic) throws(UsageError) -> Request {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
        var stream = ArgumentStream(words)
        var files: [String] = []
        var flags = Set<String>()
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case .option(let name, nil) where ScriptArguments.flags(of: command).contains(name):
                flags.insert(name)
            case .option(let name, _):
                throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames + ScriptArguments.flags(of: command)),
                                 command: command)
            }
        }
        try ScriptWord.atMostOne(of: files, command: command)
        return .script(files.first, flags: flags)
    }
}

/// Parses the words after `mask fmt`: one or more scripts, and `--check` or `-w`.
enum FormatArguments {
    /// Every option `fmt` accepts, for "did you mean" hints.
    static let optionNames = ["--check", "--write", "-w", "--help", "-h"]

    /// The options the words ask for, or nil when they ask for help.
    /// - Throws: `UsageError` for an unknown option, no script, or both modes at once.
    static func parse(_ words: [String]) throws(UsageError) -> FormatOptions? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var files: [String] = []
        var check = false, write = false
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case let .option(name, attached):
                guard attached == nil || !optionNames.contains(name) else {
                    throw UsageError("option '\(name)' takes no value", command: .fmt)
                }
                switch name {
                case "--check": check = true
                case "-w", "--write": write = true
                default:
                    throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames), command: .fmt)
                }
            }
        }
        guard !files.isEmpty else { throw UsageError("missing the scripts to format: mask fmt FILE.mask...", command: .fmt) }
        guard !(check && write) else {
            throw UsageError("'--check' only reports and '-w' rewrites; give one of them", command: .fmt)
        }
        return FormatOptions(files: files, mode: check ? .check : write ? .write : .print)
    }
}

/// A validated `mask fmt` command line.
struct FormatOptions: Equatable {
    /// What to do with the formatted text.
    enum Mode: Equatable {
        /// Print it to standard output.
        case print
        /// Say which files are not formatted; exit 1 if any.
        case check
        /// Rewrite the files that are not formatted.
        case write
    }

    /// The scripts, as typed.
    var files: [String]
    var mode: Mode
}

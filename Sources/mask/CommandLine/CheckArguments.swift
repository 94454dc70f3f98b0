/// Parses the words after `mask check`: one script, and `-h`/`--help`.
enum CheckArguments {
    /// Every option `check` accepts, for "did you mean" hints.
    static let optionNames = ["--help", "-h"]

    /// The script to check, or nil when the words ask for help.
    /// - Throws: `UsageError` for an unknown option or a missing or extra file.
    static func parse(_ words: [String]) throws(UsageError) -> String? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var files: [String] = []
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case .option(let name, _):
                throw UsageError("unknown option '\(name)'" + Spelling.hint(for: name, among: optionNames), command: .check)
            }
        }
        guard let path = files.first else {
            throw UsageError("missing the script to check: mask check FILE.mask", command: .check)
        }
        guard files.count == 1 else {
            throw UsageError("unexpected argument '\(files[1])': check takes one script", command: .check)
        }
        return path
    }
}

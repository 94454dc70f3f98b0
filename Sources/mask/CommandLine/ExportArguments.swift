/// Parses the words after `mask export`: one script and `-o OUT.json`.
enum ExportArguments {
    /// Every option `export` accepts, for "did you mean" hints.
    static let optionNames = ["--output", "-o", "--help", "-h"]

    /// The options the words ask for, or nil when they ask for help.
    /// - Throws: `UsageError` for an unknown option, a missing or extra script, or a
    ///   missing output.
    static func parse(_ words: [String]) throws(UsageError) -> ExportOptions? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var files: [String] = []
        var output: String?
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case let .option(name, attached):
                switch name {
                case "-o", "--output":
                    let value = try stream.value(of: name, attached: attached, expecting: "the Lottie file, OUT.json",
                                                 command: .export)
                    guard !value.isEmpty else { throw UsageError("option '\(name)' needs a non-empty path", command: .export) }
                    output = value
                default:
                    throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames),
                                     command: .export)
                }
            }
        }
        let script = try ScriptWord.one(of: files, command: .export, usage: "export FILE.mask -o OUT.json")
        guard let output else {
            throw UsageError("missing the output: mask export \(script) -o OUT.json", command: .export)
        }
        return ExportOptions(script: script, output: output)
    }
}

/// A validated `mask export` command line.
struct ExportOptions: Equatable {
    /// The script, as typed.
    var script: String
    /// Where the Lottie JSON goes.
    var output: String
}

/// One word of a command line, classified.
enum Argument: Equatable {
    /// `--name`, `-n`, or `--name=value` / `-nVALUE` with the value attached.
    case option(String, attachedValue: String?)
    /// Anything else, and every word after `--`.
    case positional(String)
}

/// Walks command-line words the way `getopt_long` does: `--name=value` splits at the
/// first `=`, a one-letter option may carry its value attached (`-oframes`), `--` ends
/// the options, and an option's value may be the next word even if it starts with `-`
/// (so `--at -1` reaches the check that rejects negative times).
struct ArgumentStream {
    private var words: ArraySlice<String>
    private var optionsEnded = false

    /// Starts at the first word.
    init(_ words: some Collection<String>) {
        self.words = ArraySlice(words)
    }

    /// The next argument, or nil at the end.
    mutating func next() -> Argument? {
        guard let word = words.popFirst() else { return nil }
        if optionsEnded || word == "-" || !word.hasPrefix("-") { return .positional(word) }
        if word == "--" {
            optionsEnded = true
            return next()
        }
        if word.hasPrefix("--") {
            guard let equals = word.firstIndex(of: "=") else { return .option(word, attachedValue: nil) }
            return .option(String(word[..<equals]), attachedValue: String(word[word.index(after: equals)...]))
        }
        let name = String(word.prefix(2))
        let rest = word.dropFirst(2)
        return .option(name, attachedValue: rest.isEmpty ? nil : String(rest))
    }

    /// The value of `option`: the attached one, or else the next word.
    /// - Throws: `UsageError` when the words have run out.
    mutating func value(of option: String, attached: String?, expecting what: String,
                        command: HelpTopic) throws(UsageError) -> String {
        if let attached { return attached }
        guard let word = words.popFirst() else {
            throw UsageError("option '\(option)' needs a value (\(what))", command: command)
        }
        return word
    }
}

import MaskScript

/// Tab completion: what may come at the cursor, from the words of the language and the
/// session's state.
///
/// - after `:` at the start of an input: the command names;
/// - after `:load `: the files and folders the path typed so far starts;
/// - after `name.`: the properties of the layer `name` holds (of its first layer, for a
///   list), or the names of the import `name` binds (`fx.` for `import "effects" as fx`);
/// - inside `KIND [name] { ... }`: that kind's properties, besides keywords and names;
/// - inside `canvas { ... }`: the canvas settings;
/// - elsewhere: keywords and every name in scope, and the clause words on an `animate` line.
enum Completion {
    /// The canvas settings, as LANGUAGE.md section 4 lists them.
    private static let canvasSettings = ["size", "fps", "duration", "background"]
    /// The words an `animate` statement takes besides expressions.
    private static let animateWords = [
        "from", "to", "keys", "times", "over", "delay", "ease", "repeat", "forever", "autoreverse",
        "stagger", "order", "linear", "easeIn", "easeOut", "easeInOut", "cubic", "spring",
        "index", "reverse", "rows", "diagonal", "center", "random",
    ]

    /// What Tab offers.
    struct Result: Equatable {
        /// The candidates, sorted.
        var matches: [String]
        /// Whether a unique match gets a space after it: not for names in scope, which
        /// are often followed by `.`, `(` or `[`.
        var appendsSpace: Bool
    }

    /// The candidates starting with `prefix`.
    /// - Parameters:
    ///   - prefix: the word being completed.
    ///   - line: the line being edited.
    ///   - wordStart: the UTF-8 offset of the word in `line`.
    ///   - pending: the earlier lines of an unfinished input, each followed by a newline.
    ///   - interpreter: the session, for names in scope and what they hold.
    static func candidates(for prefix: String, line: String, wordStart: Int, pending: String,
                           interpreter: Interpreter) -> Result {
        let before = String(decoding: line.utf8.prefix(max(0, wordStart)), as: UTF8.self)
        let words: [String]
        if pending.isEmpty, before.trimmingLeadingSpaces == ":" {
            words = ReplCommand.allCases.map(\.rawValue)
        } else if pending.isEmpty, before.trimmingLeadingSpaces.hasPrefix(":load ") {
            // Readline's word stops at `/` and `.`: complete the whole path typed, then
            // offer what replaces the word.
            let typed = before.trimmingLeadingSpaces.dropFirst(":load ".count).drop { $0 == " " } + prefix
            let cut = typed.count - prefix.count
            let matches = FileNames.completions(of: String(typed)).map { String($0.dropFirst(cut)) }
            return Result(matches: matches, appendsSpace: matches.count == 1 && !(matches.first?.hasSuffix("/") ?? true))
        } else if before.last == "." {
            words = members(of: trailingName(of: before.dropLast()), in: interpreter)
        } else {
            switch OpenBrackets(pending + before).innermostBlock {
            case .canvas:
                words = canvasSettings
            case .layer(let kind):
                words = kind.propertyNames + general(before, interpreter)
            case .other, nil:
                words = general(before, interpreter)
            }
        }
        let matches = Set(words).filter { $0.hasPrefix(prefix) }.sorted()
        let names = interpreter.globalNames
        return Result(matches: matches, appendsSpace: !matches.allSatisfy { names.contains($0) })
    }

    /// Keywords, names in scope, and on an `animate` line its clause words.
    private static func general(_ before: String, _ interpreter: Interpreter) -> [String] {
        var words = Keyword.allCases.map(\.rawValue) + interpreter.globalNames
        if before.trimmingLeadingSpaces.hasPrefix("animate ") { words += animateWords }
        return words
    }

    /// The property names of what `name` holds, when that is a layer or a list of layers.
    private static func members(of name: String, in interpreter: Interpreter) -> [String] {
        switch interpreter.globalValue(named: name) {
        case .layer(let layer):
            return layer.kind.propertyNames
        case .list(let items):
            if case .layer(let layer) = items.first { return layer.kind.propertyNames }
            return []
        case .generator:
            return ["next"]
        case .namespace(let namespace):
            return namespace.names
        default:
            return []
        }
    }

    /// The identifier at the end of `text` (`box` in `animate box`).
    private static func trailingName(of text: Substring) -> String {
        String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }
}

private extension String {
    /// The text without leading spaces and tabs.
    var trimmingLeadingSpaces: Substring {
        drop { $0 == " " || $0 == "\t" }
    }
}

/// A recursive-descent parser that reports every syntax error of a file in one run.
///
/// Recovery follows jlox and Wren. Each problem is recorded as a `Diagnostic`; the parse
/// function that found it throws `SyntaxError`, which unwinds to the nearest statement
/// list; `synchronize(toDepth:)` then skips to the next statement boundary at that list's
/// brace depth and parsing carries on. A token the lexer already reported (`.error`) is
/// never reported again, two diagnostics never share a start, and when the token after a
/// wrong one is the expected one, the wrong one is reported and dropped without unwinding.
///
/// Limits, so that no input can exhaust the stack or the screen:
/// - one depth counter is shared by everything that nests (parentheses, lists, calls,
///   operands of operators, blocks and layer bodies); past `nestingLimit` the parser
///   reports one error and skips to the next top-level statement. `((((x))))` nests 4
///   deep, and so does `1 + 2 + 3 + 4 + 5`, whose tree is four `+` nodes deep;
/// - after `diagnosticLimit` errors in a file it stops with "too many errors".
public struct Parser {
    /// The deepest nesting accepted.
    static let nestingLimit = 256
    /// The most diagnostics reported for one file.
    static let diagnosticLimit = 100

    /// Where a statement list sits, which decides what it may contain.
    enum BodyContext {
        /// The top level of a file, or an `if`, `for` or `repeat` block in it.
        case topLevel
        /// A layer body, or a control-flow block inside one: properties and `mask` allowed.
        case layer
        /// A function body.
        case function
    }

    /// A problem already recorded; unwinds to the nearest statement list.
    struct SyntaxError: Error {}
    /// Nesting too deep or too many errors: unwinds to the top level, where parsing goes
    /// on with the next top-level statement.
    struct TopLevelUnwind: Error {}

    let file: SourceFile
    /// The tokens, read as the parser goes; `current` indexes them.
    let tokens: TokenWindow
    var current = 0
    var diagnostics: [Diagnostic] = []
    var depth = 0
    var context = BodyContext.topLevel
    var functionDepth = 0
    /// Set once a missing `}` has been reported at the end of the file, so that the
    /// enclosing unclosed blocks do not each add one more.
    var reportedUnclosedBrace = false
    /// Where the diagnostic limit was reached, after which every list stops.
    var stoppedAt: SourceRange?
    var stopped: Bool { stoppedAt != nil }

    private init(file: SourceFile) {
        self.file = file
        tokens = TokenWindow(file)
    }

    /// Parses a whole file. The diagnostics include the file's decoding problems and the
    /// lexer's, sorted by position; the statements must not be run when any is an error.
    ///
    /// Parsing runs on a private thread with a large stack (see `withLargeStack`), so the
    /// nesting limit holds whatever thread calls this. When the system refuses that
    /// thread, the file is parsed here; the nesting limit still bounds the recursion, to
    /// depths an optimised build's frames fit in any thread's stack.
    public static func parse(_ file: SourceFile) -> (statements: [Stmt], diagnostics: [Diagnostic]) {
        (try? withLargeStack { parseOnCurrentThread(file) }) ?? parseOnCurrentThread(file)
    }

    private static func parseOnCurrentThread(_ file: SourceFile) -> (statements: [Stmt], diagnostics: [Diagnostic]) {
        var parser = Parser(file: file)
        let statements = parser.program()
        parser.tokens.readToEnd()
        let all = file.decodingDiagnostics + parser.tokens.diagnostics + parser.diagnostics
        let sorted = all.enumerated().sorted {
            ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset)
        }.map(\.element)
        let cut = sorted.count > diagnosticLimit ? sorted[diagnosticLimit].range : parser.stoppedAt
        guard let cut else { return (statements, sorted) }
        let tooMany = Diagnostic(.error, "too many errors (limit \(diagnosticLimit)); stopping",
                                 at: cut, in: file.name)
        return (statements, Array(sorted.prefix(diagnosticLimit)) + [tooMany])
    }

    /// program -> separator* (statement (separator+ statement)*)? separator* EOF
    private mutating func program() -> [Stmt] {
        var statements: [Stmt] = []
        while !stopped {
            skipSeparators()
            if check(.eof) { break }
            if check(.rightBrace) {
                // After an error on the same line, a stray `}` is most likely its echo.
                let stray = advance()
                if diagnostics.last?.range.start.line != stray.range.start.line {
                    report("unexpected `}`", at: stray.range)
                }
                continue
            }
            let start = current
            if let previous = statements.last, reportAnimateContinuation(after: previous) {
                synchronize(toDepth: 0)
                continue
            }
            do {
                try statementAndEnd(into: &statements)
            } catch {
                // A fatal nesting error leaves `depth` already unwound by the defers.
                synchronize(toDepth: 0)
            }
            if current == start { advance() }
        }
        return statements
    }

    // MARK: - Tokens

    /// The token being looked at.
    var token: Token { tokens[current] }
    /// The last token consumed.
    var previous: Token { tokens[max(current - 1, 0)] }

    /// The kind of the token `ahead` tokens after the current one (eof past the end).
    func peekKind(_ ahead: Int) -> Token.Kind {
        tokens[current + ahead].kind
    }

    /// The number of `{` open before the current token.
    var braceDepth: Int { tokens.braceDepth(at: current) }

    func check(_ kind: Token.Kind) -> Bool { token.kind == kind }

    /// Consumes the current token (never moving past `eof`) and returns it.
    @discardableResult
    mutating func advance() -> Token {
        let consumed = token
        if consumed.kind != .eof {
            current += 1
            tokens.advanced(to: current, passing: consumed)
        }
        return consumed
    }

    /// Consumes the current token if it is of `kind`.
    mutating func match(_ kind: Token.Kind) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    /// Whether the current token ends a statement: newline, `;`, `}` or end of file.
    var atStatementEnd: Bool {
        switch token.kind {
        case .newline, .semicolon, .rightBrace, .eof: return true
        default: return false
        }
    }

    mutating func skipSeparators() {
        while check(.newline) || check(.semicolon) { advance() }
    }

    /// The range covering `start` through the last token consumed.
    func range(from start: SourceRange) -> SourceRange {
        start.union(previous.range)
    }

    // MARK: - Errors

    /// Records a diagnostic unless the parser has stopped, another diagnostic already
    /// starts there, or the limit is reached (which stops the parser).
    mutating func report(_ message: String, at range: SourceRange, notes: [Diagnostic] = []) {
        guard !stopped else { return }
        if let last = diagnostics.last, last.range.start == range.start { return }
        guard diagnostics.count < Parser.diagnosticLimit else {
            stoppedAt = range
            return
        }
        diagnostics.append(Diagnostic(.error, message, at: range, in: file.name, notes: notes))
    }

    /// Reports at `range` (silently when `token` is one the lexer reported) and returns
    /// the error to throw.
    mutating func error(_ message: String, at range: SourceRange? = nil, notes: [Diagnostic] = []) -> SyntaxError {
        if token.kind != .error || range != nil {
            report(message, at: range ?? expectedRange(), notes: notes)
        }
        return SyntaxError()
    }

    /// Where to report that something expected is missing: the current token, or just
    /// after the previous one when the current token is on a later line or ends the
    /// statement (the caret then sits where the missing text belongs).
    func expectedRange() -> SourceRange {
        guard current > 0 else { return token.range }
        var last = current - 1
        while last > 0, tokens[last].kind == .newline || tokens[last].kind == .semicolon { last -= 1 }
        let before = tokens[last]
        switch token.kind {
        case .newline, .semicolon, .eof:
            return SourceRange(at: before.range.end)
        default:
            return token.range.start.line > before.range.end.line ? SourceRange(at: before.range.end) : token.range
        }
    }

    /// A note pointing at an opening bracket: "to close `(` at line 3".
    func openerNote(_ opener: Token) -> Diagnostic {
        let spelling = Token.spelling(of: opener.kind) ?? ""
        return Diagnostic(.note, "to close `\(spelling)` at line \(opener.range.start.line)",
                          at: opener.range, in: file.name)
    }

    /// Consumes a token of `kind` or reports `message`. When the token after the current
    /// one is the expected one, the current one is reported, dropped, and parsing goes on.
    @discardableResult
    mutating func expect(_ kind: Token.Kind, _ message: String, opener: Token? = nil) throws -> Token {
        if check(kind) { return advance() }
        let notes = opener.map { [openerNote($0)] } ?? []
        if peekKind(1) == kind, !atStatementEnd {
            if token.kind != .error { report(message, at: token.range, notes: notes) }
            advance()
            return advance()
        }
        throw error(message, notes: notes)
    }

    /// Consumes a name: an identifier, reporting a keyword used as one.
    mutating func expectName(_ message: String) throws -> (name: String, range: SourceRange) {
        if case .identifier(let name) = token.kind {
            return (name, advance().range)
        }
        if case .keyword(let keyword) = token.kind {
            throw error("`\(keyword.rawValue)` is a keyword and cannot be used as a name", at: token.range)
        }
        throw error(message)
    }

    /// After a statement: the statement must end here. A single stray token before the
    /// end is reported and dropped.
    mutating func expectStatementEnd() throws {
        if atStatementEnd { return }
        let message = "expected newline or `;` after statement"
        let stray = token
        advance()
        if stray.kind != .error { report(message, at: stray.range) }
        if atStatementEnd { return }
        throw SyntaxError()
    }

    /// Skips to the next statement boundary of the list at brace depth `depth`: past a
    /// newline or `;`, or up to its closing `}`, or up to a statement keyword that starts
    /// a line.
    ///
    /// A `{ ... }` met on the way is skipped whole, so its `}` does not end the list.
    mutating func synchronize(toDepth depth: Int) {
        var skippedOpeners = 0
        while !check(.eof) {
            let level = braceDepth
            if level < depth { return }
            if level == depth {
                switch token.kind {
                case .newline, .semicolon:
                    advance()
                    return
                case .leftBrace:
                    skippedOpeners += 1
                case .rightBrace:
                    guard skippedOpeners > 0 else { return }
                    skippedOpeners -= 1
                case .keyword(let keyword) where Lexer.statementKeywords.contains(keyword) || keyword == .fn:
                    if current > 0, token.range.start.line > previous.range.end.line { return }
                default:
                    break
                }
            }
            advance()
        }
    }

    // MARK: - Nesting

    /// Enters one level of nesting, or reports the limit and unwinds to the top level.
    mutating func nest() throws {
        guard depth < Parser.nestingLimit else {
            report("expression nested too deeply (limit \(Parser.nestingLimit))", at: token.range)
            throw TopLevelUnwind()
        }
        depth += 1
    }

    mutating func unnest() {
        depth -= 1
    }
}

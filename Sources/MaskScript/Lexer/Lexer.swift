/// Turns a source file into tokens, reporting what it cannot read and carrying on.
///
/// Newlines end statements except inside `( )` and `[ ]`; the lexer keeps a stack of open
/// brackets for that, and a `{` on top makes newlines count again (so a function body
/// written inside a call's parentheses still has statements). Runs of newlines collapse
/// into one token. When a line inside an unclosed `(` or `[` starts with a keyword that
/// can only start a statement (`let`, `if`, `layer`, ...) or with a property's `name:`, the
/// lexer gives up on those brackets and ends the statement there, so one missing `)` is one
/// error, not a file's worth.
public struct Lexer {
    let file: SourceFile
    let scalars: [Unicode.Scalar]
    var position = 0
    var tokens: [Token] = []
    var diagnostics: [Diagnostic] = []
    /// The kinds of the open brackets, innermost last.
    var openBrackets: [Token.Kind] = []
    /// A newline that an open `(` or `[` swallowed since the last token.
    var swallowedNewline: SourceRange?
    /// The index of the line of the last location asked for.
    var lineHint = 0
    /// Whether the last token made was a newline; nil before the first token. (The
    /// tokens themselves may already have been taken: see `moveTokens(to:)`.)
    var lastWasNewline: Bool?
    /// True once `eof` has been made.
    var finished = false

    /// Keywords that cannot continue an expression, so a line starting with one inside
    /// unclosed `( )` or `[ ]` must be a new statement.
    static let statementKeywords: Set<Keyword> = [
        .let, .if, .for, .repeat, .return, .animate, .delay, .wait, .canvas,
        .layer, .gradient, .shape, .text, .grid, .mask, .import,
    ]

    init(file: SourceFile) {
        self.file = file
        self.scalars = file.scalars
    }

    /// Reads every token of `file`; the list always ends with `eof`. The diagnostics do not
    /// repeat the file's `decodingDiagnostics`.
    public static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file: file)
        while !lexer.finished { lexer.scan() }
        return (lexer.tokens, lexer.diagnostics)
    }

    /// Hands each token of `file` to `body` in order, ending with `eof`, without keeping
    /// them: the formatter's memory holds its own compact records, not a `Token` (48 bytes)
    /// per token as well.
    static func forEachToken(_ file: SourceFile, _ body: (Token) -> Void) {
        var lexer = Lexer(file: file)
        var batch: [Token] = []
        while lexer.moveTokens(to: &batch) {
            batch.forEach(body)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Reads on until at least one token is made, and appends the tokens made to `batch`;
    /// false once every token (up to `eof`) has been taken. A reader that takes tokens as
    /// it goes never holds those of the whole file.
    mutating func moveTokens(to batch: inout [Token]) -> Bool {
        while tokens.isEmpty, !finished { scan() }
        guard !tokens.isEmpty else { return false }
        batch.append(contentsOf: tokens)
        tokens.removeAll(keepingCapacity: true)
        return true
    }

    // MARK: - Main loop

    /// Reads the next piece of text (a token, a space, a comment, a line break), or makes
    /// `eof` at the end.
    private mutating func scan() {
        guard let scalar = peek() else {
            add(.eof, from: position)
            finished = true
            return
        }
        let start = position
        switch scalar {
        case " ", "\t", "\r":
            position += 1
        case "\n":
            position += 1
            newline(SourceRange(start: location(start), end: location(position)))
        case "/" where peek(1) == "/":
            while let next = peek(), next != "\n" { position += 1 }
        case "0"..."9":
            number()
        case "\"":
            string()
        case "#":
            colour()
        default:
            if Lexer.isIdentifierStart(scalar) {
                identifier()
            } else if let kind = punctuation() {
                add(kind, from: start)
            } else {
                unexpected()
            }
        }
    }

    private mutating func newline(_ range: SourceRange) {
        if let innermost = openBrackets.last, innermost != .leftBrace {
            swallowedNewline = range
            return
        }
        if lastWasNewline == false {
            emit(Token(.newline, range))
        }
    }

    private mutating func identifier() {
        let start = position
        while let scalar = peek(), Lexer.isIdentifierPart(scalar) { position += 1 }
        let word = text(from: start)
        if let keyword = Keyword(rawValue: word) {
            if let swallowed = swallowedNewline, Lexer.statementKeywords.contains(keyword) {
                endStatement(at: swallowed)
            }
            add(.keyword(keyword), from: start)
        } else {
            // `name:` (or `a.b.c:`) at the start of a line can only be a property: no
            // expression holds a `:`, so the brackets before it were left unclosed.
            if let swallowed = swallowedNewline, startsProperty() { endStatement(at: swallowed) }
            add(.identifier(word), from: start)
        }
    }

    /// Gives up on the open `(` and `[` and ends the statement at the newline they swallowed.
    private mutating func endStatement(at swallowed: SourceRange) {
        while let innermost = openBrackets.last, innermost != .leftBrace { openBrackets.removeLast() }
        emit(Token(.newline, swallowed))
    }

    /// Whether the text from `position`, just after an identifier, is `{ "." NAME } ":"`,
    /// spaces allowed between them (a property's name, or a Core Animation key path).
    private func startsProperty() -> Bool {
        var index = position
        func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }
        skipSpaces()
        while index < scalars.count, scalars[index] == "." {
            index += 1
            skipSpaces()
            guard index < scalars.count, Lexer.isIdentifierStart(scalars[index]) else { return false }
            while index < scalars.count, Lexer.isIdentifierPart(scalars[index]) { index += 1 }
            skipSpaces()
        }
        return index < scalars.count && scalars[index] == ":"
    }

    /// Reads an operator or bracket, or returns nil (consuming nothing) when the scalar
    /// starts none; reports `..` itself and returns `.error`.
    private mutating func punctuation() -> Token.Kind? {
        guard let scalar = peek() else { return nil }
        if let kind = Lexer.single(scalar) {
            position += 1
            track(kind)
            return kind
        }
        let next = peek(1)
        switch scalar {
        case "=": position += next == "=" ? 2 : 1; return next == "=" ? .equalEqual : .equal
        case "<": position += next == "=" ? 2 : 1; return next == "=" ? .lessEqual : .less
        case ">": position += next == "=" ? 2 : 1; return next == "=" ? .greaterEqual : .greater
        case "!" where next == "=": position += 2; return .bangEqual
        case "." where next == ".":
            let start = position
            switch peek(2) {
            case "<": position += 3; return .halfOpenRange
            case ".": position += 3; return .closedRange
            default:
                position += 2
                report("unexpected `..`; use `..<` or `...`", from: start)
                return .error
            }
        case ".": position += 1; return .dot
        default: return nil
        }
    }

    /// The token of a one-scalar operator or bracket (a switch: this runs for most tokens).
    private static func single(_ scalar: Unicode.Scalar) -> Token.Kind? {
        switch scalar {
        case "+": return .plus
        case "-": return .minus
        case "*": return .star
        case "/": return .slash
        case "%": return .percent
        case ",": return .comma
        case ":": return .colon
        case ";": return .semicolon
        case "(": return .leftParen
        case ")": return .rightParen
        case "[": return .leftBracket
        case "]": return .rightBracket
        case "{": return .leftBrace
        case "}": return .rightBrace
        default: return nil
        }
    }

    /// Keeps the bracket stack: openers push; a closer pops back to its opener when there
    /// is one (a stray closer changes nothing; the parser reports it).
    private mutating func track(_ kind: Token.Kind) {
        let opener: Token.Kind
        switch kind {
        case .leftParen, .leftBracket, .leftBrace: openBrackets.append(kind); return
        case .rightParen: opener = .leftParen
        case .rightBracket: opener = .leftBracket
        case .rightBrace: opener = .leftBrace
        default: return
        }
        if let index = openBrackets.lastIndex(of: opener) {
            openBrackets.removeSubrange(index...)
        }
    }

    /// Skips a run of characters that start no token and reports its first character
    /// (unless decoding already reported it), leaving one `.error` token for the parser.
    private mutating func unexpected() {
        let start = position
        var firstNew: Int?
        while let scalar = peek(), !startsToken(scalar) {
            if firstNew == nil, !file.reportedOffsets.contains(position) { firstNew = position }
            position += 1
        }
        if position == start { position += 1 }
        if let offset = firstNew, diagnostics.count <= Parser.diagnosticLimit {
            let scalar = scalars[offset]
            let range = SourceRange(start: location(offset), end: location(offset + 1))
            diagnostics.append(Diagnostic(.error, "unexpected character \(Lexer.display(scalar))",
                                          at: range, in: file.name))
        }
        add(.error, from: start)
    }

    private func startsToken(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\r", "\n", "\"", "#", "0"..."9", "+", "-", "*", "/", "%", "=", "<", ">", ".",
             ",", ":", ";", "(", ")", "[", "]", "{", "}":
            return true
        default:
            return Lexer.isIdentifierStart(scalar)
        }
    }

    // MARK: - Helpers

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    /// The location of an offset; the lexer moves forward, so the line found last is
    /// where the search starts.
    mutating func location(_ offset: Int) -> SourceLocation { file.location(at: offset, near: &lineHint) }

    func text(from start: Int) -> String {
        // Identifiers and numbers are ASCII: their scalars are their UTF-8 bytes, and a
        // String made from bytes costs far less than one built a scalar at a time.
        let slice = scalars[start..<position]
        if slice.allSatisfy({ $0.isASCII }) {
            return String(unsafeUninitializedCapacity: slice.count) { buffer in
                for (i, scalar) in slice.enumerated() { buffer[i] = UInt8(truncatingIfNeeded: scalar.value) }
                return slice.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }

    private mutating func emit(_ token: Token) {
        tokens.append(token)
        lastWasNewline = token.kind == .newline
    }

    mutating func add(_ kind: Token.Kind, from start: Int) {
        emit(Token(kind, SourceRange(start: location(start), end: location(position))))
        swallowedNewline = nil
    }

    /// Records an error. Past the parser's limit nothing more is kept: `Parser.parse`
    /// prints the first `diagnosticLimit` of all phases by position, and these come in
    /// position order, so the rest could never be shown (16 MB of `@` made 8 M of them).
    mutating func report(_ message: String, from start: Int, to end: Int? = nil) {
        guard diagnostics.count <= Parser.diagnosticLimit else { return }
        let range = SourceRange(start: location(start), end: location(end ?? position))
        diagnostics.append(Diagnostic(.error, message, at: range, in: file.name))
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "_": return true
        default: return false
        }
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    /// A character as a message shows it: `'@'`, or `U+00A0` when it would not be visible.
    static func display(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .unassigned, .privateUse, .surrogate, .nonspacingMark, .enclosingMark:
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        default:
            return "'\(scalar)'"
        }
    }
}

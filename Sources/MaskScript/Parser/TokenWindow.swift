/// The tokens as the parser reads them: lexed as it asks for them, and let go once it is
/// past them, so a file's tokens (48 bytes each; a list literal has one a byte of script)
/// are never all held at once. The parser looks at the current token, a few after it (a
/// key path `a.b.c:` as far as it goes), the one before it, and when reporting a missing
/// token the last one before the current that was not a newline or `;`: the window
/// keeps those.
final class TokenWindow {
    private var lexer: Lexer
    /// The tokens from index `base` on, as far as lexed.
    private var buffer: [Token] = []
    /// For each token in `buffer`, the number of `{` open before it.
    private var depths: [Int32] = []
    private var base = 0
    private var openBraces: Int32 = 0
    /// The index of the last token the parser passed that is not a newline or `;`.
    private var lastContent = 0

    init(_ file: SourceFile) {
        lexer = Lexer(file: file)
    }

    /// The lexer's diagnostics, once every token has been read (`readToEnd`).
    var diagnostics: [Diagnostic] { lexer.diagnostics }

    /// The token at `index` (at or after the ones kept); past the end, `eof`.
    subscript(index: Int) -> Token {
        buffer[position(of: index)]
    }

    /// The number of `{` open before the token at `index`.
    func braceDepth(at index: Int) -> Int {
        Int(depths[position(of: index)])
    }

    /// The parser has moved to `index`, having passed `passed`: tokens it can no longer
    /// look at are let go, a batch at a time.
    func advanced(to index: Int, passing passed: Token) {
        if passed.kind != .newline, passed.kind != .semicolon { lastContent = index - 1 }
        let keep = min(index - 1, lastContent)
        guard keep - base >= 4096 else { return }
        buffer.removeFirst(keep - base)
        depths.removeFirst(keep - base)
        base = keep
    }

    /// Reads what is left of the file, for the lexer's diagnostics when the parser stopped early.
    func readToEnd() {
        var rest: [Token] = []
        while lexer.moveTokens(to: &rest) { rest.removeAll(keepingCapacity: true) }
    }

    /// The position in `buffer` of the token at `index`, lexing up to it; the last token
    /// (`eof`) for an index past it.
    private func position(of index: Int) -> Int {
        while base + buffer.count <= index, lexMore() {}
        return min(max(index - base, 0), buffer.count - 1)
    }

    /// Appends the next tokens and their depths; false at the end of the file.
    private func lexMore() -> Bool {
        let start = buffer.count
        guard lexer.moveTokens(to: &buffer) else { return false }
        for token in buffer[start...] {
            if token.kind == .rightBrace { openBraces = max(openBraces - 1, 0) }
            depths.append(openBraces)
            if token.kind == .leftBrace { openBraces += 1 }
        }
        return true
    }
}

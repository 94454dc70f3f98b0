// MARK: - Mistakes new users make (issue 13)

extension Parser {
    /// The clause words of `animate` that cannot start a statement of their own.
    static let clauseWords = Set(animateClauses).subtracting(["delay", "repeat"])

    /// `frame: 10, 10, 50, 50`: a property takes one value. Reports it with the list in
    /// brackets, and skips to the end of the statement.
    mutating func reportUnbracketedList(_ name: String, _ first: Expr) {
        let comma = token
        var end = first.range.end.offset
        while !atStatementEnd {
            end = token.range.end.offset
            advance()
        }
        let start = first.range.start.offset
        let scalars = file.scalars
        var text = ""
        if start >= 0, start <= end, end <= scalars.count {
            text.unicodeScalars.append(contentsOf: scalars[start..<end])
        }
        report("`\(name)` takes one value; put the list in brackets: `\(name): [\(text)]`", at: comma.range)
    }

    /// A line that starts with an `animate` clause word right after an `animate`
    /// statement (`over 1s` on the next line): clauses stay on the statement's line.
    /// Returns true when it reported one (the caller skips the line).
    mutating func reportAnimateContinuation(after previous: Stmt) -> Bool {
        guard case .animate = previous.kind, case .identifier(let word) = token.kind, Parser.clauseWords.contains(word),
              token.range.start.line == previous.range.end.line + 1 else { return false }
        switch peekKind(1) {
        case .equal, .leftParen, .dot, .colon, .leftBracket: return false
        default: break
        }
        report("`\(word)` continues the `animate` on line \(previous.range.start.line): its clauses must stay on the statement's line",
               at: token.range)
        return true
    }
}

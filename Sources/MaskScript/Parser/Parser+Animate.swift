// MARK: - animate

extension Parser {
    /// The clauses of `animate`, with the `CABasicAnimation`, `CAKeyframeAnimation` and
    /// `CAMediaTiming` words each stands for (the reference's Core Animation column), so
    /// `duration 2s` gets "did you mean `over`?". Apart from `delay` and `repeat` the
    /// clause words are not keywords: `over` or `to` are ordinary names everywhere else.
    static let animateClauseTable: [(word: String, coreAnimation: [String])] = [
        ("from", ["fromValue"]), ("to", ["toValue"]), ("keys", ["values"]), ("times", ["keyTimes"]),
        ("over", ["duration"]), ("delay", ["beginTime"]), ("ease", ["timingFunction"]),
        ("repeat", ["repeatCount"]), ("autoreverse", ["autoreverses"]), ("stagger", []), ("order", []),
    ]

    /// The clause words of `animate`.
    static let animateClauses = animateClauseTable.map(\.word)

    /// animateStatement -> "animate" postfix clause*          (postfix ends in "." NAME)
    /// clause -> "from" expression | "to" expression | "keys" expression | "times" expression
    ///         | "over" expression | "delay" expression | "ease" expression
    ///         | "repeat" ("forever" | expression) | "autoreverse"
    ///         | "stagger" expression | "order" expression
    ///
    /// Clauses come in any order, each at most once. Exactly one of `to` and `keys` is
    /// needed; `from` goes with `to`, not `keys`; `times` needs `keys`, and `order` needs `stagger`.
    mutating func animateStatement() throws -> Stmt {
        let keyword = advance()
        let targetMessage = "expected `TARGET.PROPERTY` after animate"
        if atStatementEnd { throw error(targetMessage) }
        let path = try postfix()
        guard case .member(let target, let property, let propertyRange) = path.kind else {
            throw error(targetMessage, at: path.range)
        }
        var animation = AnimateStmt(target: target, property: property, propertyRange: propertyRange)
        var clauses: [String: SourceRange] = [:]
        while !atStatementEnd {
            let word = token
            let name: String
            switch word.kind {
            case .identifier(let identifier) where Parser.animateClauses.contains(identifier): name = identifier
            case .keyword(.delay): name = "delay"
            case .keyword(.repeat): name = "repeat"
            default:
                // Reported, and its value skipped, so the clauses after it are still read.
                try skipUnknownClause(word)
                continue
            }
            advance()
            if clauses[name] != nil {
                report("duplicate `\(name)` clause", at: word.range)
            } else {
                clauses[name] = word.range
            }
            try clause(name, into: &animation)
        }
        checkClauses(clauses, at: keyword.range)
        return Stmt(.animate(animation), range(from: keyword.range))
    }

    /// Reports a word that is not an animate clause, suggesting the clause a Core
    /// Animation word stands for or else the closest clause, then skips the value after
    /// it (up to the next clause word). Anything but a name stops the statement.
    private mutating func skipUnknownClause(_ word: Token) throws {
        guard case .identifier(let identifier) = word.kind else {
            throw error("expected animate clause such as `to`, `over` or `ease`", at: word.range)
        }
        let suggestion = Parser.animateClauseTable.first { $0.coreAnimation.contains(identifier) }?.word
            ?? Suggestion.closest(to: identifier, among: Parser.animateClauses)
        let hint = suggestion.map { "; did you mean `\($0)`?" } ?? ""
        report("unknown animate clause `\(identifier)`\(hint)", at: word.range)
        advance()
        // `autoreverse` (the clause `autoreverses` stands for) takes no value.
        if suggestion != "autoreverse", !atStatementEnd, !startsClause { _ = try expression() }
    }

    /// True when the current token is an animate clause word.
    private var startsClause: Bool {
        switch token.kind {
        case .identifier(let identifier): return Parser.animateClauses.contains(identifier)
        case .keyword(.delay), .keyword(.repeat): return true
        default: return false
        }
    }

    /// Parses the value of one clause (a repeated clause keeps its first value).
    private mutating func clause(_ name: String, into animation: inout AnimateStmt) throws {
        if name == "autoreverse" {
            animation.autoreverses = true
            return
        }
        if name == "repeat" {
            let count: RepeatCount = match(.keyword(.forever)) ? .forever : .times(try expression())
            animation.repeatCount = animation.repeatCount ?? count
            return
        }
        let value = try expression()
        switch name {
        case "from": animation.from = animation.from ?? value
        case "to": animation.to = animation.to ?? value
        case "keys": animation.keys = animation.keys ?? value
        case "times": animation.times = animation.times ?? value
        case "over": animation.duration = animation.duration ?? value
        case "delay": animation.delay = animation.delay ?? value
        case "ease": animation.ease = animation.ease ?? value
        case "stagger": animation.stagger = animation.stagger ?? value
        default: animation.order = animation.order ?? value
        }
    }

    /// Checks the combinations of clauses once they are all read.
    private mutating func checkClauses(_ clauses: [String: SourceRange], at keyword: SourceRange) {
        switch (clauses["to"], clauses["keys"]) {
        case (nil, nil):
            report("animate needs `to` or `keys`", at: keyword)
        case (let to?, let keys?):
            report("animate cannot have both `to` and `keys`", at: to.start < keys.start ? keys : to)
        default:
            break
        }
        if let from = clauses["from"], clauses["keys"] != nil {
            report("`from` cannot be used with `keys`; make it the first key", at: from)
        }
        if let times = clauses["times"], clauses["keys"] == nil {
            report("`times` needs `keys`", at: times)
        }
        if let order = clauses["order"], clauses["stagger"] == nil {
            report("`order` needs `stagger`", at: order)
        }
    }
}

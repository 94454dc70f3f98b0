// MARK: - Statements

extension Parser {
    /// Parses one statement and checks that it ends; the statement is kept even when its
    /// end is wrong, so later passes see as much of the program as possible.
    mutating func statementAndEnd(into statements: inout [Stmt]) throws {
        statements.append(try statement())
        try expectStatementEnd()
    }

    /// statements -> separator* (statement (separator+ statement)*)? separator*
    ///
    /// The list inside a block, up to (not including) its `}` or the end of the file.
    mutating func statementList() throws -> [Stmt] {
        let listDepth = braceDepth
        var statements: [Stmt] = []
        while !stopped {
            skipSeparators()
            if check(.eof) || check(.rightBrace) { break }
            let start = current
            if let previous = statements.last, reportAnimateContinuation(after: previous) {
                synchronize(toDepth: listDepth)
                continue
            }
            do {
                try statementAndEnd(into: &statements)
            } catch is SyntaxError {
                synchronize(toDepth: listDepth)
            }
            if current == start, !check(.rightBrace), !check(.eof) { advance() }
        }
        return statements
    }

    /// block -> NEWLINE? "{" statements "}"
    ///
    /// `what` names the construct for messages ("after `if` condition"); `closing` names
    /// the block in "expected `}` to close ...". The context applies inside the block.
    mutating func block(after what: String, closing: String, context inner: BodyContext? = nil) throws -> [Stmt] {
        skipNewlineBeforeBrace()
        let open = try expect(.leftBrace, "expected `{` \(what)")
        try nest()
        defer { unnest() }
        let saved = context
        context = inner ?? context
        defer { context = saved }
        let body = try statementList()
        closeBrace(open, closing)
        return body
    }

    /// Lets a block's `{` start the next line (`if ready` NEWLINE `{`): no statement can
    /// start with `{`, so this is never ambiguous.
    mutating func skipNewlineBeforeBrace() {
        if check(.newline), peekKind(1) == .leftBrace { advance() }
    }

    /// Consumes the `}` a statement list stopped at, or reports it missing at the end of
    /// the file with a note on `open` (only once per file: the enclosing blocks' missing
    /// braces are almost always the same mistake).
    mutating func closeBrace(_ open: Token, _ closing: String) {
        if match(.rightBrace) { return }
        guard !stopped, !reportedUnclosedBrace else { return }
        reportedUnclosedBrace = true
        report("expected `}` to close \(closing)", at: expectedRange(), notes: [openerNote(open)])
    }

    /// statement -> letStatement | functionDeclaration | returnStatement | ifStatement
    ///            | forStatement | repeatStatement | animateStatement | delayStatement
    ///            | "wait" | canvasDeclaration | layerDeclaration | maskStatement
    ///            | property | expressionStatement
    mutating func statement() throws -> Stmt {
        switch token.kind {
        case .keyword(.let): return try letStatement()
        case .keyword(.fn) where peekKind(1) != .leftParen: return try functionDeclaration()
        case .keyword(.return): return try returnStatement()
        case .keyword(.if): return try ifStatement()
        case .keyword(.for): return try forStatement()
        case .keyword(.repeat): return try repeatStatement()
        case .keyword(.animate): return try animateStatement()
        case .keyword(.delay):
            let start = advance().range
            let duration = try expression()
            return Stmt(.delay(duration), range(from: start))
        case .keyword(.wait):
            return Stmt(.wait, advance().range)
        case .keyword(.canvas): return try canvasDeclaration()
        case .keyword(.mask): return try maskStatement()
        case .keyword(.import): return try importStatement()
        case .keyword(let keyword) where keyword.layerKind != nil:
            let declaration = try layerDeclaration()
            return Stmt(.layer(declaration), declaration.range)
        case .keyword(.else):
            throw error("`else` without `if`", at: token.range)
        case .identifier where peekKind(1) == .colon || keyPathPropertyLength != nil:
            return try property()
        default:
            return try expressionStatement()
        }
    }

    /// letStatement -> "let" IDENTIFIER "=" expression
    private mutating func letStatement() throws -> Stmt {
        let start = advance().range
        let name = try expectName("expected name after `let`")
        try expect(.equal, "expected `=` after `let \(name.name)`")
        let value = try expression()
        return Stmt(.letBinding(name: name.name, nameRange: name.range, value: value), range(from: start))
    }

    /// functionDeclaration -> "fn" IDENTIFIER parameters block
    private mutating func functionDeclaration() throws -> Stmt {
        let start = advance().range
        let name = try expectName("expected function name or `(` after `fn`")
        let declaration = try functionRest(name: name.name, start: start)
        return Stmt(.function(declaration), declaration.range)
    }

    /// parameters -> "(" (IDENTIFIER ("," IDENTIFIER)* ","?)? ")"
    ///
    /// Parses the parameters and body of a named or anonymous function after `fn` and its name.
    mutating func functionRest(name: String?, start: SourceRange) throws -> FunctionDecl {
        let open = try expect(.leftParen, "expected `(` after `fn\(name.map { " " + $0 } ?? "")`")
        var parameters: [String] = []
        var ranges: [SourceRange] = []
        while !check(.rightParen) {
            let parameter = try expectName("expected parameter name")
            if parameters.contains(parameter.name) {
                report("duplicate parameter `\(parameter.name)`", at: parameter.range)
            }
            parameters.append(parameter.name)
            ranges.append(parameter.range)
            if !match(.comma) { break }
        }
        try expect(.rightParen, "expected `)` after parameters", opener: open)
        functionDepth += 1
        defer { functionDepth -= 1 }
        let body = try block(after: "before function body", closing: "function body", context: .function)
        return FunctionDecl(name: name, parameters: parameters, parameterRanges: ranges, body: body,
                            range: range(from: start))
    }

    /// returnStatement -> "return" expression?
    ///
    /// The value is left out when the statement ends right after `return`.
    private mutating func returnStatement() throws -> Stmt {
        let keyword = advance()
        if functionDepth == 0 {
            report("`return` outside a function", at: keyword.range)
        }
        let value = atStatementEnd ? nil : try expression()
        return Stmt(.returnStatement(value), range(from: keyword.range))
    }

    /// ifStatement -> "if" expression block (NEWLINE? "else" (ifStatement | block))?
    private mutating func ifStatement() throws -> Stmt {
        let start = advance().range
        let condition = try expression()
        let then = try block(after: "after `if` condition", closing: "`if` body")
        if check(.newline), peekKind(1) == .keyword(.else) { advance() }
        guard match(.keyword(.else)) else {
            return Stmt(.ifStatement(condition: condition, then: then, otherwise: nil), range(from: start))
        }
        let otherwise: [Stmt]
        if check(.keyword(.if)) {
            try nest()
            defer { unnest() }
            otherwise = [try ifStatement()]
        } else {
            otherwise = try block(after: "after `else`", closing: "`else` body")
        }
        return Stmt(.ifStatement(condition: condition, then: then, otherwise: otherwise), range(from: start))
    }

    /// forStatement -> "for" IDENTIFIER "in" expression block
    private mutating func forStatement() throws -> Stmt {
        let start = advance().range
        let variable = try expectName("expected loop variable after `for`")
        try expect(.keyword(.in), "expected `in` after `for \(variable.name)`")
        let sequence = try expression()
        let body = try block(after: "after `for` sequence", closing: "`for` body")
        return Stmt(.forLoop(variable: variable.name, variableRange: variable.range, sequence: sequence, body: body),
                    range(from: start))
    }

    /// repeatStatement -> "repeat" ("forever" | expression) ("as" IDENTIFIER)? block
    private mutating func repeatStatement() throws -> Stmt {
        let start = advance().range
        let count: RepeatCount = match(.keyword(.forever)) ? .forever : .times(try expression())
        var index: (name: String, range: SourceRange)?
        if match(.keyword(.as)) {
            index = try expectName("expected index name after `as`")
        }
        let body = try block(after: "after `repeat` count", closing: "`repeat` body")
        return Stmt(.repeatLoop(count: count, index: index?.name, indexRange: index?.range, body: body),
                    range(from: start))
    }

    /// expressionStatement -> expression ("=" expression)?
    ///
    /// With `=`, the left side must be a name (`assign`) or end in `.property` (`setProperty`).
    private mutating func expressionStatement() throws -> Stmt {
        let target = try expression()
        guard check(.equal) else { return Stmt(.expression(target), target.range) }
        advance()
        let value = try expression()
        let whole = target.range.union(value.range)
        switch target.kind {
        case .name(let name):
            return Stmt(.assign(name: name, nameRange: target.range, value: value), whole)
        case .member(let object, let property, let propertyRange):
            return Stmt(.setProperty(target: object, property: property, propertyRange: propertyRange, value: value),
                        whole)
        default:
            report("cannot assign to this expression", at: target.range)
            return Stmt(.expression(target), whole)
        }
    }
}

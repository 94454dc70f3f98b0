// MARK: - Layers, canvas, properties and masks

extension Parser {
    /// layerDeclaration -> ("layer" | "gradient" | "shape" | "text" | "grid") IDENTIFIER? "{" layerBody "}"
    /// layerBody        -> separator* ((property | maskStatement | layerDeclaration | statement) separator+)*
    ///
    /// A body's `mask` lines add masks, combined in the order they come (LANGUAGE.md section 11).
    mutating func layerDeclaration() throws -> LayerDecl {
        let keyword = advance()
        guard case .keyword(let word) = keyword.kind, let kind = word.layerKind else {
            throw error("expected layer kind", at: keyword.range)
        }
        var name: (name: String, range: SourceRange)?
        skipNewlineBeforeBrace()
        if !check(.leftBrace) {
            if case .identifier = token.kind {
                name = try expectName("expected layer name")
            } else {
                throw error("expected layer name or `{` after `\(kind.rawValue)`")
            }
        }
        let body = try block(after: "to start the \(kind.rawValue) body", closing: "\(kind.rawValue) body",
                             context: .layer)
        return LayerDecl(kind: kind, name: name?.name, nameRange: name?.range, body: body,
                         range: range(from: keyword.range))
    }

    /// property -> IDENTIFIER ("." IDENTIFIER)* ":" expression
    ///
    /// Only inside a layer body (or an `if`, `for` or `repeat` block in one) and in `canvas`.
    /// A dotted name is a Core Animation key path (`transform.scale: 2`): no property has
    /// one, and the resolver says which property it is in mask script.
    mutating func property() throws -> Stmt {
        var name = advance()
        guard case .identifier(var identifier) = name.kind else {
            throw error("expected property name", at: name.range)
        }
        while check(.dot), case .identifier(let part) = peekKind(1) {
            advance()
            let next = advance()
            identifier += "." + part
            name = Token(.identifier(identifier), name.range.union(next.range))
        }
        if context != .layer {
            report("property `\(identifier)` outside a layer body", at: name.range)
        }
        try expect(.colon, "expected `:` after property name")
        let value = try expression()
        if check(.comma) { reportUnbracketedList(identifier, value) }
        return Stmt(.property(name: identifier, nameRange: name.range, value: value), range(from: name.range))
    }

    /// maskStatement -> "mask" (layerDeclaration | expression)
    mutating func maskStatement() throws -> Stmt {
        let keyword = advance()
        if context != .layer {
            report("`mask` outside a layer body", at: keyword.range)
        }
        if case .keyword(let word) = token.kind, word.layerKind != nil {
            let declaration = try layerDeclaration()
            return Stmt(.mask(.declaration(declaration)), range(from: keyword.range))
        }
        if atStatementEnd {
            throw error("expected layer declaration or expression after `mask`")
        }
        let source = try expression()
        return Stmt(.mask(.expression(source)), range(from: keyword.range))
    }

    /// canvasDeclaration -> "canvas" "{" separator* (property separator+)* "}"
    mutating func canvasDeclaration() throws -> Stmt {
        let start = advance().range
        skipNewlineBeforeBrace()
        let open = try expect(.leftBrace, "expected `{` after `canvas`")
        try nest()
        defer { unnest() }
        let saved = context
        context = .layer
        defer { context = saved }
        let listDepth = braceDepth
        var properties: [Stmt] = []
        while !stopped {
            skipSeparators()
            if check(.eof) || check(.rightBrace) { break }
            let before = current
            do {
                guard case .identifier = token.kind, peekKind(1) == .colon else {
                    throw error("only `name: value` properties are allowed in `canvas`", at: token.range)
                }
                properties.append(try property())
                try expectStatementEnd()
            } catch is SyntaxError {
                synchronize(toDepth: listDepth)
            }
            if current == before, !check(.rightBrace), !check(.eof) { advance() }
        }
        closeBrace(open, "canvas body")
        return Stmt(.canvas(properties), range(from: start))
    }
}

extension Parser {
    /// The number of tokens of a Core Animation key path written as a property name in a
    /// layer body (`transform.scale:` is 3 before the colon), or nil when the tokens are
    /// anything else.
    var keyPathPropertyLength: Int? {
        guard context == .layer, case .identifier = token.kind, peekKind(1) == .dot else { return nil }
        var ahead = 1
        while peekKind(ahead) == .dot, case .identifier = peekKind(ahead + 1) { ahead += 2 }
        return peekKind(ahead) == .colon ? ahead : nil
    }
}

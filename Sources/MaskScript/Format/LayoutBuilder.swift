/// Turns a `SourceTree` into a `Layout` by the rules in `ScriptFormatter`'s documentation.
struct LayoutBuilder {
    typealias Node = SourceTree.Node
    typealias Item = SourceTree.Item

    /// Offsets of the animate clause words (`to`, `over`, ...) of the statement being laid
    /// out: they are spaced like keywords, though the lexer reads them as names.
    private var clauseWords: Set<Int> = []

    /// The whole script.
    mutating func program(_ tree: SourceTree) -> Layout {
        var parts = statementList(tree.statements)
        var end = tree.endComments
        while end.last == "" { end.removeLast() }
        for (n, comment) in end.enumerated() {
            if !parts.isEmpty || n > 0 { parts.append(.hardLine) }
            parts.append(.text(comment))
        }
        return .concat(parts)
    }

    /// Statements one a line, each after its leading comments, with the blank lines kept.
    private mutating func statementList(_ statements: [SourceTree.Statement]) -> [Layout] {
        var parts: [Layout] = []
        for (n, statement) in statements.enumerated() {
            guard let first = statement.nodes.first?.first else { continue }
            if n > 0 { parts.append(first.blankLineBefore ? .blankLine : .hardLine) }
            for comment in first.leadingComments { parts += [.text(comment), .hardLine] }
            parts.append(self.statement(statement))
        }
        return parts
    }

    /// One statement: its nodes spaced, then the comment that ended its line.
    private mutating func statement(_ statement: SourceTree.Statement) -> Layout {
        var nodes = statement.nodes
        guard let lastIndex = nodes.indices.last else { return .concat([]) }
        // The first item's leading comments were laid out by the statement list; the
        // trailing comment goes after the whole (perhaps reordered) statement.
        nodes[0] = Node.withFirst(nodes[0]) { $0.leadingComments = []; $0.blankLineBefore = false }
        var trailing: String?
        nodes[lastIndex] = Node.withLast(nodes[lastIndex]) { trailing = $0.trailingComment; $0.trailingComment = nil }
        let saved = clauseWords
        defer { clauseWords = saved }
        if case .token(let item) = nodes[0], item.token.kind == .keyword(.animate) {
            (nodes, clauseWords) = AnimateClauses.reorder(nodes)
        }
        var parts = [sequence(nodes)]
        if let trailing { parts.append(.text("  " + trailing)) }
        return .concat(parts)
    }

    /// Nodes one after another, with a space between two of them where the rules say.
    private mutating func sequence(_ nodes: [Node]) -> Layout {
        var parts: [Layout] = []
        var previous: Node?
        var previousIsUnary = false, previousEndsName = false
        for (n, node) in nodes.enumerated() {
            if let previous, spaced(previous, node, afterUnary: previousIsUnary, afterName: previousEndsName) {
                parts.append(.text(" "))
            }
            parts.append(layout(node, afterName: previousEndsName || isFn(previous)))
            previousIsUnary = isUnaryMinus(node, after: previous)
            previousEndsName = endsName(node, afterDot: n > 0 && isDot(nodes[n - 1]))
            previous = node
        }
        return .concat(parts)
    }

    private func isDot(_ node: Node) -> Bool {
        if case .token(let item) = node { item.token.kind == .dot } else { false }
    }

    private func isFn(_ node: Node?) -> Bool {
        if case .token(let item)? = node { item.token.kind == .keyword(.fn) } else { false }
    }

    /// True when a call or an index may follow the node: a name (not an animate clause
    /// word; a keyword only after `.`), a closing bracket or a string.
    private func endsName(_ node: Node, afterDot: Bool) -> Bool {
        switch node {
        case .token(let item):
            switch item.token.kind {
            case .identifier: return !clauseWords.contains(item.token.range.start.offset)
            case .keyword: return afterDot
            case .string: return true
            default: return false
            }
        case .group: return true
        case .block: return false
        }
    }

    // MARK: - Nodes

    /// A node; `afterName` says a group follows a name (or `fn`), so `(` is a call's or a
    /// function's parameters and `[` an index.
    private mutating func layout(_ node: Node, afterName: Bool) -> Layout {
        switch node {
        case .token(let item):
            return withComments(item)
        case let .group(open, elements, commas, close):
            let breakable = open.token.kind == .leftParen ? afterName : !afterName
            return group(open, elements, commas, close, breakable: breakable)
        case let .block(open, statements, close, multiline):
            return block(open, statements, close, multiline: multiline)
        }
    }

    /// A token inside brackets, with its comments: each ends its line, and one that stood
    /// on its own line before the token starts a line too.
    private func withComments(_ item: Item) -> Layout {
        var parts: [Layout] = item.leadingComments.isEmpty ? [] : [.freshLine]
        for comment in item.leadingComments { parts += [.text(comment), .hardLine] }
        parts.append(.text(item.text))
        if let trailing = item.trailingComment { parts += [.text("  " + trailing), .hardLine] }
        return parts.count == 1 ? parts[0] : .concat(parts)
    }

    /// `( )` or `[ ]`. An argument, parameter or list group breaks into one item a line
    /// with trailing commas when it does not fit; one holding a multi-line block keeps its
    /// items on the line and lets the block break; parentheses around an expression and
    /// an index never break.
    private mutating func group(_ open: Item, _ elements: [[Node]], _ commas: [Item], _ close: Item,
                                breakable: Bool) -> Layout {
        let items = elements.map { sequence($0) }
        var closing = close
        let endComments = closing.leadingComments
        closing.leadingComments = []
        let closeText = withComments(closing)
        let openText = opening(open)
        let commented = open.trailingComment != nil || !endComments.isEmpty || commas.contains { $0.trailingComment != nil }
        guard !items.isEmpty || commented else { return .concat([openText, closeText]) }
        let holdsBlock = elements.contains { $0.contains { if case .block(_, _, _, true) = $0 { true } else { false } } }
        if !breakable || holdsBlock && !commented {
            var parts: [Layout] = [openText]
            if commented { parts.append(.hardLine) }
            for (n, item) in items.enumerated() {
                if n > 0 { parts += [commaText(commas, n - 1), .text(" ")] }
                parts.append(item)
            }
            for comment in endComments { parts += [.hardLine, .text(comment)] }
            if commented { parts.append(.hardLine) }
            return .concat(parts + [closeText])
        }
        var inner: [Layout] = [.softLine]
        for (n, item) in items.enumerated() {
            if n > 0 { inner += [commaText(commas, n - 1), .line] }
            inner.append(item)
        }
        if !items.isEmpty {
            inner.append(.ifBroken(commas.count >= items.count ? commaText(commas, items.count - 1) : .text(","), flat: .text("")))
        }
        for (n, comment) in endComments.enumerated() where !(comment.isEmpty && n == endComments.count - 1) {
            inner += [.hardLine, .text(comment)]
        }
        let content = Layout.concat([openText, .nest(.concat(inner)), .softLine, closeText])
        return commented ? .group(content, breaks: true) : .grouped(content)
    }

    /// An opening bracket with its comments: those on their own lines before it, and
    /// the one after it on its line (the group is broken then, so a line break follows).
    private func opening(_ open: Item) -> Layout {
        var parts: [Layout] = open.leadingComments.isEmpty ? [] : [.freshLine]
        for comment in open.leadingComments { parts += [.text(comment), .hardLine] }
        parts.append(.text(open.text))
        if let trailing = open.trailingComment { parts.append(.text("  " + trailing)) }
        return parts.count == 1 ? parts[0] : .concat(parts)
    }

    /// The comma after item `n`, with the comment written after it (its group is broken,
    /// so a line break follows).
    private func commaText(_ commas: [Item], _ n: Int) -> Layout {
        guard n < commas.count, let trailing = commas[n].trailingComment else { return .text(",") }
        return .concat([.text(","), .text("  " + trailing)])
    }

    /// `{ }`: a block written on one line stays on one line while it fits; any other is
    /// one statement a line.
    private mutating func block(_ open: Item, _ statements: [SourceTree.Statement], _ close: Item,
                                multiline: Bool) -> Layout {
        var closing = close
        var endComments = closing.leadingComments
        closing.leadingComments = []
        while endComments.last == "" { endComments.removeLast() }
        let closeText = withComments(closing)
        let openText = opening(open)
        if statements.isEmpty, endComments.isEmpty, open.trailingComment == nil { return .concat([openText, closeText]) }
        let holdsComments = !endComments.isEmpty || open.trailingComment != nil
            || statements.contains { !($0.nodes.first?.first.leadingComments.isEmpty ?? true) }
        if !multiline, !holdsComments {
            var inner: [Layout] = [.line]
            for (n, statement) in statements.enumerated() {
                if n > 0 { inner += [.ifBroken(.text(""), flat: .text(";")), .line] }
                inner.append(self.statement(statement))
            }
            return .grouped(.concat([openText, .nest(.concat(inner)), .line, closeText]))
        }
        var inner: [Layout] = [.hardLine]
        inner += statementList(statements)
        for (n, comment) in endComments.enumerated() {
            if n > 0 || !statements.isEmpty { inner.append(.hardLine) }
            inner.append(.text(comment))
        }
        return .concat([openText, .nest(.concat(inner)), .hardLine, closeText])
    }

    // MARK: - Spacing

    /// True when a space goes between two neighbouring nodes.
    private func spaced(_ a: Node, _ b: Node, afterUnary: Bool, afterName: Bool) -> Bool {
        if afterUnary { return false }
        let last = lastItem(a), first = b.first
        switch b {
        case .group(let open, _, _, _):
            // A call, a parameter list or an index follows its name directly; `fn (x)` does not.
            return open.token.kind == .leftBracket ? !afterName : !afterName || isFn(a)
        case .block:
            return true
        case .token:
            break
        }
        switch first.token.kind {
        case .comma, .semicolon, .colon, .dot, .halfOpenRange, .closedRange, .rightParen, .rightBracket: return false
        default: break
        }
        switch last.token.kind {
        case .dot, .halfOpenRange, .closedRange: return false
        default: return true
        }
    }

    /// The last item of a node: a token, or its closing bracket.
    private func lastItem(_ node: Node) -> Item {
        switch node {
        case .token(let item): item
        case .group(_, _, _, let close), .block(_, _, let close, _): close
        }
    }

    /// True when `node` is a `-` that negates what follows rather than subtracting.
    private func isUnaryMinus(_ node: Node, after previous: Node?) -> Bool {
        guard case .token(let item) = node, item.token.kind == .minus else { return false }
        guard let previous else { return true }
        guard case .token(let before) = previous else { return false }
        switch before.token.kind {
        case .identifier: return clauseWords.contains(before.token.range.start.offset)
        case .number, .string, .color, .rightParen, .rightBracket, .rightBrace: return false
        case .keyword(let k): return ![.true, .false, .nil].contains(k)
        default: return true
        }
    }
}

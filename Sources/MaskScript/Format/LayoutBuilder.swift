/// Turns a script's `FormatTokens` into a `Layout` by the rules in `ScriptFormatter`'s
/// documentation. A node is the index of its first token: a token, or a bracket that
/// spans to its closing one (`( )` and `[ ]` groups, `{ }` blocks). Comments are taken
/// from the tokens as they are laid out, so each is written once.
struct LayoutBuilder {
    private(set) var tokens: FormatTokens
    private(set) var layout = Layout()

    /// Offsets of the animate clause words (`to`, `over`, ...) of the statement being laid
    /// out: they are spaced like keywords, though the lexer reads them as names.
    private var clauseWords: Set<Int> = []

    private init(tokens: FormatTokens) {
        self.tokens = tokens
    }

    /// Lays out a whole script: its layout, measured, and the tokens it refers to (their
    /// comments taken).
    static func layOut(_ tokens: FormatTokens) -> (layout: Layout, tokens: FormatTokens) {
        var builder = LayoutBuilder(tokens: tokens)
        builder.program()
        builder.layout.measure(builder.tokens)
        return (builder.layout, builder.tokens)
    }

    /// Lays out the whole script.
    private mutating func program() {
        let end = statementList(from: 0)
        var comments = tokens.takeLeading(end)
        while comments.last == "" { comments.removeLast() }
        let wroteStatements = !layout.ops.isEmpty
        for (n, comment) in comments.enumerated() {
            if wroteStatements || n > 0 { layout.append(.hardLine) }
            layout.append(text: comment)
        }
    }

    /// Statements one a line from `start`, each after its leading comments, with the blank
    /// lines kept; returns the index of the `}` or `eof` that ends them.
    private mutating func statementList(from start: Int) -> Int {
        var n = 0
        return forEachStatement(from: start) { builder, nodes in
            let first = nodes[0]
            if n > 0 { builder.layout.append(builder.tokens[first].blankLineBefore ? .blankLine : .hardLine) }
            for comment in builder.tokens.takeLeading(first) {
                builder.layout.append(text: comment)
                builder.layout.append(.hardLine)
            }
            builder.statement(nodes)
            n += 1
        }
    }

    /// Calls `body` with the nodes of each statement from `start` up to the `}` or `eof`
    /// there, and returns that token's index. A comment after a statement's `;` trails
    /// the statement (its last token, unless that has one).
    private mutating func forEachStatement(from start: Int, _ body: (inout LayoutBuilder, [Int]) -> Void) -> Int {
        var nodes: [Int] = []
        var i = start
        while true {
            let (next, separator) = tokens.statement(from: i, into: &nodes)
            if let separator, let comment = tokens.trailing(separator), let last = nodes.last {
                tokens.addTrailing(comment, to: tokens.last(ofNode: last))
            }
            if !nodes.isEmpty { body(&self, nodes) }
            guard separator != nil else { return next }
            i = next
        }
    }

    /// Calls `body` with the nodes of each item of the group at `open` and the comma
    /// after it (nil after the last one): the group split at the commas directly inside
    /// it, a comma before the closing bracket ending the last item.
    private mutating func forEachItem(of open: Int, _ body: (inout LayoutBuilder, [Int], Int?) -> Void) {
        let close = Int(tokens[open].match)
        var nodes: [Int] = []
        var i = open + 1
        while i < close {
            let (next, comma) = tokens.item(from: i, close: close, into: &nodes)
            if comma != nil || !nodes.isEmpty { body(&self, nodes, comma) }
            i = next
        }
    }

    /// One statement: its nodes spaced, then the comment that ended its line.
    private mutating func statement(_ statement: [Int]) {
        guard let last = statement.last else { return }
        // The first token's leading comments were laid out by the statement list; the
        // trailing comment goes after the whole (perhaps reordered) statement.
        _ = tokens.takeLeading(statement[0])
        tokens.clearBlankLine(statement[0])
        let trailing = tokens.takeTrailing(tokens.last(ofNode: last))
        let saved = clauseWords
        defer { clauseWords = saved }
        var nodes = statement
        if tokens[nodes[0]].kind == .animateKeyword {
            (nodes, clauseWords) = AnimateClauses.reorder(nodes, tokens)
        }
        sequence(nodes)
        if let trailing { layout.append(text: "  " + trailing) }
    }

    /// Nodes one after another, with a space between two of them where the rules say.
    private mutating func sequence(_ nodes: [Int]) {
        var previous: Int?
        var previousIsUnary = false, previousEndsName = false
        for (n, node) in nodes.enumerated() {
            if let previous, spaced(previous, node, afterUnary: previousIsUnary, afterName: previousEndsName) {
                layout.append(.text, Layout.space)
            }
            lay(node, afterName: previousEndsName || isFn(previous))
            previousIsUnary = isUnaryMinus(node, after: previous)
            previousEndsName = endsName(node, afterDot: n > 0 && tokens[nodes[n - 1]].kind == .dot)
            previous = node
        }
    }

    private func isFn(_ node: Int?) -> Bool {
        node.map { tokens[$0].kind == .fnKeyword } ?? false
    }

    /// True when a call or an index may follow the node: a name (not an animate clause
    /// word; a keyword only after `.`), a closing bracket or a string.
    private func endsName(_ node: Int, afterDot: Bool) -> Bool {
        let kind = tokens[node].kind
        switch kind {
        case .identifier: return !clauseWords.contains(Int(tokens[node].offset))
        case .string, .leftParen, .leftBracket: return true
        case .leftBrace: return false
        default: return kind.isKeyword && afterDot
        }
    }

    // MARK: - Nodes

    /// A node; `afterName` says a group follows a name (or `fn`), so `(` is a call's or a
    /// function's parameters and `[` an index.
    private mutating func lay(_ node: Int, afterName: Bool) {
        switch tokens[node].kind {
        case .leftParen: group(node, breakable: afterName)
        case .leftBracket: group(node, breakable: !afterName)
        case .leftBrace: block(node)
        default: withComments(node)
        }
    }

    /// A token inside brackets, with its comments: each ends its line, and one that stood
    /// on its own line before the token starts a line too.
    private mutating func withComments(_ token: Int) {
        leadingComments(of: token)
        layout.append(.token, UInt32(truncatingIfNeeded: token))
        if let trailing = tokens.takeTrailing(token) {
            layout.append(text: "  " + trailing)
            layout.append(.hardLine)
        }
    }

    /// The comments on their own lines before a token, each ending its line, after a
    /// fresh line.
    private mutating func leadingComments(of token: Int) {
        let leading = tokens.takeLeading(token)
        guard !leading.isEmpty else { return }
        layout.append(.freshLine)
        for comment in leading {
            layout.append(text: comment)
            layout.append(.hardLine)
        }
    }

    /// An opening bracket with its comments: those on their own lines before it, and
    /// the one after it on its line (the group is broken then, so a line break follows).
    private mutating func opening(_ open: Int) {
        leadingComments(of: open)
        layout.append(.token, UInt32(truncatingIfNeeded: open))
        if let trailing = tokens.takeTrailing(open) { layout.append(text: "  " + trailing) }
    }

    /// The comma after an item, with the comment written after it (its group is broken,
    /// so a line break follows), as `op` text.
    private mutating func comma(_ comma: Int?, _ op: Layout.Op = .text) {
        layout.append(op, Layout.comma)
        if let comma, let trailing = tokens.takeTrailing(comma) { layout.append(text: "  " + trailing, op) }
    }

    /// `( )` or `[ ]`. An argument, parameter or list group breaks into one item a line
    /// with trailing commas when it does not fit; one holding a multi-line block keeps its
    /// items on the line and lets the block break; parentheses around an expression and
    /// an index never break.
    private mutating func group(_ open: Int, breakable: Bool) {
        let close = Int(tokens[open].match)
        let endComments = tokens.takeLeading(close)
        // What the items hold decides the layout before any is laid out.
        var itemCount = 0, commentedComma = false, holdsBlock = false
        forEachItem(of: open) { builder, nodes, comma in
            itemCount += nodes.isEmpty ? 0 : 1
            if let comma, builder.tokens.trailing(comma) != nil { commentedComma = true }
            if nodes.contains(where: { builder.tokens[$0].kind == .leftBrace && builder.tokens[$0].multiline }) { holdsBlock = true }
        }
        let commented = tokens.trailing(open) != nil || !endComments.isEmpty || commentedComma
        guard itemCount > 0 || commented else {
            opening(open)
            withComments(close)
            return
        }
        if !breakable || holdsBlock && !commented {
            opening(open)
            if commented { layout.append(.hardLine) }
            var n = 0
            forEachItem(of: open) { builder, nodes, comma in
                builder.sequence(nodes)
                if n + 1 < itemCount {
                    builder.comma(comma)
                    builder.layout.append(.text, Layout.space)
                }
                n += 1
            }
            for comment in endComments {
                layout.append(.hardLine)
                layout.append(text: comment)
            }
            if commented { layout.append(.hardLine) }
            withComments(close)
            return
        }
        layout.append(commented ? .breakingGroup : .group)
        opening(open)
        layout.append(.nest)
        layout.append(.softLine)
        var n = 0
        forEachItem(of: open) { builder, nodes, comma in
            builder.sequence(nodes)
            // A comma between items; after the last, one only when the group is broken.
            if n + 1 < itemCount {
                builder.comma(comma)
                builder.layout.append(.line)
            } else {
                builder.comma(comma, .textIfBroken)
            }
            n += 1
        }
        for (n, comment) in endComments.enumerated() where !(comment.isEmpty && n == endComments.count - 1) {
            layout.append(.hardLine)
            layout.append(text: comment)
        }
        layout.append(.endNest)
        layout.append(.softLine)
        withComments(close)
        layout.append(.endGroup)
    }

    /// `{ }`: a block written on one line stays on one line while it fits; any other is
    /// one statement a line.
    private mutating func block(_ open: Int) {
        let close = Int(tokens[open].match)
        var endComments = tokens.takeLeading(close)
        while endComments.last == "" { endComments.removeLast() }
        var statements = 0, statementComments = false
        _ = forEachStatement(from: open + 1) { builder, nodes in
            if statements == 0 { builder.tokens.clearBlankLine(nodes[0]) }
            if !builder.tokens.leading(nodes[0]).isEmpty { statementComments = true }
            statements += 1
        }
        let openTrailing = tokens.trailing(open) != nil
        if statements == 0, endComments.isEmpty, !openTrailing {
            opening(open)
            withComments(close)
            return
        }
        if !tokens[open].multiline, endComments.isEmpty, !openTrailing, !statementComments {
            layout.append(.group)
            opening(open)
            layout.append(.nest)
            layout.append(.line)
            var n = 0
            _ = forEachStatement(from: open + 1) { builder, nodes in
                if n > 0 {
                    builder.layout.append(.textIfFlat, Layout.semicolon)
                    builder.layout.append(.line)
                }
                builder.statement(nodes)
                n += 1
            }
            layout.append(.endNest)
            layout.append(.line)
            withComments(close)
            layout.append(.endGroup)
            return
        }
        opening(open)
        layout.append(.nest)
        layout.append(.hardLine)
        _ = statementList(from: open + 1)
        for (n, comment) in endComments.enumerated() {
            if n > 0 || statements > 0 { layout.append(.hardLine) }
            layout.append(text: comment)
        }
        layout.append(.endNest)
        layout.append(.hardLine)
        withComments(close)
    }

    // MARK: - Spacing

    /// True when a space goes between two neighbouring nodes.
    private func spaced(_ a: Int, _ b: Int, afterUnary: Bool, afterName: Bool) -> Bool {
        if afterUnary { return false }
        switch tokens[b].kind {
        // A call, a parameter list or an index follows its name directly; `fn (x)` does not.
        case .leftBracket: return !afterName
        case .leftParen: return !afterName || isFn(a)
        case .leftBrace: return true
        case .comma, .semicolon, .colon, .dot, .range, .rightParen, .rightBracket: return false
        default: break
        }
        switch tokens[tokens.last(ofNode: a)].kind {
        case .dot, .range: return false
        default: return true
        }
    }

    /// True when `node` is a `-` that negates what follows rather than subtracting.
    private func isUnaryMinus(_ node: Int, after previous: Int?) -> Bool {
        guard tokens[node].kind == .minus else { return false }
        guard let previous else { return true }
        let before = tokens[previous].kind
        switch before {
        case .identifier: return clauseWords.contains(Int(tokens[previous].offset))
        case .leftParen, .leftBracket, .leftBrace: return false
        case .number, .string, .color, .rightParen, .rightBracket, .rightBrace, .valueKeyword: return false
        default: return true
        }
    }
}

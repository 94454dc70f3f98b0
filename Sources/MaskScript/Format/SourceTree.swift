/// A script's tokens arranged by brackets and statements, with its comments and blank
/// lines attached: what the formatter lays out. Built only for scripts that parse without
/// errors, so brackets match and nesting is bounded by the parser's own limit.
struct SourceTree {
    /// One token, with the comments around it.
    struct Item {
        let token: Token
        /// The token's text as written.
        let text: String
        /// The lines just before the token: comments, and "" for a blank line among them.
        var leadingComments: [String] = []
        /// True when a blank line comes before the token (or before its leading comments).
        var blankLineBefore = false
        /// A comment after the token on the same line.
        var trailingComment: String?
    }

    /// A token, a bracketed group or a block.
    /// A token is held in place and only groups and blocks in boxes: most nodes are
    /// tokens, and a box each cost a list literal's formatting 60 bytes per item.
    enum Node {
        case token(Item)
        /// `( ... )` or `[ ... ]`: its elements, split at the commas directly inside it.
        indirect case group(open: Item, elements: [[Node]], commas: [Item], close: Item)
        /// `{ ... }`: its statements; `multiline` when the source spread it over lines.
        indirect case block(open: Item, statements: [Statement], close: Item, multiline: Bool)

        /// The first token of the node.
        var first: Item {
            switch self {
            case .token(let item): item
            case .group(let open, _, _, _), .block(let open, _, _, _): open
            }
        }
    }

    /// One statement: its nodes, without the newline or `;` that ends it.
    struct Statement {
        var nodes: [Node]
    }

    /// The top-level statements.
    let statements: [Statement]
    /// The lines after the last statement: comments, and "" for blank lines among them.
    let endComments: [String]

    /// Arranges the tokens of a script that parsed without errors.
    init(file: SourceFile, tokens: [Token]) {
        var reader = TreeReader(items: CommentScanner.items(of: file, tokens: tokens))
        let (statements, end) = reader.statements(closedBy: nil)
        self.statements = statements
        endComments = end.leadingComments
    }
}

/// Finds the comments and blank lines between tokens and gives each token its own: a
/// comment on a line of its own leads the next token; one after code on the same line
/// trails the last token there (a line break or `;` ending a statement is not that token).
private enum CommentScanner {
    static func items(of file: SourceFile, tokens: [Token]) -> [SourceTree.Item] {
        let scalars = file.scalars
        func text(_ start: Int, _ end: Int) -> String {
            guard start < end, end <= scalars.count else { return "" }
            return String(String.UnicodeScalarView(scalars[start..<end]))
        }
        func lineBreaks(_ start: Int, _ end: Int) -> Int {
            var count = 0
            for i in start..<max(start, min(end, scalars.count)) where scalars[i] == "\n" { count += 1 }
            return count
        }
        // One item a token: reserved at once, not grown by doubling, which copied a long
        // list's items several times and held room for twice as many.
        var items: [SourceTree.Item] = []
        items.reserveCapacity(tokens.count)
        var gapStart = 0
        /// Where the last code or comment ended, and whether there was any yet.
        var contentEnd = 0, seenContent = false
        /// The last item that a comment on its line may trail.
        var trailable: Int?
        for token in tokens {
            var item = SourceTree.Item(token: token, text: text(token.range.start.offset, token.range.end.offset))
            var i = gapStart
            let end = token.range.start.offset
            var first = true
            while i < end {
                guard i + 1 < scalars.count, scalars[i] == "/", scalars[i + 1] == "/" else {
                    i += 1
                    continue
                }
                var stop = i
                while stop < scalars.count, scalars[stop] != "\n" { stop += 1 }
                var comment = text(i, stop)
                while comment.last == " " || comment.last == "\t" || comment.last == "\r" { comment.removeLast() }
                let breaks = seenContent ? lineBreaks(contentEnd, i) : 1
                if breaks == 0, let t = trailable, items[t].trailingComment == nil {
                    items[t].trailingComment = comment
                } else {
                    if first { item.blankLineBefore = seenContent && breaks >= 2 }
                    else if breaks >= 2 { item.leadingComments.append("") }
                    item.leadingComments.append(comment)
                    first = false
                }
                contentEnd = stop
                seenContent = true
                i = stop
            }
            let breaksBeforeToken = seenContent ? lineBreaks(contentEnd, end) : 0
            if item.leadingComments.isEmpty {
                item.blankLineBefore = breaksBeforeToken >= 2
            } else if breaksBeforeToken >= 2 {
                item.leadingComments.append("")
            }
            gapStart = token.range.end.offset
            switch token.kind {
            case .newline:
                trailable = nil
            case .semicolon, .eof:
                contentEnd = token.range.end.offset
            default:
                contentEnd = token.range.end.offset
                seenContent = true
                trailable = items.count
            }
            items.append(item)
        }
        moveCommentsOffSeparators(in: &items)
        return items
    }

    /// A comment on its own line before a `,` or `;` is moved to the next token that is
    /// laid out (the layout drops a `;` and writes a `,` after its item), so it stays on a
    /// line of its own there instead of being lost.
    private static func moveCommentsOffSeparators(in items: inout [SourceTree.Item]) {
        var carried: [String] = []
        for i in items.indices {
            switch items[i].token.kind {
            case .comma, .semicolon, .newline:
                guard !items[i].leadingComments.isEmpty else { continue }
                carried += items[i].leadingComments
                items[i].leadingComments = []
            default:
                guard !carried.isEmpty else { continue }
                items[i].leadingComments = carried + items[i].leadingComments
                carried = []
            }
        }
    }
}

/// Reads items into statements, groups and blocks.
private struct TreeReader {
    typealias Node = SourceTree.Node
    let items: [SourceTree.Item]
    var index = 0

    init(items: [SourceTree.Item]) {
        self.items = items
    }

    private var kind: Token.Kind { items[min(index, items.count - 1)].token.kind }

    private mutating func take() -> SourceTree.Item {
        defer { index += 1 }
        return items[min(index, items.count - 1)]
    }

    /// Statements up to the `}` (or, when `close` is nil, the end of the file), and that
    /// closing item, whose leading comments end the block.
    mutating func statements(closedBy close: Token.Kind?) -> ([SourceTree.Statement], SourceTree.Item) {
        var statements: [SourceTree.Statement] = []
        var current: [Node] = []
        while true {
            switch kind {
            case let end where end == .eof || end == .rightBrace && close != nil:
                if !current.isEmpty { statements.append(SourceTree.Statement(nodes: current)) }
                return (statements, take())
            case .newline, .semicolon:
                let separator = take()
                // A comment after a `;` trails the statement it ends.
                if let comment = separator.trailingComment, let last = current.indices.last {
                    current[last] = Node.withLast(current[last]) { $0.trailingComment = $0.trailingComment ?? comment }
                }
                if !current.isEmpty { statements.append(SourceTree.Statement(nodes: current)) }
                current = []
            default:
                current.append(node())
            }
        }
    }

    private mutating func node() -> Node {
        let item = take()
        switch item.token.kind {
        case .leftParen, .leftBracket:
            let closing: Token.Kind = item.token.kind == .leftParen ? .rightParen : .rightBracket
            var elements: [[Node]] = [[]]
            var commas: [SourceTree.Item] = []
            while kind != closing, kind != .eof {
                switch kind {
                case .comma:
                    commas.append(take())
                    elements.append([])
                case .newline:
                    index += 1
                default:
                    elements[elements.count - 1].append(node())
                }
            }
            let end = take()
            if elements.last?.isEmpty == true { elements.removeLast() }
            return .group(open: item, elements: elements, commas: commas, close: end)
        case .leftBrace:
            var (statements, close) = self.statements(closedBy: .rightBrace)
            if let first = statements.first?.nodes.first {
                statements[0].nodes[0] = Node.withFirst(first) { $0.blankLineBefore = false }
            }
            return .block(open: item, statements: statements, close: close,
                          multiline: close.token.range.start.line != item.token.range.start.line)
        default:
            return .token(item)
        }
    }
}

extension SourceTree.Node {
    /// The node with its first item changed.
    static func withFirst(_ node: Self, _ change: (inout SourceTree.Item) -> Void) -> Self {
        switch node {
        case .token(var item):
            change(&item)
            return .token(item)
        case .group(var open, let elements, let commas, let close):
            change(&open)
            return .group(open: open, elements: elements, commas: commas, close: close)
        case .block(var open, let statements, let close, let multiline):
            change(&open)
            return .block(open: open, statements: statements, close: close, multiline: multiline)
        }
    }

    /// The node with its last item (a token, or the closing bracket) changed.
    static func withLast(_ node: Self, _ change: (inout SourceTree.Item) -> Void) -> Self {
        switch node {
        case .token(var item):
            change(&item)
            return .token(item)
        case .group(let open, let elements, let commas, var close):
            change(&close)
            return .group(open: open, elements: elements, commas: commas, close: close)
        case .block(let open, let statements, var close, let multiline):
            change(&close)
            return .block(open: open, statements: statements, close: close, multiline: multiline)
        }
    }
}

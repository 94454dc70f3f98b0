/// Puts the clauses of an `animate` statement in the order Grammar.md lists them. Clause
/// words are ordinary names to the lexer (`let over = 1` is allowed), so where each clause
/// starts is taken from the parser: the statement's tokens are parsed again on their own.
enum AnimateClauses {
    typealias Node = SourceTree.Node

    /// The order clauses are written in.
    static let order = ["from", "to", "keys", "times", "over", "delay", "ease", "repeat", "autoreverse", "stagger", "order"]

    /// The statement's nodes with its clauses reordered, and the source offsets of its
    /// clause words. Nodes it cannot make sense of are returned as they were.
    static func reorder(_ nodes: [Node]) -> ([Node], Set<Int>) {
        // The statement's text, one space between nodes, and where each node starts in it.
        var text = ""
        var starts: [Int] = []
        for node in nodes {
            if !text.isEmpty { text += " " }
            starts.append(text.unicodeScalars.count)
            text += flat(node)
        }
        let (statements, diagnostics) = Parser.parse(SourceFile(name: "<animate>", text: text))
        guard diagnostics.isEmpty, statements.count == 1, case .animate(let a) = statements[0].kind else {
            return (nodes, [])
        }
        func node(startingAt offset: Int) -> Int? { starts.firstIndex(of: offset) }

        // Each clause's word is the node before its value; `autoreverse` and
        // `repeat forever` have no value, so they are found as words outside every value.
        var clauses: [(word: String, start: Int)] = []
        let values: [(String, Expr?)] = [("from", a.from), ("to", a.to), ("keys", a.keys), ("times", a.times),
                                         ("over", a.duration), ("delay", a.delay), ("ease", a.ease),
                                         ("stagger", a.stagger), ("order", a.order)]
        var valueRanges: [Range<Int>] = []
        for case let (word, expr?) in values {
            guard let first = node(startingAt: expr.range.start.offset), first > 0 else { return (nodes, []) }
            clauses.append((word, first - 1))
            valueRanges.append(expr.range.start.offset..<expr.range.end.offset)
        }
        if case .times(let count)? = a.repeatCount {
            guard let first = node(startingAt: count.range.start.offset), first > 0 else { return (nodes, []) }
            clauses.append(("repeat", first - 1))
            valueRanges.append(count.range.start.offset..<count.range.end.offset)
        }
        let outside = { (index: Int) in !valueRanges.contains { $0.contains(starts[index]) } }
        for (index, node) in nodes.enumerated() where outside(index) {
            guard case .token(let item) = node else { continue }
            if case .forever? = a.repeatCount, item.token.kind == .keyword(.repeat) { clauses.append(("repeat", index)) }
            if a.autoreverses, item.token.kind == .identifier("autoreverse") { clauses.append(("autoreverse", index)) }
        }
        clauses.sort { $0.start < $1.start }
        guard let firstClause = clauses.first?.start else { return (nodes, []) }

        var spans: [(rank: Int, nodes: ArraySlice<Node>)] = []
        for (n, clause) in clauses.enumerated() {
            let end = n + 1 < clauses.count ? clauses[n + 1].start : nodes.count
            spans.append((order.firstIndex(of: clause.word) ?? order.count, nodes[clause.start..<end]))
        }
        spans.sort { $0.rank < $1.rank }
        let words = Set(clauses.compactMap { clause -> Int? in
            guard case .token(let item) = nodes[clause.start], case .identifier = item.token.kind else { return nil }
            return item.token.range.start.offset
        })
        return (Array(nodes[..<firstClause]) + spans.flatMap { $0.nodes }, words)
    }

    /// A node's tokens as text on one line, a space between tokens, blocks' statements
    /// separated by `;`.
    private static func flat(_ node: Node) -> String {
        switch node {
        case .token(let item):
            return item.text
        case let .group(open, elements, _, close):
            return open.text + elements.map { $0.map(flat).joined(separator: " ") }.joined(separator: ", ") + close.text
        case let .block(open, statements, close, _):
            let body = statements.map { $0.nodes.map(flat).joined(separator: " ") }.joined(separator: "; ")
            return open.text + " " + body + " " + close.text
        }
    }
}

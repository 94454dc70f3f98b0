/// Puts the clauses of an `animate` statement in the order Grammar.md lists them. Clause
/// words are ordinary names to the lexer (`let over = 1` is allowed), so where each clause
/// starts is taken from the parser: the statement's tokens are parsed again on their own.
enum AnimateClauses {
    /// A node: the index of its first token (see `LayoutBuilder`).
    typealias Node = Int

    /// The order clauses are written in.
    static let order = ["from", "to", "keys", "times", "over", "delay", "ease", "repeat", "autoreverse", "stagger", "order"]

    /// The statement's nodes with its clauses reordered, and the source offsets of its
    /// clause words. Nodes it cannot make sense of are returned as they were.
    static func reorder(_ nodes: [Node], _ tokens: FormatTokens) -> ([Node], Set<Int>) {
        // The statement's text, one space between nodes, and where each node starts in it.
        var text = ""
        var starts: [Int] = []
        for node in nodes {
            if !text.isEmpty { text += " " }
            starts.append(text.unicodeScalars.count)
            text += flat(node, tokens)
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
            if case .forever? = a.repeatCount, tokens[node].kind == .repeatKeyword { clauses.append(("repeat", index)) }
            if a.autoreverses, tokens[node].kind == .identifier, tokens.text(node) == "autoreverse" {
                clauses.append(("autoreverse", index))
            }
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
            let word = tokens[nodes[clause.start]]
            return word.kind == .identifier ? Int(word.offset) : nil
        })
        return (Array(nodes[..<firstClause]) + spans.flatMap { $0.nodes }, words)
    }

    /// A node's tokens as text on one line, a space between tokens, blocks' statements
    /// separated by `;`.
    private static func flat(_ node: Node, _ tokens: FormatTokens) -> String {
        let close = tokens.last(ofNode: node)
        guard close != node else { return tokens.text(node) }
        var parts: [String] = []
        var nodes: [Int] = []
        var i = node + 1
        if tokens[node].kind == .leftBrace {
            while true {
                let (next, separator) = tokens.statement(from: i, into: &nodes)
                if !nodes.isEmpty { parts.append(nodes.map { flat($0, tokens) }.joined(separator: " ")) }
                guard separator != nil else { break }
                i = next
            }
            return tokens.text(node) + " " + parts.joined(separator: "; ") + " " + tokens.text(close)
        }
        while i < close {
            let (next, comma) = tokens.item(from: i, close: close, into: &nodes)
            if comma != nil || !nodes.isEmpty { parts.append(nodes.map { flat($0, tokens) }.joined(separator: " ")) }
            i = next
        }
        return tokens.text(node) + parts.joined(separator: ", ") + tokens.text(close)
    }
}

/// A script's tokens as the formatter reads them: 16 bytes a token, with the comments and
/// blank lines between tokens attached to them in a side table, and each opening bracket
/// knowing its closing one, so brackets, statements and list items are walked by index
/// instead of being copied into a tree. Built only for scripts that parse without errors,
/// so brackets match and nesting is bounded by the parser's own limit.
///
/// A list literal is one token a byte of script: a `Token` (48 bytes or more), a tree
/// node and an item with its own strings for each once made `fmt` need 280 bytes of
/// memory per byte of script.
struct FormatTokens {
    /// What the layout rules tell apart.
    enum Kind: UInt8 {
        case identifier, keyword, fnKeyword, animateKeyword, repeatKeyword, valueKeyword
        case number, string, color
        case minus, dot, comma, colon, semicolon, newline, range
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case other, eof

        init(_ kind: Token.Kind) {
            switch kind {
            case .identifier: self = .identifier
            case .keyword(.fn): self = .fnKeyword
            case .keyword(.animate): self = .animateKeyword
            case .keyword(.repeat): self = .repeatKeyword
            case .keyword(.true), .keyword(.false), .keyword(.nil): self = .valueKeyword
            case .keyword: self = .keyword
            case .number: self = .number
            case .string: self = .string
            case .color: self = .color
            case .minus: self = .minus
            case .dot: self = .dot
            case .comma: self = .comma
            case .colon: self = .colon
            case .semicolon: self = .semicolon
            case .newline: self = .newline
            case .halfOpenRange, .closedRange: self = .range
            case .leftParen: self = .leftParen
            case .rightParen: self = .rightParen
            case .leftBracket: self = .leftBracket
            case .rightBracket: self = .rightBracket
            case .leftBrace: self = .leftBrace
            case .rightBrace: self = .rightBrace
            case .eof: self = .eof
            default: self = .other
            }
        }

        /// Every reserved word.
        var isKeyword: Bool {
            switch self {
            case .keyword, .fnKeyword, .animateKeyword, .repeatKeyword, .valueKeyword: true
            default: false
            }
        }

        /// `(`, `[` or `{`: the start of a node that spans to its closing bracket.
        var opens: Bool { self == .leftParen || self == .leftBracket || self == .leftBrace }

        /// A newline or `;`, which ends a statement.
        var separates: Bool { self == .newline || self == .semicolon }
    }

    /// One token: where its text is, and its kind.
    struct Record {
        /// The token's first scalar in the file.
        let offset: UInt32
        /// Its length in scalars.
        let length: UInt32
        /// For an opening bracket, the index of its closing one.
        var match: UInt32 = 0
        let kind: Kind
        /// True when a blank line comes before the token (or before its leading comments).
        var blankLineBefore = false
        /// For `{`, true when its `}` is on another line.
        var multiline = false
    }

    /// A token's comments.
    struct Comments {
        /// The lines just before the token: comments, and "" for a blank line among them.
        var leading: [String] = []
        /// A comment after the token on the same line.
        var trailing: String?
    }

    /// The script's text.
    let scalars: [Unicode.Scalar]
    /// The tokens, ending with `eof`.
    private(set) var records: [Record] = []
    /// The comments, by token index: few tokens have any.
    private(set) var comments: [Int: Comments] = [:]

    /// Reads the tokens and comments of a script that parsed without errors.
    init(file: SourceFile) {
        scalars = file.scalars
        var scanner = CommentScanner(scalars: scalars)
        var open: [(index: Int, line: Int)] = []
        Lexer.forEachToken(file) { token in
            let index = records.count
            var record = Record(offset: UInt32(truncatingIfNeeded: token.range.start.offset),
                                length: UInt32(truncatingIfNeeded: token.range.end.offset - token.range.start.offset),
                                kind: Kind(token.kind))
            let found = scanner.comments(before: token, index: index, trailing: { comments[$0, default: Comments()].trailing })
            record.blankLineBefore = found.blankLineBefore
            if let trail = found.trailsPrevious { comments[trail.index, default: Comments()].trailing = trail.comment }
            if !found.leading.isEmpty { comments[index] = Comments(leading: found.leading) }
            switch record.kind {
            case .leftParen, .leftBracket, .leftBrace:
                open.append((index, token.range.start.line))
            case .rightParen, .rightBracket, .rightBrace:
                if let opening = open.popLast() {
                    records[opening.index].match = UInt32(truncatingIfNeeded: index)
                    records[opening.index].multiline = opening.line != token.range.start.line
                }
            default:
                break
            }
            records.append(record)
        }
        moveCommentsOffSeparators()
    }

    subscript(index: Int) -> Record { records[index] }

    /// The text of a token as written.
    func text(_ index: Int) -> String {
        let record = records[index]
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[Int(record.offset)..<Int(record.offset + record.length)])
        return String(view)
    }

    /// The index after the node starting at `index`: past its closing bracket for a bracket.
    func end(ofNode index: Int) -> Int {
        records[index].kind.opens ? Int(records[index].match) + 1 : index + 1
    }

    /// The last token of the node starting at `index`: its closing bracket for a bracket.
    func last(ofNode index: Int) -> Int {
        records[index].kind.opens ? Int(records[index].match) : index
    }

    /// The leading comments of a token.
    func leading(_ index: Int) -> [String] { comments[index]?.leading ?? [] }

    /// The trailing comment of a token.
    func trailing(_ index: Int) -> String? { comments[index]?.trailing }

    /// Removes and returns a token's leading comments (once laid out, or moved).
    mutating func takeLeading(_ index: Int) -> [String] {
        guard let found = comments[index]?.leading, !found.isEmpty else { return [] }
        comments[index]?.leading = []
        return found
    }

    /// Removes and returns a token's trailing comment.
    mutating func takeTrailing(_ index: Int) -> String? {
        guard let found = comments[index]?.trailing else { return nil }
        comments[index]?.trailing = nil
        return found
    }

    /// Gives a token a trailing comment unless it has one.
    mutating func addTrailing(_ comment: String, to index: Int) {
        if comments[index]?.trailing == nil { comments[index, default: Comments()].trailing = comment }
    }

    /// Drops the blank line before a token (the first statement of a block).
    mutating func clearBlankLine(_ index: Int) {
        records[index].blankLineBefore = false
    }

    /// Reads the nodes of the statement at `start` into `nodes`, up to the newline or `;`
    /// that ends it (its `separator`, nil at the `}` or `eof` that ends the statements);
    /// `next` is the index after the separator, or the index of that `}` or `eof`.
    func statement(from start: Int, into nodes: inout [Int]) -> (next: Int, separator: Int?) {
        nodes.removeAll(keepingCapacity: true)
        var i = start
        while true {
            let kind = records[i].kind
            if kind == .eof || kind == .rightBrace { return (i, nil) }
            if kind.separates { return (i + 1, i) }
            nodes.append(i)
            i = end(ofNode: i)
        }
    }

    /// Reads the nodes of the item at `start` of the group closed at `close` into `nodes`,
    /// up to the comma after it (nil at the closing bracket); newlines are skipped.
    /// `next` is the index after the comma, or `close`.
    func item(from start: Int, close: Int, into nodes: inout [Int]) -> (next: Int, comma: Int?) {
        nodes.removeAll(keepingCapacity: true)
        var i = start
        while i < close {
            switch records[i].kind {
            case .comma: return (i + 1, i)
            case .newline: i += 1
            default:
                nodes.append(i)
                i = end(ofNode: i)
            }
        }
        return (close, nil)
    }

    /// A comment on its own line before a `,` or `;` is moved to the next token that is
    /// laid out (the layout drops a `;` and writes a `,` after its item), so it stays on a
    /// line of its own there instead of being lost.
    private mutating func moveCommentsOffSeparators() {
        let separator: (Kind) -> Bool = { $0 == .comma || $0 == .semicolon || $0 == .newline }
        for index in comments.keys.sorted() where separator(records[index].kind) && !leading(index).isEmpty {
            var carried: [String] = []
            var next = index
            while next < records.count, separator(records[next].kind) {
                carried += takeLeading(next)
                next += 1
            }
            if next < records.count { comments[next, default: Comments()].leading = carried + leading(next) }
        }
    }
}

/// Finds the comments and blank lines between tokens and gives each token its own: a
/// comment on a line of its own leads the next token; one after code on the same line
/// trails the last token there (a line break or `;` ending a statement is not that token).
private struct CommentScanner {
    let scalars: [Unicode.Scalar]
    var gapStart = 0
    /// Where the last code or comment ended, and whether there was any yet.
    var contentEnd = 0, seenContent = false
    /// The last token that a comment on its line may trail.
    var trailable: Int?

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// What the gap before a token holds.
    struct Found {
        var leading: [String] = []
        var blankLineBefore = false
        /// A comment for an earlier token's end of line.
        var trailsPrevious: (index: Int, comment: String)?
    }

    /// The comments between the previous token and `token` (the token at `index`);
    /// `trailing` gives the trailing comment an earlier token already has.
    mutating func comments(before token: Token, index: Int, trailing: (Int) -> String?) -> Found {
        var found = Found()
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
            if breaks == 0, let t = trailable, trailing(t) == nil, found.trailsPrevious == nil {
                found.trailsPrevious = (t, comment)
            } else {
                if first { found.blankLineBefore = seenContent && breaks >= 2 }
                else if breaks >= 2 { found.leading.append("") }
                found.leading.append(comment)
                first = false
            }
            contentEnd = stop
            seenContent = true
            i = stop
        }
        let breaksBeforeToken = seenContent ? lineBreaks(contentEnd, end) : 0
        if found.leading.isEmpty {
            found.blankLineBefore = breaksBeforeToken >= 2
        } else if breaksBeforeToken >= 2 {
            found.leading.append("")
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
            trailable = index
        }
        return found
    }

    private func text(_ start: Int, _ end: Int) -> String {
        guard start < end, end <= scalars.count else { return "" }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    private func lineBreaks(_ start: Int, _ end: Int) -> Int {
        var count = 0
        for i in start..<max(start, min(end, scalars.count)) where scalars[i] == "\n" { count += 1 }
        return count
    }
}

import MaskScript

/// The brackets still open at the end of some source text, found with the real lexer, so
/// brackets inside strings and comments do not count.
///
/// The REPL keeps reading lines (with the `...> ` prompt) while any is open, and completion
/// looks at the innermost `{` to offer the property names of the layer being declared.
struct OpenBrackets {
    /// What an open `{` belongs to.
    enum Block: Equatable {
        /// `KIND [name] {`: a layer body.
        case layer(LayerKeyword)
        /// `canvas {`.
        case canvas
        /// Any other block: a function, `if`, loop.
        case other
    }

    /// One open bracket.
    enum Opener: Equatable {
        /// `(` or `[`.
        case group
        /// `{` and what it opens.
        case brace(Block)
    }

    /// The open brackets, innermost last.
    private(set) var openers: [Opener] = []

    /// Scans `text`; closers without an opener are ignored (the parser reports them).
    init(_ text: String) {
        let (tokens, _) = Lexer.tokenize(SourceFile(name: "<repl>", text: text))
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftBracket:
                openers.append(.group)
            case .leftBrace:
                openers.append(.brace(OpenBrackets.block(before: index, in: tokens)))
            case .rightParen, .rightBracket, .rightBrace:
                if !openers.isEmpty { openers.removeLast() }
            default:
                break
            }
        }
    }

    /// True when every bracket is closed.
    var isEmpty: Bool { openers.isEmpty }

    /// The block of the innermost open `{`, if the innermost bracket is one.
    var innermostBlock: Block? {
        if case .brace(let block) = openers.last { return block }
        return nil
    }

    /// What the `{` at `index` opens, judged from the one or two tokens before it.
    private static func block(before index: Int, in tokens: [Token]) -> Block {
        func keyword(_ offset: Int) -> Keyword? {
            guard index - offset >= 0, case .keyword(let k) = tokens[index - offset].kind else { return nil }
            return k
        }
        if keyword(1) == .canvas { return .canvas }
        if let kind = keyword(1)?.layerKind { return .layer(kind) }
        if index >= 2, case .identifier = tokens[index - 1].kind, let kind = keyword(2)?.layerKind {
            return .layer(kind)
        }
        return .other
    }
}

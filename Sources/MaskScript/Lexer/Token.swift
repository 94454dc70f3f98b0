import MaskEngine

/// A token: what was read, and where.
public struct Token: Equatable, Sendable {
    /// What the token is; literals carry their decoded value.
    public var kind: Kind
    /// The source text of the token.
    public var range: SourceRange

    /// Creates a token.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// Every kind of token.
    public enum Kind: Hashable, Sendable {
        /// A number, unit suffix applied (`250ms` is 0.25, `90deg` is π/2, `50%` is 0.5).
        case number(Double)
        /// A string literal with its escapes decoded.
        case string(String)
        /// A hex colour `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. Boxed: its 32 bytes
        /// inline made every token 64 bytes instead of 48, and a list literal holds a
        /// token per byte of script.
        indirect case color(Color)
        /// A name that is not a keyword.
        case identifier(String)
        /// A reserved word.
        case keyword(Keyword)
        /// `+`
        case plus
        /// `-`
        case minus
        /// `*`
        case star
        /// `/`
        case slash
        /// `%` (remainder; a `%` right after a number is the percent unit instead)
        case percent
        /// `==`
        case equalEqual
        /// `!=`
        case bangEqual
        /// `<`
        case less
        /// `<=`
        case lessEqual
        /// `>`
        case greater
        /// `>=`
        case greaterEqual
        /// `=`
        case equal
        /// `..<`
        case halfOpenRange
        /// `...`
        case closedRange
        /// `.`
        case dot
        /// `,`
        case comma
        /// `:`
        case colon
        /// `(`
        case leftParen
        /// `)`
        case rightParen
        /// `[`
        case leftBracket
        /// `]`
        case rightBracket
        /// `{`
        case leftBrace
        /// `}`
        case rightBrace
        /// `;`, which ends a statement.
        case semicolon
        /// A line break that ends a statement; runs of them are collapsed into one.
        case newline
        /// Text the lexer could not read and already reported; the parser stays silent about it.
        case error
        /// The end of the file; always the last token.
        case eof
    }

    /// The fixed spelling of a punctuation or operator kind, or nil for other kinds.
    public static func spelling(of kind: Kind) -> String? {
        switch kind {
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .equalEqual: return "=="
        case .bangEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .equal: return "="
        case .halfOpenRange: return "..<"
        case .closedRange: return "..."
        case .dot: return "."
        case .comma: return ","
        case .colon: return ":"
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .semicolon: return ";"
        case .number, .string, .color, .identifier, .keyword, .newline, .error, .eof: return nil
        }
    }
}

/// The reserved words. Animate clause words (`from`, `to`, `over`, `ease`, ...) are not
/// among them: they are ordinary identifiers that only `animate` gives a meaning.
public enum Keyword: String, Sendable, CaseIterable {
    /// Declarations and control flow.
    case `let`, fn, `return`, `if`, `else`, `for`, `in`, `repeat`, `as`, forever
    /// `import "path.mask" [as name]` (LANGUAGE.md section 10).
    case `import`
    /// Time and the canvas.
    case animate, delay, wait, canvas
    /// Layer kinds, and `mask` inside a layer body.
    case layer, gradient, shape, text, grid, mask
    /// Literal words and logical operators.
    case `true`, `false`, `nil`, and, or, not

    /// The layer kind a layer keyword declares, or nil for other keywords.
    public var layerKind: LayerKeyword? { LayerKeyword(rawValue: rawValue) }
}

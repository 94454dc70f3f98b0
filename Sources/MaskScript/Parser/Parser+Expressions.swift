// MARK: - Expressions
//
// Precedence, lowest first: `or`, `and`, `not`, comparisons (non-associative), ranges
// (non-associative), `+ -`, `* / %`, unary `-`, postfix calls, indexing and members.
// Each operator applied counts one level of nesting (see `Parser`), so trees stay shallow.

extension Parser {
    /// The binding strength of the infix and prefix-`not` levels, weakest first.
    enum Precedence: Int, Comparable {
        case or = 1, and, not, comparison, range, term, factor
        /// Stronger than every infix operator: `binary(.unary)` is just a unary expression.
        case unary

        static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The next stronger level.
        var stronger: Precedence { Precedence(rawValue: rawValue + 1) ?? .unary }
    }

    /// expression -> or
    mutating func expression() throws -> Expr {
        try nest()
        defer { unnest() }
        return try binary(.or)
    }

    /// or         -> and ("or" and)*
    /// and        -> not ("and" not)*
    /// not        -> "not" not | comparison
    /// comparison -> range (("==" | "!=" | "<" | "<=" | ">" | ">=") range)?
    /// range      -> term (("..<" | "...") term)?
    /// term       -> factor (("+" | "-") factor)*
    /// factor     -> unary (("*" | "/" | "%") unary)*
    ///
    /// One function for all these levels (precedence climbing) keeps the stack shallow:
    /// a parenthesised expression costs a handful of frames, not one per level.
    /// `binary(level)` parses an expression whose operators bind at least as tightly as
    /// `level`. Comparisons and ranges do not chain: `a < b < c` is reported
    /// ("comparisons cannot be chained") and read as `a < b`.
    private mutating func binary(_ minimum: Precedence) throws -> Expr {
        if minimum == .unary {
            return try unary()
        }
        var left: Expr
        if minimum <= .not, check(.keyword(.not)) {
            let start = advance().range
            try nest()
            defer { unnest() }
            let operand = try binary(.not)
            left = Expr(.unary(.not, operand), start.union(operand.range))
        } else {
            left = try unary()
        }
        var levels = 0
        defer { depth -= levels }
        while let (op, precedence) = infixOperator(), precedence >= minimum {
            let inclusive = advance().kind == .closedRange
            try nest()
            levels += 1
            let right = try binary(precedence.stronger)
            let range = left.range.union(right.range)
            left = op.map { Expr(.binary($0, left, right), range) } ?? Expr(.range(left, right, inclusive: inclusive), range)
            guard precedence == .comparison || precedence == .range, infixOperator()?.1 == precedence else { continue }
            report(precedence == .range ? "ranges cannot be chained" : "comparisons cannot be chained; use `and`",
                   at: token.range)
            while infixOperator()?.1 == precedence {
                advance()
                _ = try binary(precedence.stronger)
            }
        }
        return left
    }

    /// The infix operator at the current token and its level: `nil` operator means a range
    /// (`..<` or `...`), which builds a `.range` node rather than a `.binary` one.
    private func infixOperator() -> (BinaryOperator?, Precedence)? {
        switch token.kind {
        case .keyword(.or): return (.or, .or)
        case .keyword(.and): return (.and, .and)
        case .equalEqual: return (.equal, .comparison)
        case .bangEqual: return (.notEqual, .comparison)
        case .less: return (.less, .comparison)
        case .lessEqual: return (.lessEqual, .comparison)
        case .greater: return (.greater, .comparison)
        case .greaterEqual: return (.greaterEqual, .comparison)
        case .halfOpenRange, .closedRange: return (nil, .range)
        case .plus: return (.add, .term)
        case .minus: return (.subtract, .term)
        case .star: return (.multiply, .factor)
        case .slash: return (.divide, .factor)
        case .percent: return (.remainder, .factor)
        default: return nil
        }
    }

    /// unary -> "-" unary | postfix
    private mutating func unary() throws -> Expr {
        guard check(.minus) else { return try postfix() }
        let start = advance().range
        try nest()
        defer { unnest() }
        let operand = try unary()
        return Expr(.unary(.negate, operand), start.union(operand.range))
    }

    /// postfix -> primary ("(" arguments? ")" | "[" expression "]" | "." NAME)*
    /// arguments -> expression ("," expression)* ","?
    ///
    /// A member name may be a keyword (`owner.mask`).
    mutating func postfix() throws -> Expr {
        var expr = try primary()
        var levels = 0
        defer { depth -= levels }
        while true {
            switch token.kind {
            case .leftParen:
                let open = advance()
                try nest()
                levels += 1
                let arguments = try commaSeparated(until: .rightParen)
                try expect(.rightParen, "expected `)` after arguments", opener: open)
                expr = Expr(.call(callee: expr, arguments: arguments), range(from: expr.range))
            case .leftBracket:
                let open = advance()
                try nest()
                levels += 1
                let index = try expression()
                try expect(.rightBracket, "expected `]` after index", opener: open)
                expr = Expr(.index(expr, index), range(from: expr.range))
            case .dot:
                advance()
                try nest()
                levels += 1
                let name: String
                switch token.kind {
                case .identifier(let identifier): name = identifier
                case .keyword(let keyword): name = keyword.rawValue
                default: throw error("expected property name after `.`")
                }
                let nameRange = advance().range
                expr = Expr(.member(expr, name: name, nameRange: nameRange), expr.range.union(nameRange))
            default:
                return expr
            }
        }
    }

    /// Parses `expression ("," expression)* ","?` up to (not including) `closer`.
    private mutating func commaSeparated(until closer: Token.Kind) throws -> [Expr] {
        var items: [Expr] = []
        while !check(closer), !check(.eof) {
            items.append(try expression())
            if !match(.comma) { break }
        }
        return items
    }

    /// primary -> NUMBER | STRING | COLOUR | "true" | "false" | "nil" | IDENTIFIER
    ///          | "(" expression ")" | "[" (expression ("," expression)* ","?)? "]"
    ///          | "fn" parameters block
    private mutating func primary() throws -> Expr {
        let start = token.range
        switch token.kind {
        case .number(let value): advance(); return Expr(.number(value), start)
        case .string(let value): advance(); return Expr(.string(value), start)
        case .color(let value): advance(); return Expr(.color(value), start)
        case .identifier(let name): advance(); return Expr(.name(name), start)
        case .keyword(.true): advance(); return Expr(.bool(true), start)
        case .keyword(.false): advance(); return Expr(.bool(false), start)
        case .keyword(.nil): advance(); return Expr(.nilLiteral, start)
        case .leftParen:
            let open = advance()
            var inner = try expression()
            try expect(.rightParen, "expected `)` after expression", opener: open)
            inner.range = range(from: start)
            return inner
        case .leftBracket:
            let open = advance()
            let items = try commaSeparated(until: .rightBracket)
            try expect(.rightBracket, "expected `]` after list elements", opener: open)
            return Expr(.list(items), range(from: start))
        case .keyword(.fn):
            advance()
            return Expr(.function(try functionRest(name: nil, start: start)), range(from: start))
        default:
            throw error("expected expression")
        }
    }
}

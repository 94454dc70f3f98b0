// MARK: - Expressions
//
// Precedence, lowest first: `or`, `and`, `not`, comparisons (non-associative), ranges
// (non-associative), `+ -`, `* / %`, unary `-`, postfix calls, indexing and members.
// Each operator applied counts one level of nesting (see `Parser`), so trees stay shallow.

extension Parser {
    /// expression -> or
    mutating func expression() throws -> Expr {
        try nest()
        defer { unnest() }
        return try or()
    }

    /// or -> and ("or" and)*
    private mutating func or() throws -> Expr {
        try leftAssociative(operand: { try $0.and() }, operators: [.keyword(.or): .or])
    }

    /// and -> not ("and" not)*
    private mutating func and() throws -> Expr {
        try leftAssociative(operand: { try $0.not() }, operators: [.keyword(.and): .and])
    }

    /// not -> "not" not | comparison
    private mutating func not() throws -> Expr {
        guard check(.keyword(.not)) else { return try comparison() }
        let start = advance().range
        try nest()
        defer { unnest() }
        let operand = try not()
        return Expr(.unary(.not, operand), start.union(operand.range))
    }

    /// comparison -> range (("==" | "!=" | "<" | "<=" | ">" | ">=") range)?
    ///
    /// `a < b < c` is reported ("comparisons cannot be chained") and read as `a < b`.
    private mutating func comparison() throws -> Expr {
        let left = try range()
        guard let op = comparisonOperator() else { return left }
        advance()
        try nest()
        defer { unnest() }
        let right = try range()
        if comparisonOperator() != nil {
            report("comparisons cannot be chained; use `and`", at: token.range)
            while comparisonOperator() != nil {
                advance()
                _ = try range()
            }
        }
        return Expr(.binary(op, left, right), left.range.union(right.range))
    }

    private func comparisonOperator() -> BinaryOperator? {
        switch token.kind {
        case .equalEqual: return .equal
        case .bangEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        default: return nil
        }
    }

    /// range -> term (("..<" | "...") term)?
    private mutating func range() throws -> Expr {
        let left = try term()
        guard check(.halfOpenRange) || check(.closedRange) else { return left }
        let inclusive = advance().kind == .closedRange
        try nest()
        defer { unnest() }
        let right = try term()
        if check(.halfOpenRange) || check(.closedRange) {
            report("ranges cannot be chained", at: token.range)
            while check(.halfOpenRange) || check(.closedRange) {
                advance()
                _ = try term()
            }
        }
        return Expr(.range(left, right, inclusive: inclusive), left.range.union(right.range))
    }

    /// term -> factor (("+" | "-") factor)*
    private mutating func term() throws -> Expr {
        try leftAssociative(operand: { try $0.factor() }, operators: [.plus: .add, .minus: .subtract])
    }

    /// factor -> unary (("*" | "/" | "%") unary)*
    private mutating func factor() throws -> Expr {
        try leftAssociative(operand: { try $0.unary() },
                            operators: [.star: .multiply, .slash: .divide, .percent: .remainder])
    }

    /// Parses `operand (OPERATOR operand)*` into a left-leaning tree, one nesting level per operator.
    private mutating func leftAssociative(operand: (inout Parser) throws -> Expr,
                                          operators: [Token.Kind: BinaryOperator]) throws -> Expr {
        var left = try operand(&self)
        var levels = 0
        defer { depth -= levels }
        while let op = operators[token.kind] {
            advance()
            try nest()
            levels += 1
            let right = try operand(&self)
            left = Expr(.binary(op, left, right), left.range.union(right.range))
        }
        return left
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

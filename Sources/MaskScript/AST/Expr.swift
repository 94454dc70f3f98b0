import MaskEngine

/// An expression node: what it is, and the source text it came from.
public struct Expr: Sendable {
    /// The kind of expression and its children.
    public var kind: Kind
    /// The source text of the whole expression.
    public var range: SourceRange

    /// Creates an expression node.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// Every form an expression takes.
    public indirect enum Kind: Sendable {
        /// A number literal, unit suffix already applied (`250ms` is 0.25).
        case number(Double)
        /// A string literal, escapes already decoded.
        case string(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `nil`.
        case nilLiteral
        /// A hex colour literal such as `#ff000080`.
        case color(Color)
        /// A variable, function or built-in name (named colours are names too).
        case name(String)
        /// `[a, b, c]`.
        case list([Expr])
        /// `a..<b` (`inclusive` false) or `a...b` (`inclusive` true).
        case range(Expr, Expr, inclusive: Bool)
        /// `-x` or `not x`.
        case unary(UnaryOperator, Expr)
        /// `a + b`, `a and b`, `a < b`, ...
        case binary(BinaryOperator, Expr, Expr)
        /// `f(x, y)`.
        case call(callee: Expr, arguments: [Expr])
        /// `xs[i]`.
        case index(Expr, Expr)
        /// `a.b`; `nameRange` covers `b`.
        case member(Expr, name: String, nameRange: SourceRange)
        /// An anonymous function `fn (a, b) { ... }`.
        case function(FunctionDecl)
    }
}

/// A prefix operator.
public enum UnaryOperator: String, Sendable {
    /// `-x`: the negation of a number.
    case negate = "-"
    /// `not x`: the negation of a bool.
    case not = "not"
}

/// An infix operator, in the precedence of LANGUAGE.md section 2.
public enum BinaryOperator: String, Sendable {
    /// `a or b` on bools; `b` is evaluated only when `a` is false.
    case or
    /// `a and b` on bools; `b` is evaluated only when `a` is true.
    case and
    /// `a == b`: structural equality (lists element by element, layers by identity); values
    /// of different types are never equal.
    case equal = "=="
    /// `a != b`: the opposite of `==`.
    case notEqual = "!="
    /// `a < b` on two numbers or two strings.
    case less = "<"
    /// `a <= b` on two numbers or two strings.
    case lessEqual = "<="
    /// `a > b` on two numbers or two strings.
    case greater = ">"
    /// `a >= b` on two numbers or two strings.
    case greaterEqual = ">="
    /// `a + b`: the sum of two numbers, or two strings or two lists joined.
    case add = "+"
    /// `a - b` on numbers.
    case subtract = "-"
    /// `a * b` on numbers.
    case multiply = "*"
    /// `a / b` on numbers; dividing by zero is an error.
    case divide = "/"
    /// `a % b` on numbers, floored: the result has the divisor's sign (`-1 % 12` is 11);
    /// a zero divisor is an error.
    case remainder = "%"
}

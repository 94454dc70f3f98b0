/// An operand of an operator or a call, compiled so that the commonest ones, a local
/// variable and a literal, are read in place instead of through a closure call.
enum Operand {
    case slot(Int, SourceRange)
    case constant(Value, SourceRange)
    case global(Box, String, SourceRange)
    case code(Code)

    /// The operand's value; counts the step its node would.
    @inline(__always)
    func value(_ i: Interpreter, _ f: Frame) throws(RuntimeError) -> Value {
        switch self {
        case let .slot(k, range):
            try i.step(range)
            return f.slots[k]
        case let .constant(v, range):
            try i.step(range)
            return v
        case let .global(box, name, range):
            try i.step(range)
            guard let v = box.value else { return try Interpreter.undeclared(name, at: range) }
            return v
        case .code(let c):
            return try c(i, f)
        }
    }
}

/// A statement's code in a list: a struct around the closure keeps it at its own type
/// (a bare closure in an array is stored generically and called through a thunk).
struct ActionCell {
    let run: Action
}

extension Compiler {
    /// Compiles an operand: a literal or a plain local is read in place.
    func operand(_ expr: Expr) -> Operand {
        switch expr.kind {
        case .number(let v): return .constant(.number(v), expr.range)
        case .string(let s): return .constant(.string(s), expr.range)
        case .bool(let b): return .constant(.bool(b), expr.range)
        case .name(let name):
            switch resolve(name, at: expr.range) {
            case .local(.slot(let k), _): return .slot(k, expr.range)
            case .builtin(let v): return .constant(v, expr.range)
            case .global(let box, _): return .global(box, name, expr.range)
            default: return .code(expression(expr))
            }
        default:
            return .code(expression(expr))
        }
    }
}

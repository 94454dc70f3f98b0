import MaskEngine

extension Compiler {
    /// Compiles an expression. Every evaluation of a node counts one step, as before the
    /// compiler existed, so the step limit stops programs at the same place.
    func expression(_ expr: Expr) -> Code {
        let range = expr.range
        switch expr.kind {
        case .number(let v): return constant(.number(v), range)
        case .string(let s):
            // A literal is held to the same limit as a string a program builds.
            let limit = interpreter.limits.stringLength
            if s.utf8.count > limit, s.unicodeScalars.count > limit {
                error("a string longer than the limit of \(limit) characters", at: range)
            }
            return constant(.string(s), range)
        case .bool(let b): return constant(.bool(b), range)
        case .nilLiteral: return constant(.nil, range)
        case .color(let c): return constant(.color(c), range)
        case .name(let name): return load(name, range)
        case .list(let items):
            let codes = ContiguousArray(items.map { operand($0) })
            return { i, f throws(RuntimeError) in
                try i.step(range)
                guard codes.count <= i.limits.listLength else {
                    throw RuntimeError("a list longer than the limit of \(i.limits.listLength)", at: range)
                }
                var values: [Value] = []
                values.reserveCapacity(codes.count)
                for c in codes { values.append(try c.value(i, f)) }
                try i.checkNesting(values, at: range)
                return .list(values)
            }
        case let .range(lo, hi, inclusive):
            let a = expression(lo), b = expression(hi)
            let loRange = lo.range, hiRange = hi.range
            return { i, f throws(RuntimeError) in
                try i.step(range)
                let x = try i.number(try a(i, f), "a range", at: loRange)
                let y = try i.number(try b(i, f), "a range", at: hiRange)
                return .range(x, y, inclusive: inclusive)
            }
        case let .unary(op, operand):
            let code = expression(operand)
            switch op {
            case .negate:
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let v = try code(i, f)
                    guard case .number(let n) = v else { throw RuntimeError("`-` expects a number, got \(v.typeName)", at: range) }
                    return .number(-n)
                }
            case .not:
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let v = try code(i, f)
                    guard case .bool(let b) = v else { throw RuntimeError("`not` expects a bool, got \(v.typeName)", at: range) }
                    return .bool(!b)
                }
            }
        case let .binary(op, lhs, rhs):
            return binary(op, lhs, rhs, range)
        case let .call(callee, arguments):
            return call(callee, arguments, range)
        case let .index(base, index):
            let b = expression(base), x = expression(index)
            let baseRange = base.range, indexRange = index.range
            return { i, f throws(RuntimeError) in
                try i.step(range)
                let bv = try b(i, f)
                return try i.index(bv, try x(i, f), baseRange: baseRange, indexRange: indexRange)
            }
        case let .member(base, name, nameRange):
            checkProperty(name, on: base, at: nameRange, reading: true)
            checkMember(name, on: base, at: nameRange)
            let b = expression(base)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                return try i.member(name, of: try b(i, f), nameRange: nameRange)
            }
        case .function(let decl):
            let code = function(decl)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                return .function(code.closure(in: f))
            }
        }
    }

    func constant(_ value: Value, _ range: SourceRange) -> Code {
        { i, _ throws(RuntimeError) in
            try i.step(range)
            return value
        }
    }

    // MARK: - Names

    /// Reads a name; an unknown one is a static error.
    func load(_ name: String, _ range: SourceRange) -> Code {
        let resolution = resolve(name, at: range)
        if case .missing = resolution {
            error("unknown name `\(name)`\(Suggestion.hint(for: name, in: visibleNames()))", at: range)
        }
        return load(resolution, name, range)
    }

    func load(_ resolution: Resolution, _ name: String, _ range: SourceRange) -> Code {
        switch resolution {
        case .local(.slot(let k), _):
            return { i, f throws(RuntimeError) in
                try i.step(range)
                return f.slots[k]
            }
        case .local(.cell(let k), _):
            return { i, f throws(RuntimeError) in
                try i.step(range)
                guard let v = f.cells[k].value else { return try Interpreter.undeclared(name, at: range) }
                return v
            }
        case .capture(let k, _):
            return { i, f throws(RuntimeError) in
                try i.step(range)
                guard let v = f.captures[k].value else { return try Interpreter.undeclared(name, at: range) }
                return v
            }
        case .global(let box, _):
            return { i, _ throws(RuntimeError) in
                try i.step(range)
                guard let v = box.value else { return try Interpreter.undeclared(name, at: range) }
                return v
            }
        case .builtin(let value):
            return constant(value, range)
        case .missing:
            return { _, _ throws(RuntimeError) in throw RuntimeError("unknown name `\(name)`", at: range) }
        }
    }

    /// Stores into a resolved variable.
    func store(_ resolution: Resolution) -> (Frame, Value) -> Void {
        switch resolution {
        case .local(.slot(let k), _): return { f, v in f.slots[k] = v }
        case .local(.cell(let k), _): return { f, v in f.cells[k].value = v }
        case .capture(let k, _): return { f, v in f.captures[k].value = v }
        case .global(let box, _): return { _, v in box.value = v }
        case .builtin, .missing: return { _, _ in }
        }
    }

    /// Stores into a variable of a block, by its place.
    func store(_ variable: Variable) -> (Frame, Value) -> Void {
        switch variable.place {
        case .local(let place): return store(.local(place, variable))
        case .global(let box): return store(.global(box, variable))
        }
    }

    // MARK: - Operators

    private func binary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SourceRange) -> Code {
        let lhsRange = lhs.range, rhsRange = rhs.range
        switch op {
        case .and, .or:
            let a = expression(lhs), b = expression(rhs)
            let isAnd = op == .and
            return { i, f throws(RuntimeError) in
                try i.step(range)
                let x = try a(i, f)
                guard case .bool(let p) = x else { throw RuntimeError("`\(op.rawValue)` expects bools, got \(x.typeName)", at: lhsRange) }
                if p != isAnd { return .bool(p) }
                let y = try b(i, f)
                guard case .bool(let q) = y else { throw RuntimeError("`\(op.rawValue)` expects bools, got \(y.typeName)", at: rhsRange) }
                return .bool(q)
            }
        default:
            let a = operand(lhs), b = operand(rhs)
            // Two numbers are handled here; everything else (and every error) by `binary`.
            // The commonest shapes get closures of their own, reading their operands in place.
            switch (a, b) {
            case let (.slot(k, slotRange), .constant(.number(q), constantRange)):
                return { i, f throws(RuntimeError) in
                    // The operator and its two operands: three steps at once.
                    try i.step(range, slotRange, constantRange)
                    // Matched in place: a number is read without copying the value.
                    if case .number(let p) = f.slots[k], let v = Compiler.numeric(op, p, q) { return v }
                    return try i.binary(op, f.slots[k], .number(q), range: range)
                }
            case let (.code(c), .constant(.number(q), constantRange)):
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let x = try c(i, f)
                    try i.step(constantRange)
                    if case .number(let p) = x, let v = Compiler.numeric(op, p, q) { return v }
                    return try i.binary(op, x, .number(q), range: range)
                }
            case let (.global(box, name, globalRange), .code(d)):
                // A global read in place (`s + i * 2` in a top-level loop): the operator and
                // the name are two steps at once, and a number is read without copying the value.
                return { i, f throws(RuntimeError) in
                    try i.step(range, globalRange)
                    if case .number(let p)? = box.value {
                        let y = try d(i, f)
                        if case .number(let q) = y, let v = Compiler.numeric(op, p, q) { return v }
                        return try i.binary(op, .number(p), y, range: range)
                    }
                    guard let x = box.value else { return try Interpreter.undeclared(name, at: globalRange) }
                    return try i.binary(op, x, try d(i, f), range: range)
                }
            case let (.code(c), .code(d)):
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let x = try c(i, f), y = try d(i, f)
                    if case .number(let p) = x, case .number(let q) = y, let v = Compiler.numeric(op, p, q) { return v }
                    return try i.binary(op, x, y, range: range)
                }
            default:
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let x = try a.value(i, f), y = try b.value(i, f)
                    if case .number(let p) = x, case .number(let q) = y, let v = Compiler.numeric(op, p, q) { return v }
                    return try i.binary(op, x, y, range: range)
                }
            }
        }
    }

    /// An `if` condition, compiled to give a Swift `Bool`: a comparison of a local with a
    /// number literal (`n < 2`) is decided without making a value.
    func condition(_ expr: Expr) -> (Interpreter, Frame) throws(RuntimeError) -> Bool {
        let range = expr.range
        if case let .comparison(op, k, slotRange, q, constantRange) = comparisonShape(expr) {
            return { i, f throws(RuntimeError) in
                try i.step(range)
                try i.step(slotRange)
                let x = f.slots[k]
                try i.step(constantRange)
                if case .number(let p) = x { return Compiler.compare(op, p, q) }
                return try Compiler.truth(try i.binary(op, x, .number(q), range: range), at: range)
            }
        }
        let code = expression(expr)
        return { i, f throws(RuntimeError) in try Compiler.truth(try code(i, f), at: range) }
    }

    /// The shape of a condition that compares a local with a number literal.
    enum ConditionShape {
        case comparison(BinaryOperator, Int, SourceRange, Double, SourceRange)
        case other
    }

    func comparisonShape(_ expr: Expr) -> ConditionShape {
        guard case let .binary(op, lhs, rhs) = expr.kind,
              [.less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual].contains(op),
              case .name(let name) = lhs.kind, case .local(.slot(let k), _) = resolve(name, at: lhs.range),
              case .number(let q) = rhs.kind else { return .other }
        return .comparison(op, k, lhs.range, q, rhs.range)
    }

    /// `p op q` for a comparison operator.
    @inline(__always)
    static func compare(_ op: BinaryOperator, _ p: Double, _ q: Double) -> Bool {
        switch op {
        case .less: return p < q
        case .lessEqual: return p <= q
        case .greater: return p > q
        case .greaterEqual: return p >= q
        case .equal: return p == q
        default: return p != q
        }
    }

    /// The bool an `if` condition gave.
    static func truth(_ v: Value, at range: SourceRange) throws(RuntimeError) -> Bool {
        guard case .bool(let b) = v else { throw RuntimeError("`if` expects a bool, got \(v.typeName)", at: range) }
        return b
    }

    /// `p op q` for the operators whose result on two numbers needs no check; nil for
    /// the others (`/` by zero, `%`), which `Interpreter.binary` handles with their errors.
    @inline(__always)
    static func numeric(_ op: BinaryOperator, _ p: Double, _ q: Double) -> Value? {
        switch op {
        case .add: return .number(p + q)
        case .subtract: return .number(p - q)
        case .multiply: return .number(p * q)
        case .divide where q != 0: return .number(p / q)
        case .less: return .bool(p < q)
        case .lessEqual: return .bool(p <= q)
        case .greater: return .bool(p > q)
        case .greaterEqual: return .bool(p >= q)
        case .equal: return .bool(p == q)
        case .notEqual: return .bool(p != q)
        default: return nil
        }
    }
}

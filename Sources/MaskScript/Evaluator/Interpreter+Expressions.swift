import MaskEngine

extension Interpreter {
    /// Evaluates an expression.
    func evaluate(_ expr: Expr) throws(RuntimeError) -> Value {
        try step(expr.range)
        switch expr.kind {
        case .number(let v): return .number(v)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .nilLiteral: return .nil
        case .color(let c): return .color(c)
        case .name(let name):
            guard let v = environment.lookup(name) else {
                throw RuntimeError("unknown name `\(name)`\(Suggestion.hint(for: name, in: environment.visibleNames))", at: expr.range)
            }
            return v
        case .list(let items):
            guard items.count <= limits.listLength else {
                throw RuntimeError("a list longer than the limit of \(limits.listLength)", at: expr.range)
            }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluate(item)) }
            try checkNesting(values, at: expr.range)
            return .list(values)
        case let .range(lo, hi, inclusive):
            let a = try number(try evaluate(lo), "a range", at: lo.range)
            let b = try number(try evaluate(hi), "a range", at: hi.range)
            return .range(a, b, inclusive: inclusive)
        case let .unary(op, operand):
            let v = try evaluate(operand)
            switch (op, v) {
            case (.negate, .number(let n)): return .number(-n)
            case (.not, .bool(let b)): return .bool(!b)
            case (.negate, _): throw RuntimeError("`-` expects a number, got \(v.typeName)", at: expr.range)
            case (.not, _): throw RuntimeError("`not` expects a bool, got \(v.typeName)", at: expr.range)
            }
        case let .binary(op, lhs, rhs):
            return try evaluateBinary(op, lhs, rhs, range: expr.range)
        case let .call(callee, arguments):
            return try evaluateCall(callee, arguments, range: expr.range)
        case let .index(base, index):
            return try evaluateIndex(try evaluate(base), try evaluate(index), baseRange: base.range, indexRange: index.range)
        case let .member(base, name, nameRange):
            return try member(name, of: try evaluate(base), nameRange: nameRange)
        case .function(let decl):
            return .function(Callable(name: decl.name ?? "anonymous function", body: .script(decl, environment)))
        }
    }

    private func evaluateBinary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, range: SourceRange) throws(RuntimeError) -> Value {
        if op == .and || op == .or {
            let a = try evaluate(lhs)
            guard case .bool(let x) = a else {
                throw RuntimeError("`\(op.rawValue)` expects bools, got \(a.typeName)", at: lhs.range)
            }
            if op == .and && !x { return .bool(false) }
            if op == .or && x { return .bool(true) }
            let b = try evaluate(rhs)
            guard case .bool(let y) = b else {
                throw RuntimeError("`\(op.rawValue)` expects bools, got \(b.typeName)", at: rhs.range)
            }
            return .bool(y)
        }
        let a = try evaluate(lhs), b = try evaluate(rhs)
        switch op {
        case .equal: return .bool(try equal(a, b, at: range))
        case .notEqual: return .bool(!(try equal(a, b, at: range)))
        case .add:
            switch (a, b) {
            case let (.number(x), .number(y)): return .number(x + y)
            case let (.string(x), .string(y)):
                try charge(x.utf8.count + y.utf8.count, .bytes, at: range)
                guard x.unicodeScalars.count + y.unicodeScalars.count <= limits.stringLength else {
                    throw RuntimeError("a string longer than the limit of \(limits.stringLength) characters", at: range)
                }
                return .string(x + y)
            case let (.list(x), .list(y)):
                try charge(x.count + y.count, .copies, at: range)
                guard x.count + y.count <= limits.listLength else {
                    throw RuntimeError("a list longer than the limit of \(limits.listLength)", at: range)
                }
                return .list(x + y)
            default:
                throw RuntimeError("cannot add \(a.typeName) and \(b.typeName)", at: range)
            }
        default:
            break
        }
        if case let .string(x) = a, case let .string(y) = b {
            switch op {
            case .less: return .bool(x < y)
            case .lessEqual: return .bool(x <= y)
            case .greater: return .bool(x > y)
            case .greaterEqual: return .bool(x >= y)
            default: break
            }
        }
        guard case .number(let x) = a, case .number(let y) = b else {
            let bad = { if case .number = a { return b } else { return a } }()
            throw RuntimeError("`\(op.rawValue)` expects numbers, got \(bad.typeName)", at: range)
        }
        switch op {
        case .subtract: return .number(x - y)
        case .multiply: return .number(x * y)
        case .divide:
            guard y != 0 else { throw RuntimeError("division by zero", at: range) }
            return .number(x / y)
        case .remainder:
            guard y != 0 else { throw RuntimeError("remainder by zero", at: range) }
            // Floored: the result has the divisor's sign, so `-1 % 12` is 11 (handy for cycles).
            let r = x.truncatingRemainder(dividingBy: y)
            return .number(r != 0 && (r < 0) != (y < 0) ? r + y : r)
        case .less: return .bool(x < y)
        case .lessEqual: return .bool(x <= y)
        case .greater: return .bool(x > y)
        case .greaterEqual: return .bool(x >= y)
        case .add, .equal, .notEqual, .and, .or: return .nil
        }
    }

    private func evaluateIndex(_ base: Value, _ index: Value, baseRange: SourceRange, indexRange: SourceRange) throws(RuntimeError) -> Value {
        switch base {
        case .list(let items):
            let i = try wholeNumber(index, "a list index", at: indexRange)
            guard i >= 0, i < items.count else {
                throw RuntimeError("index \(i) is out of range for a list of \(items.count)", at: indexRange)
            }
            return items[i]
        case .string(let s):
            let i = try wholeNumber(index, "a string index", at: indexRange)
            // Characters vary in length: finding the i-th walks the string up to it.
            try charge(i, .bytes, at: indexRange)
            guard i >= 0, let at = s.index(s.startIndex, offsetBy: i, limitedBy: s.endIndex), at < s.endIndex else {
                try charge(s.utf8.count, .bytes, at: indexRange)
                throw RuntimeError("index \(i) is out of range for a string of \(s.count) characters", at: indexRange)
            }
            return .string(String(s[at]))
        case let .range(lo, hi, inclusive):
            let i = try wholeNumber(index, "a range index", at: indexRange)
            let count = try rangeCount(lo, hi, inclusive: inclusive, at: baseRange)
            guard i >= 0, i < count else {
                throw RuntimeError("index \(i) is out of range for a range of \(count)", at: indexRange)
            }
            return .number(lo + Double(i))
        default:
            throw RuntimeError("cannot index \(base.typeName)", at: baseRange)
        }
    }

    private func evaluateCall(_ calleeExpr: Expr, _ arguments: [Expr], range: SourceRange) throws(RuntimeError) -> Value {
        var callee = try evaluate(calleeExpr)
        if case .color(let c) = callee, case .name(let name) = calleeExpr.kind,
           let f = Builtins.colorFunctions[name], Color.named[name] == c {
            callee = .function(f)
        }
        guard case .function(let f) = callee else {
            throw RuntimeError("cannot call \(callee.typeName)", at: calleeExpr.range)
        }
        var args: [Value] = []
        args.reserveCapacity(arguments.count)
        for a in arguments { args.append(try evaluate(a)) }
        return try call(f, args, site: CallSite(range: range, argumentRanges: arguments.map(\.range)))
    }

    /// Calls a function value with evaluated arguments.
    func call(_ f: Callable, _ args: [Value], site: CallSite) throws(RuntimeError) -> Value {
        switch f.body {
        case let .builtin(arity, body):
            guard arity.contains(args.count) else {
                throw RuntimeError("`\(f.name)` takes \(Interpreter.describe(arity)), got \(args.count)", at: site.range)
            }
            return try body(self, args, site)
        case let .script(decl, closure):
            guard args.count == decl.parameters.count else {
                throw RuntimeError("`\(f.name)` takes \(Interpreter.describe(decl.parameters.count...decl.parameters.count)), got \(args.count)",
                                   at: site.range, notes: [("`\(f.name)` is declared here", decl.range)])
            }
            guard callDepth < limits.callDepth else {
                throw RuntimeError("calls nested deeper than the limit of \(limits.callDepth); is the recursion endless?", at: site.range)
            }
            // Calls inside deeply nested expressions use more stack than the call depth says.
            guard stackAddress() >= stackFloor else {
                throw RuntimeError("calls and expressions nested too deeply (at call depth \(callDepth)); is the recursion endless?", at: site.range)
            }
            callDepth += 1
            functionDepth += 1
            defer { callDepth -= 1; functionDepth -= 1 }
            let scope = Environment(parent: closure)
            for (name, value) in zip(decl.parameters, args) { scope.define(name, value) }
            let savedStack = layerStack
            layerStack = []
            defer { layerStack = savedStack }
            if case .returned(let v) = try executeBlock(decl.body, in: scope) { return v }
            return .nil
        }
    }

    static func describe(_ arity: ClosedRange<Int>) -> String {
        func args(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
        if arity.lowerBound == arity.upperBound { return args(arity.lowerBound) }
        if arity.upperBound == Int.max { return "at least \(args(arity.lowerBound))" }
        return "\(arity.lowerBound) to \(args(arity.upperBound))"
    }

    /// `value.name`.
    func member(_ name: String, of value: Value, nameRange: SourceRange) throws(RuntimeError) -> Value {
        switch value {
        case .layer(let layer):
            return try readProperty(name, of: layer, nameRange: nameRange)
        case .list(let items) where !items.isEmpty && items.allSatisfy({ if case .layer = $0 { return true } else { return false } }):
            var out: [Value] = []
            for item in items {
                try step(nameRange)
                out.append(try member(name, of: item, nameRange: nameRange))
            }
            return .list(out)
        case .generator(let g) where name == "next":
            return .function(Callable(name: "next", body: .builtin(arity: 0...0) { _, _, _ in .number(g.next()) }))
        case .list(let items) where name == "count":
            return .number(Double(items.count))
        case .string(let s) where name == "count":
            try charge(s.utf8.count, .bytes, at: nameRange)
            return .number(Double(s.count))
        default:
            throw RuntimeError("\(value.typeName) has no member `\(name)`", at: nameRange)
        }
    }
}

import MaskEngine

extension Interpreter {
    /// `a op b` on two values (the compiled code handles two numbers itself for the
    /// common operators, and `and`/`or` before both sides are evaluated).
    func binary(_ op: BinaryOperator, _ a: Value, _ b: Value, range: SourceRange) throws(RuntimeError) -> Value {
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

    /// `base[index]`.
    func index(_ base: Value, _ index: Value, baseRange: SourceRange, indexRange: SourceRange) throws(RuntimeError) -> Value {
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

    /// Calls a function value with evaluated arguments.
    func call(_ f: Callable, _ args: [Value], site: CallSite) throws(RuntimeError) -> Value {
        switch f.body {
        case let .builtin(arity, body):
            guard arity.contains(args.count) else {
                throw RuntimeError("`\(f.name)` takes \(Interpreter.describe(arity)), got \(args.count)", at: site.range)
            }
            return try body(self, args, site)
        case let .script(code, captures):
            guard args.count == code.parameters.count else {
                let n = code.parameters.count
                var error = RuntimeError("`\(f.name)` takes \(Interpreter.describe(n...n)), got \(args.count)",
                                         at: site.range, notes: [("`\(f.name)` is declared here", code.range)])
                error.noteSource = code.source
                throw error
            }
            return try withFrame(slots: code.slotCount, cells: code.cellCount) { slots, cells throws(RuntimeError) in
                for (k, v) in args.enumerated() { code.parameters[k].put(v, slots, cells) }
                return try enter(code, captures, site: site, slots, cells)
            }
        }
    }

    /// Calls a script function with arguments evaluated in the caller's frame straight
    /// into the new frame (no argument array).
    /// The code is read through `callable` (which the caller holds) rather than copied out.
    func invoke(_ callable: Callable, site: CallSite,
                arguments: ContiguousArray<Operand>, from caller: Frame) throws(RuntimeError) -> Value {
        if callable.code.plainArity == arguments.count {
            return try invokePlain(callable.code, captures: callable.captures, site: site, arguments: arguments, from: caller)
        }
        return try withFrame(slots: callable.code.slotCount, cells: callable.code.cellCount) { slots, cells throws(RuntimeError) in
            for k in 0..<arguments.count {
                callable.code.parameters[k].put(try arguments[k].value(self, caller), slots, cells)
            }
            return try enter(callable.code, callable.captures, site: site, slots, cells)
        }
    }

    /// Runs a script function's body in a frame whose arguments are in place. An error
    /// inside carries the function's source file.
    @inline(__always)
    private func enter(_ code: FunctionCode, _ captures: ContiguousArray<Box>, site: CallSite,
                       _ slots: UnsafeMutablePointer<Value>, _ cells: UnsafeMutablePointer<Box>) throws(RuntimeError) -> Value {
        if code.isImported, libraryCall == nil {
            return try enteringLibrary(code, at: site) { () throws(RuntimeError) in try enter(code, captures, site: site, slots, cells) }
        }
        guard callDepth < limits.callDepth else { throw callDepthError(at: site) }
        // Calls inside deeply nested expressions use more stack than the call depth says.
        guard stackAddress() >= stackFloor else { throw stackDepthError(at: site) }
        callDepth += 1
        defer { callDepth -= 1 }
        // The layer stack is left as it is: a layer the function declares joins the layer
        // whose body called it (components, LANGUAGE.md section 10). `name: value` and
        // `mask` lines cannot appear in a function body (the parser refuses them), so the
        // callee never sets the caller's layer's properties.
        do throws(RuntimeError) {
            return try runBody(code, Frame(slots: slots, cells: cells, captures: captures))
        } catch {
            throw passing(error, outOf: code, at: site)
        }
    }

    /// A variable read before its declaration ran (by a function declared above it,
    /// called too early): a built-in of that name, as the name meant until then
    /// (`fn f() { return red }` before `let red = 5`), or else an error.
    static func undeclared(_ name: String, at range: SourceRange) throws(RuntimeError) -> Value {
        if let builtin = Builtins.values[name] { return builtin }
        throw RuntimeError("`\(name)` is used before its declaration has run", at: range)
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
        case .namespace(let namespace):
            return try namespace.member(name, at: nameRange)
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

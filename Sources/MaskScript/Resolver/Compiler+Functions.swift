import MaskEngine

extension Compiler {
    /// Compiles a function declaration (named or anonymous) in a scope of its own.
    func function(_ decl: FunctionDecl) -> FunctionCode {
        let scope = FunctionScope(enclosing: function, isProgram: false, capturedNames: NameScan.capturedNames(in: decl.body))
        let outer = function
        function = scope
        defer { function = outer }
        recorder?.function(decl.range)
        beginBlock(decl.body, inLayerBody: false, declaring: Array(zip(decl.parameters, decl.parameterRanges)), as: .parameter,
                   scope: decl.range)
        let parameters: [LocalPlace] = decl.parameters.map { name in
            if case .local(let place)? = scope.blocks.first?.names[name]?.place { return place }
            return .slot(0)
        }
        let actions = decl.body.map { ActionCell(run: statement($0)) }
        endBlock()
        return FunctionCode(name: decl.name ?? "anonymous function", range: decl.range, source: source,
                            isImported: isImported, parameters: parameters, slotCount: scope.slotCount, cellCount: scope.cellCount,
                            captures: scope.captures, statements: actions)
    }

    /// Compiles a call. A call of a built-in by its name has its arity checked now; a
    /// call of a script function puts the arguments straight into the new frame.
    func call(_ callee: Expr, _ arguments: [Expr], _ range: SourceRange) -> Code {
        let site = CallSite(range: range, argumentRanges: arguments.map(\.range))
        let calleeRange = callee.range
        if case .name(let name) = callee.kind, case .builtin(let value) = resolve(name) {
            var builtin: Callable?
            if case .function(let c) = value { builtin = c } else if case .color = value { builtin = Builtins.colorFunctions[name] }
            if let builtin, case let .builtin(arity, body) = builtin.body {
                if !arity.contains(arguments.count) {
                    error("`\(name)` takes \(Interpreter.describe(arity)), got \(arguments.count)", at: range)
                }
                let args = ContiguousArray(arguments.map { operand($0) })
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    try i.step(calleeRange)
                    var values: [Value] = []
                    values.reserveCapacity(args.count)
                    for a in args { values.append(try a.value(i, f)) }
                    return try body(i, values, site)
                }
            }
        }
        let calleeCode = operand(callee)
        let args = ContiguousArray(arguments.map { operand($0) })
        var colorName: String?
        if case .name(let n) = callee.kind, Builtins.colorFunctions[n] != nil { colorName = n }
        let count = args.count
        if case let .global(box, name, _) = calleeCode {
            // A global: while it holds the function a top-level `fn` put there, the call
            // runs that function's code without reading the value (`Box.direct`). The
            // commonest arities evaluate their arguments into locals first.
            let general: Code = { [colorName] i, f throws(RuntimeError) in
                guard let value = box.value else { return try Interpreter.undeclared(name, at: calleeRange) }
                return try Compiler.call(value, colorName, site, args, calleeRange, i, f)
            }
            switch count {
            case 1:
                let a = Compiler.code(args[0])
                return { i, f throws(RuntimeError) in
                    try i.step(range, calleeRange)
                    guard box.directArity == 1, let direct = box.direct else { return try general(i, f) }
                    let x = try a(i, f)
                    // Alive while the call runs: see `Box.direct`; the closure holds `box`.
                    // A guaranteed reference costs no retain and release per call; as
                    // `_withUnsafeGuaranteedRef` rethrows untyped errors, an error is
                    // handed over on the side (`Interpreter.failure`).
                    let result = direct._withUnsafeGuaranteedRef { code in i.invokeDirect(code, site: site, x) }
                    guard let result else { throw i.takeFailure() }
                    return result
                }
            case 2:
                let a = Compiler.code(args[0]), b = Compiler.code(args[1])
                return { i, f throws(RuntimeError) in
                    try i.step(range, calleeRange)
                    guard box.directArity == 2, let direct = box.direct else { return try general(i, f) }
                    let x = try a(i, f), y = try b(i, f)
                    // As for one argument.
                    let result = direct._withUnsafeGuaranteedRef { code in i.invokeDirect(code, site: site, x, y) }
                    guard let result else { throw i.takeFailure() }
                    return result
                }
            default:
                return { i, f throws(RuntimeError) in
                    try i.step(range, calleeRange)
                    guard box.directArity == count, let direct = box.direct else { return try general(i, f) }
                    // As for one argument.
                    let result = direct._withUnsafeGuaranteedRef { code in
                        i.invokeDirect(code, site: site, arguments: args, from: f)
                    }
                    guard let result else { throw i.takeFailure() }
                    return result
                }
            }
        }
        return { [colorName] i, f throws(RuntimeError) in
            try i.step(range)
            return try Compiler.call(try calleeCode.value(i, f), colorName, site, args, calleeRange, i, f)
        }
    }

    /// An operand as a closure of its own.
    static func code(_ operand: Operand) -> Code {
        if case .code(let c) = operand { return c }
        return { i, f throws(RuntimeError) in try operand.value(i, f) }
    }

    /// Calls the value a call's callee gave, with the call's arguments.
    static func call(_ calleeValue: Value, _ colorName: String?, _ site: CallSite, _ args: ContiguousArray<Operand>,
                     _ calleeRange: SourceRange, _ i: Interpreter, _ f: Frame) throws(RuntimeError) -> Value {
        var value = calleeValue
        if let colorName, case .color(let c) = value, Color.named[colorName] == c, let function = Builtins.colorFunctions[colorName] {
            value = .function(function)
        }
        guard case .function(let callable) = value else {
            throw RuntimeError("cannot call \(value.typeName)", at: calleeRange)
        }
        if callable.code.arity == args.count {
            return try i.invoke(callable, site: site, arguments: args, from: f)
        }
        var values: [Value] = []
        values.reserveCapacity(args.count)
        for a in args { values.append(try a.value(i, f)) }
        return try i.call(callable, values, site: site)
    }
}

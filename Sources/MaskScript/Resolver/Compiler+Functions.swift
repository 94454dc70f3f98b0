import MaskEngine

extension Compiler {
    /// Compiles a function declaration (named or anonymous) in a scope of its own.
    func function(_ decl: FunctionDecl) -> FunctionCode {
        let scope = FunctionScope(enclosing: function, isProgram: false, capturedNames: NameScan.capturedNames(in: decl.body))
        let outer = function
        function = scope
        defer { function = outer }
        beginBlock(decl.body, inLayerBody: false, declaring: Array(zip(decl.parameters, decl.parameterRanges)))
        let parameters: [LocalPlace] = decl.parameters.map { name in
            if case .local(let place)? = scope.blocks.first?.names[name]?.place { return place }
            return .slot(0)
        }
        let actions = decl.body.map { ActionCell(run: statement($0)) }
        endBlock()
        return FunctionCode(name: decl.name ?? "anonymous function", range: decl.range, source: source,
                            parameters: parameters, slotCount: scope.slotCount, cellCount: scope.cellCount,
                            captures: scope.captures, body: Compiler.sequence(actions))
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
        return { [colorName] i, f throws(RuntimeError) in
            try i.step(range)
            var value = try calleeCode.value(i, f)
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
}

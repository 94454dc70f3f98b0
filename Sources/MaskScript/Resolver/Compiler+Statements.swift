import MaskEngine

extension Compiler {
    /// Compiles one statement. Each run of a statement counts one step.
    func statement(_ stmt: Stmt) -> Action {
        let range = stmt.range
        switch stmt.kind {
        case .expression(let e):
            let code = expression(e)
            if echo, function.isProgram, function.blocks.count == 1 {
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    let v = try code(i, f)
                    i.echo?(v)
                    return .normal
                }
            }
            return { i, f throws(RuntimeError) in
                try i.step(range)
                _ = try code(i, f)
                return .normal
            }
        case let .letBinding(name, _, value):
            let code = expression(value)
            guard let v = declared(name) else { return { _, _ in .normal } }
            switch v.place {
            case .local(let place): return storing(.local(place, v), code, range)
            case .global(let box): return storing(.global(box, v), code, range)
            }
        case let .assign(name, nameRange, value):
            return assignment(name, nameRange, value, range)
        case let .setProperty(target, property, propertyRange, value):
            return propertyChange(target, property, propertyRange, value, range)
        case .function(let decl):
            guard let name = decl.name, let v = declared(name) else {
                return { i, _ throws(RuntimeError) in
                    try i.step(range)
                    return .normal
                }
            }
            let code = function(decl)
            if case .global(let box) = v.place {
                // A global function: its calls may go straight to its code (`Box.direct`).
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    box.declare(code.closure(in: f))
                    return .normal
                }
            }
            let put = store(v)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                put(f, .function(code.closure(in: f)))
                return .normal
            }
        case .returnStatement(let e):
            if function.isProgram { error("`return` outside a function", at: range) }
            guard let e else {
                return { i, _ throws(RuntimeError) in
                    try i.step(range)
                    return .returned(.nil)
                }
            }
            return returning(e, range)
        case let .ifStatement(condition, then, otherwise):
            let yes = block(then, inLayerBody: !function.layers.isEmpty, scope: range)
            var no: Action = { _, _ in .normal }
            if let otherwise { no = block(otherwise, inLayerBody: !function.layers.isEmpty, scope: range) }
            // `if n < 2 { ... }`: the comparison of a local with a number is done in place.
            if case let .comparison(op, k, slotRange, q, constantRange) = comparisonShape(condition) {
                let conditionRange = condition.range
                if otherwise == nil {
                    // `if n < 2 { return n }`, the guard of a recursive function: without
                    // an `else`, a false condition calls nothing.
                    return { i, f throws(RuntimeError) in
                        try i.step(range, conditionRange, slotRange, constantRange)
                        let b: Bool
                        if case .number(let p) = f.slots[k] { b = Compiler.compare(op, p, q) } else {
                            b = try Compiler.truth(try i.binary(op, f.slots[k], .number(q), range: conditionRange), at: conditionRange)
                        }
                        return b ? try yes(i, f) : .normal
                    }
                }
                return { i, f throws(RuntimeError) in
                    // The statement, the comparison and its two operands: four steps at once.
                    try i.step(range, conditionRange, slotRange, constantRange)
                    let b: Bool
                    // Matched in place: a number is read without copying the value.
                    if case .number(let p) = f.slots[k] { b = Compiler.compare(op, p, q) } else {
                        b = try Compiler.truth(try i.binary(op, f.slots[k], .number(q), range: conditionRange), at: conditionRange)
                    }
                    return b ? try yes(i, f) : try no(i, f)
                }
            }
            let test = self.condition(condition)
            if otherwise == nil {
                return { i, f throws(RuntimeError) in
                    try i.step(range)
                    return try test(i, f) ? try yes(i, f) : .normal
                }
            }
            return { i, f throws(RuntimeError) in
                try i.step(range)
                return try test(i, f) ? try yes(i, f) : try no(i, f)
            }
        case let .forLoop(variable, variableRange, sequence, body):
            return forLoop(variable, variableRange, sequence, body, range)
        case let .repeatLoop(count, index, indexRange, body):
            return repeatLoop(count, index, indexRange, body, range)
        case .animate(let a):
            return animate(a, range)
        case .delay(let e):
            let code = expression(e)
            let r = e.range
            return { i, f throws(RuntimeError) in
                try i.step(range)
                try i.delay(try code(i, f), at: r)
                return .normal
            }
        case .wait:
            return { i, _ throws(RuntimeError) in
                try i.step(range)
                try i.refuseInImport("`wait`", at: range)
                i.cursor = max(i.cursor, i.latestAnimationEnd)
                return .normal
            }
        case .canvas(let body):
            return canvas(body, range)
        case .layer(let decl):
            let plan = layer(decl)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                _ = try i.declareLayer(plan, maskOf: nil, in: f)
                return .normal
            }
        case let .property(name, nameRange, value):
            return bodyProperty(name, nameRange, value, range)
        case .mask(let source):
            return mask(source, range)
        case .importFile(let decl):
            return importFile(decl, range)
        }
    }

    /// `return e`. Returning a local, or the result of an operator on two operands
    /// (`return fib(n - 1) + fib(n - 2)`), is one closure, not two.
    private func returning(_ e: Expr, _ range: SourceRange) -> Action {
        let valueRange = e.range
        if case .name(let name) = e.kind, case .local(.slot(let k), _) = resolve(name, at: e.range) {
            return { i, f throws(RuntimeError) in
                try i.step(range, valueRange)
                return .returned(f.slots[k])
            }
        }
        if case let .binary(op, lhs, rhs) = e.kind, op != .and, op != .or {
            let a = operand(lhs), b = operand(rhs)
            if case .code(let c) = a, case .code(let d) = b {
                return { i, f throws(RuntimeError) in
                    try i.step(range, valueRange)
                    let x = try c(i, f), y = try d(i, f)
                    if case .number(let p) = x, case .number(let q) = y, let v = Compiler.numeric(op, p, q) { return .returned(v) }
                    return .returned(try i.binary(op, x, y, range: valueRange))
                }
            }
            return { i, f throws(RuntimeError) in
                try i.step(range, valueRange)
                let x = try a.value(i, f), y = try b.value(i, f)
                if case .number(let p) = x, case .number(let q) = y, let v = Compiler.numeric(op, p, q) { return .returned(v) }
                return .returned(try i.binary(op, x, y, range: valueRange))
            }
        }
        let code = expression(e)
        return { i, f throws(RuntimeError) in
            try i.step(range)
            return .returned(try code(i, f))
        }
    }

    private func assignment(_ name: String, _ nameRange: SourceRange, _ value: Expr, _ range: SourceRange) -> Action {
        let code = expression(value)
        let resolution = resolve(name, at: nameRange)
        switch resolution {
        case .builtin:
            error("cannot assign to the built-in `\(name)`; declare your own with `let`", at: nameRange)
        case .missing:
            error("unknown name `\(name)` (declare it with `let \(name) = ...`)\(Suggestion.hint(for: name, in: visibleNames()))", at: nameRange)
        case .local(_, let v), .capture(_, let v):
            v.assigned = true
        case .global(_, let v):
            v?.assigned = true
        }
        return storing(resolution, code, range)
    }

    /// A statement that stores the value of `code` in a variable; a slot or a global is
    /// written in place.
    private func storing(_ resolution: Resolution, _ code: @escaping Code, _ range: SourceRange) -> Action {
        switch resolution {
        case .local(.slot(let k), _):
            return { i, f throws(RuntimeError) in
                try i.step(range)
                f.slots[k] = try code(i, f)
                return .normal
            }
        case .global(let box, _):
            return { i, f throws(RuntimeError) in
                try i.step(range)
                box.value = try code(i, f)
                return .normal
            }
        default:
            let put = store(resolution)
            return { i, f throws(RuntimeError) in
                try i.step(range)
                put(f, try code(i, f))
                return .normal
            }
        }
    }

    private func forLoop(_ variable: String, _ variableRange: SourceRange, _ sequence: Expr, _ body: [Stmt],
                         _ range: SourceRange) -> Action {
        let items = expression(sequence)
        let sequenceRange = sequence.range
        beginBlock(body, inLayerBody: !function.layers.isEmpty, declaring: [(variable, variableRange)], scope: range)
        var place = LocalPlace.slot(0)
        if case .local(let p)? = function.blocks.last?.names[variable]?.place { place = p }
        let cells = function.blocks.last?.cells ?? []
        let run = Compiler.sequence(body.map { ActionCell(run: statement($0)) })
        endBlock()
        return { i, f throws(RuntimeError) in
            try i.step(range)
            let loop = try i.iterate(try items(i, f), at: sequenceRange)
            for k in 0..<loop.count {
                try i.step(range)
                for c in cells { f.cells[c] = Box() }
                place.put(loop[k], f.slots, f.cells)
                if case .returned(let v) = try run(i, f) { return .returned(v) }
            }
            return .normal
        }
    }

    private func repeatLoop(_ count: RepeatCount, _ index: String?, _ indexRange: SourceRange?, _ body: [Stmt],
                            _ range: SourceRange) -> Action {
        var countCode: (Operand, SourceRange)?
        if case .times(let e) = count { countCode = (operand(e), e.range) }
        let extra = index.map { [($0, indexRange ?? range)] } ?? []
        beginBlock(body, inLayerBody: !function.layers.isEmpty, declaring: extra, scope: range)
        var place: LocalPlace?
        if let index, case .local(let p)? = function.blocks.last?.names[index]?.place { place = p }
        let cells = function.blocks.last?.cells ?? []
        let run = Compiler.sequence(body.map { ActionCell(run: statement($0)) })
        endBlock()
        let pass: Action = { i, f throws(RuntimeError) in
            for c in cells { f.cells[c] = Box() }
            return try run(i, f)
        }
        return { i, f throws(RuntimeError) in
            try i.step(range)
            if let (code, countRange) = countCode {
                let n = try i.wholeNumber(try code.value(i, f), "`repeat`", at: countRange, min: 0)
                var k = 0
                while k < n {
                    // Each pass is a step, so an empty body (`repeat 1e9 { }`) hits the limit.
                    try i.step(range)
                    place?.put(.number(Double(k)), f.slots, f.cells)
                    if case .returned(let v) = try pass(i, f) { return .returned(v) }
                    k += 1
                }
                return .normal
            }
            return try i.repeatForever(at: range) { k throws(RuntimeError) in
                place?.put(.number(Double(k)), f.slots, f.cells)
                return try pass(i, f)
            }
        }
    }
}

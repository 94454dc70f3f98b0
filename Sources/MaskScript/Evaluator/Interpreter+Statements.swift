import MaskEngine

/// What a `for` loop visits: a list's values, or a range's numbers made on demand.
enum LoopItems {
    case list([Value])
    case range(Double, count: Int)

    var count: Int {
        switch self {
        case .list(let items): return items.count
        case .range(_, let count): return count
        }
    }

    subscript(i: Int) -> Value {
        switch self {
        case .list(let items): return items[i]
        case .range(let lo, _): return .number(lo + Double(i))
        }
    }
}

/// How a statement finished.
enum Flow {
    case normal
    case returned(Value)
}

extension Interpreter {
    /// Runs a list of statements in a new scope.
    func executeBlock(_ statements: [Stmt], in scope: Environment) throws(RuntimeError) -> Flow {
        let outer = environment
        environment = scope
        defer { environment = outer }
        for statement in statements {
            if case .returned(let v) = try execute(statement) { return .returned(v) }
        }
        return .normal
    }

    /// Runs one statement.
    func execute(_ stmt: Stmt) throws(RuntimeError) -> Flow {
        try step(stmt.range)
        switch stmt.kind {
        case .expression(let e):
            _ = try evaluate(e)
        case let .letBinding(name, _, value):
            environment.define(name, try evaluate(value))
        case let .assign(name, nameRange, value):
            let v = try evaluate(value)
            if environment.scope(declaring: name) === builtins {
                throw RuntimeError("cannot assign to the built-in `\(name)`; declare your own with `let`", at: nameRange)
            }
            guard environment.assign(name, v) else {
                throw RuntimeError("unknown name `\(name)` (declare it with `let \(name) = ...`)\(Suggestion.hint(for: name, in: environment.visibleNames))", at: nameRange)
            }
        case let .setProperty(target, property, propertyRange, value):
            let t = try evaluate(target)
            let v = try evaluateProperty(property, value)
            for layer in try layers(in: t, at: target.range, for: "a property change") {
                try step(stmt.range)
                try setProperty(property, of: layer, to: v, at: cursor, nameRange: propertyRange, valueRange: value.range)
            }
        case .function(let decl):
            if let name = decl.name {
                environment.define(name, .function(Callable(name: name, body: .script(decl, environment))))
            }
        case .returnStatement(let e):
            guard functionDepth > 0 else { throw RuntimeError("`return` outside a function", at: stmt.range) }
            return .returned(try e.map { e throws(RuntimeError) in try evaluate(e) } ?? .nil)
        case let .ifStatement(condition, then, otherwise):
            let c = try evaluate(condition)
            guard case .bool(let b) = c else {
                throw RuntimeError("`if` expects a bool, got \(c.typeName)", at: condition.range)
            }
            if b { return try executeBlock(then, in: Environment(parent: environment)) }
            if let otherwise { return try executeBlock(otherwise, in: Environment(parent: environment)) }
        case let .forLoop(variable, _, sequence, body):
            let items = try iterate(try evaluate(sequence), at: sequence.range)
            for i in 0..<items.count {
                try step(stmt.range)
                let scope = Environment(parent: environment)
                scope.define(variable, items[i])
                if case .returned(let v) = try executeBlock(body, in: scope) { return .returned(v) }
            }
        case let .repeatLoop(count, index, _, body):
            return try executeRepeat(count, index: index, body: body, range: stmt.range)
        case .animate(let a):
            try executeAnimate(a)
        case .delay(let e):
            let d = try number(try evaluate(e), "`delay`", at: e.range)
            guard d >= 0 else { throw RuntimeError("`delay` expects a duration of 0 or more, got \(d.shortDescription)", at: e.range) }
            // Two delays of 1e308 would put the cursor, and every later layer, at infinity.
            guard (cursor + d).isFinite else {
                throw RuntimeError("`delay` moves the time cursor past the largest time (\(cursor.shortDescription) + \(d.shortDescription) seconds)", at: e.range)
            }
            cursor += d
        case .wait:
            cursor = max(cursor, latestAnimationEnd)
        case .canvas(let body):
            try executeCanvas(body, range: stmt.range)
        case .layer(let decl):
            _ = try declareLayer(decl, maskOf: nil)
        case let .property(name, nameRange, value):
            guard let context = layerStack.last else {
                throw RuntimeError("property `\(name)` outside a layer body", at: nameRange)
            }
            let v = try evaluateProperty(name, value)
            try setBodyProperty(name, of: context, to: v, nameRange: nameRange, valueRange: value.range)
        case .mask(let source):
            try executeMask(source, range: stmt.range)
        }
        return .normal
    }

    private func executeRepeat(_ count: RepeatCount, index: String?, body: [Stmt], range: SourceRange) throws(RuntimeError) -> Flow {
        func runBody(_ i: Int) throws(RuntimeError) -> Flow {
            // Each pass is a step, so an empty body (`repeat 1e9 { }`) hits the limit.
            try step(range)
            let scope = Environment(parent: environment)
            if let index { scope.define(index, .number(Double(i))) }
            return try executeBlock(body, in: scope)
        }
        switch count {
        case .times(let e):
            let n = try wholeNumber(try evaluate(e), "`repeat`", at: e.range, min: 0)
            var i = 0
            while i < n {
                if case .returned(let v) = try runBody(i) { return .returned(v) }
                i += 1
            }
        case .forever:
            guard let duration = scene.canvas.duration else {
                throw RuntimeError("`repeat forever` needs a canvas `duration` to know when to stop", at: range)
            }
            var i = 0
            while cursor < duration {
                let before = cursor
                if case .returned(let v) = try runBody(i) { return .returned(v) }
                guard cursor > before else {
                    throw RuntimeError("`repeat forever` body does not advance the time cursor; add a `delay` or `wait`", at: range)
                }
                i += 1
            }
        }
        return .normal
    }

    /// The values a `for` loop visits. A range's numbers are made one at a time, as the
    /// loop reaches them: a loop that returns early never pays for the whole range.
    func iterate(_ value: Value, at range: SourceRange) throws(RuntimeError) -> LoopItems {
        switch value {
        case .list(let items): return .list(items)
        case let .range(lo, hi, inclusive):
            return .range(lo, count: try rangeCount(lo, hi, inclusive: inclusive, at: range))
        case .string(let s):
            try charge(s.utf8.count, .items, at: range)
            return .list(s.map { .string(String($0)) })
        default:
            throw RuntimeError("`for` expects a list or a range, got \(value.typeName)", at: range)
        }
    }

    /// The number of values in a range, checked against the list limit.
    func rangeCount(_ lo: Double, _ hi: Double, inclusive: Bool, at range: SourceRange) throws(RuntimeError) -> Int {
        let span = (hi - lo).rounded(.down) + (inclusive ? 1 : 0)
        let exact = hi - lo == (hi - lo).rounded(.down)
        let n = inclusive ? span : (exact ? hi - lo : span + 1)
        guard n.isFinite else { throw RuntimeError("a range needs finite bounds", at: range) }
        if n <= 0 { return 0 }
        guard n <= Double(limits.listLength) else {
            throw RuntimeError("a range of \(n.shortDescription) values is longer than the limit of \(limits.listLength)", at: range)
        }
        return Int(n)
    }

    private func executeCanvas(_ body: [Stmt], range: SourceRange) throws(RuntimeError) {
        if let first = firstLayerRange {
            throw RuntimeError("`canvas` must come before the first layer", at: range,
                               notes: [("the first layer is declared here", first)])
        }
        if let previous = canvasRange {
            throw RuntimeError("the canvas is already set", at: range, notes: [("set here first", previous)])
        }
        var canvas = scene.canvas
        for item in body {
            guard case let .property(name, nameRange, valueExpr) = item.kind else {
                throw RuntimeError("a canvas body holds only `name: value` settings", at: item.range)
            }
            let v = try evaluate(valueExpr)
            let r = valueExpr.range
            switch name {
            case "size":
                guard case .list(let parts) = v, parts.count == 2 else {
                    throw RuntimeError("canvas `size` expects [width, height], got \(v.typeName)", at: r)
                }
                let w = try wholeNumber(parts[0], "canvas `size`", at: r, min: 1)
                let h = try wholeNumber(parts[1], "canvas `size`", at: r, min: 1)
                guard w <= limits.canvasSide, h <= limits.canvasSide else {
                    throw RuntimeError("canvas `size` \(w)×\(h) is larger than the limit of \(limits.canvasSide) pixels a side", at: r)
                }
                canvas.width = w
                canvas.height = h
            case "fps":
                let f = try number(v, "canvas `fps`", at: r)
                guard f > 0, f <= 1000 else { throw RuntimeError("canvas `fps` must be in 0...1000 (above 0), got \(f.shortDescription)", at: r) }
                canvas.fps = f
            case "duration":
                let d = try number(v, "canvas `duration`", at: r)
                guard d >= 0 else { throw RuntimeError("canvas `duration` must not be negative", at: r) }
                canvas.duration = d
            case "background":
                guard case .color(let c) = v else {
                    throw RuntimeError("canvas `background` expects a colour, got \(v.typeName)", at: r)
                }
                canvas.background = c
            default:
                throw RuntimeError("unknown canvas setting `\(name)`\(Suggestion.hint(for: name, in: ["size", "fps", "duration", "background"]))", at: nameRange)
            }
        }
        scene.canvas = canvas
        canvasRange = range
    }
}

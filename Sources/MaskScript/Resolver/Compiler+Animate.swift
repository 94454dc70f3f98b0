/// An expression compiled, with the source it came from (for errors about its value).
struct CompiledExpr {
    let code: Code
    let range: SourceRange
}

/// An `animate` statement, compiled: the clauses of `AnimateStmt`, each evaluated when
/// the statement runs.
struct AnimatePlan {
    /// How many times the animation repeats.
    enum Repeat {
        case times(CompiledExpr)
        case forever
    }

    /// How the stagger order is given: an order word, or an expression (`random(seed)`).
    enum Order {
        case word(String, SourceRange)
        case value(CompiledExpr)
    }

    let target: CompiledExpr
    let property: String
    let propertyRange: SourceRange
    let from, to, keys, times, duration, delay, ease, stagger: CompiledExpr?
    let repeatCount: Repeat?
    let autoreverses: Bool
    let order: Order?
}

extension Compiler {
    static let orderWords: Set<String> = ["index", "reverse", "rows", "diagonal", "center"]

    func animate(_ a: AnimateStmt, _ range: SourceRange) -> Action {
        checkProperty(a.property, on: a.target, at: a.propertyRange, reading: false)
        func compiled(_ e: Expr?) -> CompiledExpr? {
            e.map { CompiledExpr(code: expression($0), range: $0.range) }
        }
        func value(_ e: Expr?) -> CompiledExpr? {
            e.map { CompiledExpr(code: propertyValue(a.property, $0), range: $0.range) }
        }
        let target = CompiledExpr(code: expression(a.target), range: a.target.range)
        let duration = compiled(a.duration), delay = compiled(a.delay), ease = compiled(a.ease)
        var repeatCount: AnimatePlan.Repeat?
        switch a.repeatCount {
        case .times(let e)?: repeatCount = .times(CompiledExpr(code: expression(e), range: e.range))
        case .forever?: repeatCount = .forever
        case nil: repeatCount = nil
        }
        let stagger = compiled(a.stagger)
        var order: AnimatePlan.Order?
        if let o = a.order {
            // An order word stands for itself; so does an unknown name (its error then
            // lists the orders).
            if case .name(let w) = o.kind, Compiler.orderWords.contains(w) || isMissing(w) {
                order = .word(w, o.range)
            } else {
                order = .value(CompiledExpr(code: expression(o), range: o.range))
            }
        }
        let plan = AnimatePlan(target: target, property: a.property, propertyRange: a.propertyRange,
                               from: value(a.from), to: value(a.to), keys: compiled(a.keys), times: compiled(a.times),
                               duration: duration, delay: delay, ease: ease, stagger: stagger,
                               repeatCount: repeatCount, autoreverses: a.autoreverses, order: order)
        return { i, f throws(RuntimeError) in
            try i.step(range)
            try i.executeAnimate(plan, in: f)
            return .normal
        }
    }

    private func isMissing(_ name: String) -> Bool {
        if case .missing = resolve(name) { return true }
        return false
    }
}

import MaskEngine

/// What an interactive host (the REPL) needs beyond `run(_:)`: the values of expression
/// statements, property values at any time, and a look at the names in scope.
extension Interpreter {
    /// Runs statements at the top level like `run(_:)`, handing the value of each
    /// top-level expression statement to `echo` (a REPL prints `1 + 2` as `3`).
    /// On error every change is undone, as with `run(_:)`.
    /// - Throws: `RuntimeError` pointing at the failing node.
    public func run(_ statements: [Stmt], echo: (Value) -> Void) throws(RuntimeError) {
        do { try run(statements, in: nil, echo: echo) } catch { throw error.first }
    }

    /// Runs statements written in `source` at the top level, handing the value of each
    /// top-level expression statement to `echo`. Names from earlier runs stay visible;
    /// each run has the whole step budget; on error every change is undone. An error
    /// inside a function written in an earlier run carries that run's source
    /// (`RuntimeError.source`), so it can be shown under the text where it was written.
    /// - Throws: `ScriptErrors` with every static error, or the one run-time error.
    public func run(_ statements: [Stmt], in source: SourceFile?, echo: (Value) -> Void) throws(ScriptErrors) {
        try withoutActuallyEscaping(echo) { echo throws(ScriptErrors) in
            // The large stack's thread may outlive the run by a moment, still holding what
            // its body captured: give it a box that is emptied before `echo` must be released.
            let box = EchoBox(echo)
            defer { box.echo = nil }
            try execute(statements, in: source, echo: { box.echo?($0) })
        }
    }

    /// The value of an expression at the top level; whatever it does is undone afterwards,
    /// so a host can evaluate the arguments of its own commands without changing the session.
    /// - Throws: `RuntimeError` pointing at the failing node.
    public func value(of expression: Expr) throws(RuntimeError) -> Value {
        let saved = Snapshot(self)
        defer { saved.restore(into: self) }
        return try evaluateAlone(expression)
    }

    /// The value of `target.property` at time `t`, timeline included, read as the script
    /// reads it (`box.x` is the frame's left edge). For a list of layers, a list of values.
    /// Nothing of the session changes.
    /// - Throws: `RuntimeError` for a target that is no layer, or an unknown property.
    public func value(of target: Expr, property: String, nameRange: SourceRange, at time: Double) throws(RuntimeError) -> Value {
        let saved = Snapshot(self)
        defer { saved.restore(into: self) }
        let targetValue = try evaluateAlone(target)
        let layers = try layers(in: targetValue, at: target.range, for: "reading a property")
        cursor = time
        var values: [Value] = []
        for layer in layers {
            values.append(try readProperty(property, of: layer, nameRange: nameRange))
        }
        if case .layer = targetValue, let only = values.first { return only }
        return .list(values)
    }

    /// Compiles and evaluates one expression at the top level, on the large stack.
    private func evaluateAlone(_ expression: Expr) throws(RuntimeError) -> Value {
        let holder = ValueBox()
        let statement = Stmt(.expression(expression), expression.range)
        do {
            try execute([statement], in: nil, echo: { holder.value = $0 })
        } catch {
            throw error.first
        }
        return holder.value
    }

    /// The value a global name holds, or nil when there is no such name (for completion).
    public func globalValue(named name: String) -> Value? {
        globalBoxes[name]?.value ?? Builtins.values[name]
    }
}

extension LayerKeyword {
    /// The property names a layer of this kind has, as scripts spell them (for completion).
    public var propertyNames: [String] {
        LayerProperty.names(for: self) + (self == .grid ? ["tile"] : []) + Interpreter.treeMethods
    }
}

extension Value: CustomStringConvertible {
    /// The value as `print` writes it: `3`, `[1, 2]`, `<layer box>`.
    public var description: String { printed() }
}

/// `echo` for the large stack's thread, emptied once the run is over.
private final class EchoBox {
    var echo: ((Value) -> Void)?

    init(_ echo: @escaping (Value) -> Void) {
        self.echo = echo
    }
}

/// The value an expression evaluated alone gave.
private final class ValueBox {
    var value: Value = .nil
}

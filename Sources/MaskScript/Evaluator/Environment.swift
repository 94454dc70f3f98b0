/// A lexical scope: the names declared in one block, and the scope around it.
final class Environment: @unchecked Sendable {
    private(set) var values: [String: Value] = [:]
    let parent: Environment?

    init(parent: Environment?) {
        self.parent = parent
    }

    /// Declares a name in this scope (shadowing any outer one).
    func define(_ name: String, _ value: Value) {
        values[name] = value
    }

    /// The value of a name in this scope or an enclosing one.
    func lookup(_ name: String) -> Value? {
        var scope: Environment? = self
        while let s = scope {
            if let v = s.values[name] { return v }
            scope = s.parent
        }
        return nil
    }

    /// The nearest scope that declares a name, if any.
    func scope(declaring name: String) -> Environment? {
        var scope: Environment? = self
        while let s = scope {
            if s.values[name] != nil { return s }
            scope = s.parent
        }
        return nil
    }

    /// Assigns an existing name in the nearest scope that declares it; false when none does.
    func assign(_ name: String, _ value: Value) -> Bool {
        var scope: Environment? = self
        while let s = scope {
            if s.values[name] != nil {
                s.values[name] = value
                return true
            }
            scope = s.parent
        }
        return false
    }

    /// Every name visible from this scope (for suggestions and completion).
    var visibleNames: Set<String> {
        var names = Set<String>()
        var scope: Environment? = self
        while let s = scope {
            names.formUnion(s.values.keys)
            scope = s.parent
        }
        return names
    }

    /// Replaces every binding of this scope (used to roll back a failed REPL input).
    func restore(_ saved: [String: Value]) {
        values = saved
    }
}

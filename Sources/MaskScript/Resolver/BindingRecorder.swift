/// What the resolver writes down for `NameBindings` while it compiles a program: each
/// variable it declares, with its kind and the scope of its block, and each use it
/// binds to one of them. Only the program being compiled is recorded, not the files it
/// imports (their names are reached through the import's namespace).
final class BindingRecorder {
    /// The range of the whole program: the scope of its outermost block.
    let programRange: SourceRange
    private(set) var bindings: [NameBindings.Binding] = []
    /// The ranges of every function compiled, named or not.
    private(set) var functions: [SourceRange] = []
    /// The binding of each variable declared.
    private var index: [ObjectIdentifier: Int] = [:]
    /// The variables declared, kept alive so that no later one takes an identifier in `index`.
    private var variables: [Variable] = []
    /// The uses already recorded, by start offset: the resolver may look a name up more
    /// than once for one use (an operand, then its closure).
    private var usedAt: Set<Int> = []

    init(programRange: SourceRange) {
        self.programRange = programRange
    }

    /// A declaration of `variable`. A name declared again for the same variable (two
    /// named layers `box` in one block, which store into one variable) counts as a use
    /// of the first declaration, as an assignment does.
    func declare(_ variable: Variable, _ kind: NameBindings.Kind, at range: SourceRange, node: SourceRange,
                 scope: SourceRange?, parameters: [String] = []) {
        let key = ObjectIdentifier(variable)
        if index[key] != nil {
            use(variable, at: range)
            return
        }
        bindings.append(NameBindings.Binding(name: variable.name, kind: kind, declaration: range, declarationNode: node,
                                             scope: scope ?? programRange, parameters: parameters))
        index[key] = bindings.count - 1
        variables.append(variable)
        usedAt.insert(range.start.offset)
    }

    /// A use of `variable` at `range` (a read, an assignment, a call).
    func use(_ variable: Variable, at range: SourceRange) {
        guard let i = index[ObjectIdentifier(variable)], usedAt.insert(range.start.offset).inserted else { return }
        bindings[i].uses.append(range)
    }

    /// A function compiled: its body sees names declared after it in the scopes around it.
    func function(_ range: SourceRange) {
        functions.append(range)
    }
}

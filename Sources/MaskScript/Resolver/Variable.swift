/// A name declared in a block, as the resolver knows it.
final class Variable {
    /// Where a variable's value lives at run time.
    enum Place {
        /// A local of the function being compiled: a slot, or a cell when a closure captures it.
        case local(LocalPlace)
        /// A global: top-level names of every run, and the host's.
        case global(Box)
    }

    let name: String
    let place: Place
    /// True once the resolver has passed the declaration: a use before it, in the same
    /// function, means an outer variable of the same name.
    var declared = false
    /// The layer kind, when only layer declarations of that one kind bind the name.
    var layerKind: LayerKeyword?
    /// True when some statement assigns the name, so it may hold anything.
    var assigned = false
    /// The names of the namespace an `import` binds to this variable.
    var namespaceNames: (fileName: String, names: [String])?

    init(name: String, place: Place) {
        self.name = name
        self.place = place
    }
}

/// One block's names (a function body, a branch, a loop body, a layer body).
struct Block {
    var names: [String: Variable] = [:]
    /// The cells this block declares: each run of the block gives them fresh boxes, so a
    /// closure made in one loop pass keeps that pass's value.
    var cells: [Int] = []
}

/// The function being compiled (the top level of a run is one too), with its blocks.
final class FunctionScope {
    let enclosing: FunctionScope?
    /// True for the top level of a run, whose outermost block holds the globals.
    let isProgram: Bool
    /// The names that functions nested in this one use: a local of that name must live
    /// in a cell (conservatively, by name).
    let capturedNames: Set<String>
    var blocks: [Block] = []
    var slotCount = 0
    var cellCount = 0
    var captures: [CaptureSource] = []
    var captureIndex: [ObjectIdentifier: Int] = [:]
    /// The layer declarations being compiled in this function, innermost last: their
    /// kind, and the block where the names of layers declared inside them bind.
    var layers: [(kind: LayerKeyword, bindingBlock: Int)] = []

    init(enclosing: FunctionScope?, isProgram: Bool, capturedNames: Set<String>) {
        self.enclosing = enclosing
        self.isProgram = isProgram
        self.capturedNames = capturedNames
    }

    /// A new local in this function: a cell if a nested function may capture it.
    func newLocal(_ name: String) -> LocalPlace {
        if capturedNames.contains(name) {
            cellCount += 1
            return .cell(cellCount - 1)
        }
        slotCount += 1
        return .slot(slotCount - 1)
    }
}

/// What a name refers to at one place in the program.
enum Resolution {
    case local(LocalPlace, Variable)
    case capture(Int, Variable)
    case global(Box, Variable?)
    case builtin(Value)
    case missing
}

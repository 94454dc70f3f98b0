/// What a statement's compiled code reports: whether it ran to its end or returned.
enum Flow {
    case normal
    case returned(Value)
}

/// An expression compiled to a closure: evaluating it is one call.
typealias Code = (Interpreter, Frame) throws(RuntimeError) -> Value
/// A statement compiled to a closure.
typealias Action = (Interpreter, Frame) throws(RuntimeError) -> Flow

/// Where a closure finds one of the variables it captures when it is made: a captured
/// local of the function around it, or one that function itself captured.
enum CaptureSource {
    case cell(Int)
    case capture(Int)
}

/// Where a local variable lives in its frame.
enum LocalPlace {
    case slot(Int)
    case cell(Int)

    /// Stores a value there.
    @inline(__always)
    func put(_ value: Value, _ slots: UnsafeMutablePointer<Value>, _ cells: UnsafeMutablePointer<Box>) {
        switch self {
        case .slot(let s): slots[s] = value
        case .cell(let c): cells[c].value = value
        }
    }
}

/// A function compiled once: its body and the shape of the frame a call needs.
/// Immutable once made; like `Callable`, it runs only on the thread running the script.
final class FunctionCode: @unchecked Sendable {
    /// The name for messages (`anonymous function` for `fn (x) { }`).
    let name: String
    /// The whole declaration, for "declared here" notes.
    let range: SourceRange
    /// The file the function was written in: an error inside it points at that text,
    /// even when a later REPL input calls it.
    let source: SourceFile?
    /// True for a function of an imported file: a layer it declares is reported, when the
    /// engine refuses it later, at the script's call into that file (`SourceMap`).
    let isImported: Bool
    /// Where each parameter goes.
    let parameters: [LocalPlace]
    /// The number of parameters; -1 for `native`, which no call matches.
    let arity: Int
    /// The arity, when the parameters are the first slots in order and the frame has no
    /// cells (most functions): a call then evaluates its arguments straight into the new
    /// frame (`Interpreter.invokePlain`). -1 otherwise.
    let plainArity: Int
    /// The frame's sizes.
    let slotCount: Int
    let cellCount: Int
    /// What a closure of this function captures, in order.
    let captures: [CaptureSource]
    /// The body's statements, run in order by `Interpreter.runBody` (a loop there, not a
    /// closure of its own around them: one closure call less per call).
    let statements: ContiguousArray<ActionCell>

    init(name: String, range: SourceRange, source: SourceFile?, isImported: Bool = false, parameters: [LocalPlace],
         slotCount: Int, cellCount: Int, captures: [CaptureSource], statements: [ActionCell]) {
        self.name = name
        self.range = range
        self.source = source
        self.isImported = isImported
        self.parameters = parameters
        arity = parameters.count
        let inOrder = parameters.enumerated().allSatisfy { k, p in
            if case .slot(let s) = p { return s == k } else { return false }
        }
        plainArity = inOrder && cellCount == 0 ? parameters.count : -1
        self.slotCount = slotCount
        self.cellCount = cellCount
        self.captures = captures
        self.statements = ContiguousArray(statements)
    }

    private init() {
        name = "native"
        range = SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))
        source = nil
        isImported = false
        parameters = []
        arity = -1
        plainArity = -1
        slotCount = 0
        cellCount = 0
        captures = []
        statements = []
    }

    /// The code of every built-in: it marks a callable as not a script function.
    static let native = FunctionCode()

    /// A closure of this function made in `frame`: it takes the boxes it captures from there.
    func closure(in frame: Frame) -> Callable {
        var boxes = ContiguousArray<Box>()
        boxes.reserveCapacity(captures.count)
        for c in captures {
            switch c {
            case .cell(let i): boxes.append(frame.cells[i])
            case .capture(let i): boxes.append(frame.captures[i])
            }
        }
        return Callable(name: name, body: .script(self, boxes))
    }
}

/// The resolver and compiler in one pass over the syntax tree (as in clox, where
/// resolving a name and emitting its code are one step).
///
/// Every name is bound before the program runs: to a slot of the running call, a cell
/// (a local some closure captures), a variable an enclosing function's closure
/// captured, a global, or a built-in. Every statement and expression becomes a Swift
/// closure, called once per evaluation: no dictionary, no scope object, no tree walk.
/// The pass reports every static error it finds (unknown names in any function or
/// branch, assignments to unknown or built-in names, names declared twice in a block,
/// `return` outside a function, wrong built-in arities, unknown layer properties where
/// the layer's kind is known), sorted by position; a program with any is never run.
final class Compiler {
    let interpreter: Interpreter
    let source: SourceFile?
    /// Echo top-level expression statements (a REPL prints `1 + 2` as `3`).
    let echo: Bool
    var errors: [RuntimeError] = []
    var function: FunctionScope
    /// Globals this compile created; removed again when it fails.
    var newGlobals: [String] = []
    /// Property names to check once the whole program is read: by then it is known
    /// whether anything assigns the layer's name.
    var propertyChecks: [(variable: Variable, name: String, range: SourceRange, reading: Bool)] = []
    /// Members read from names bound by `import` (`lib.f`), checked once it is known
    /// whether anything assigns those names.
    var memberChecks: [(variable: Variable, name: String, range: SourceRange)] = []
    /// The folder relative imports start from: "" for the main program (the resolver's
    /// own base), the imported file's folder inside an imported file.
    let folder: String
    /// True while compiling an imported file: it sees no globals of the importing
    /// program or the host, only built-ins and its own names.
    let isImported: Bool
    /// Writes down every declaration and the use bound to it, when an editor asks
    /// (`NameBindings`); nil when compiling to run.
    var recorder: BindingRecorder?
    /// True when compiling only to find misspellings in what parsed of a file with syntax
    /// errors (`misspellings(in:source:)`): other errors are dropped, imports not read.
    let misspellingsOnly: Bool

    static let errorLimit = 100

    init(interpreter: Interpreter, source: SourceFile?, echo: Bool, statements: [Stmt], importedFrom folder: String? = nil,
         misspellingsOnly: Bool = false) {
        self.interpreter = interpreter
        self.misspellingsOnly = misspellingsOnly
        self.source = source
        self.echo = echo
        self.folder = folder ?? ""
        isImported = folder != nil
        // An imported file's top level is compiled as a function body: its names are
        // locals of the frame the import runs it in, not globals.
        function = FunctionScope(enclosing: nil, isProgram: folder == nil, capturedNames: NameScan.capturedNames(in: statements))
    }

    /// Compiles a whole top-level program, or returns every static error in it.
    static func compile(_ statements: [Stmt], for interpreter: Interpreter, source: SourceFile?,
                        echo: Bool) -> Result<CompiledProgram, ScriptErrors> {
        let compiler = Compiler(interpreter: interpreter, source: source, echo: echo, statements: statements)
        let body = compiler.block(statements, inLayerBody: false, scope: nil)
        compiler.checkProperties()
        compiler.checkMembers()
        if !compiler.errors.isEmpty {
            for name in compiler.newGlobals { interpreter.globalBoxes[name] = nil }
            var errors = compiler.errors.sorted { $0.range.start.offset < $1.range.start.offset }
            if errors.count > errorLimit {
                let extra = RuntimeError("too many errors (limit \(errorLimit)); stopping", at: errors[errorLimit].range)
                errors = Array(errors.prefix(errorLimit)) + [extra]
            }
            return .failure(ScriptErrors(errors, phase: .check))
        }
        return .success(CompiledProgram(body: body, slotCount: compiler.function.slotCount, cellCount: compiler.function.cellCount))
    }

    /// Records a static error. The message is made only for the errors kept: past the
    /// limit, a did-you-mean search per unknown name (1.5 M lines of `zz` took 70 s) would
    /// be work no one sees. `misspelling`: a word no declaration can make right or wrong
    /// (see `misspellings(in:source:)`).
    func error(_ message: @autoclosure () -> String, at range: SourceRange, notes: [(message: String, range: SourceRange)] = [],
               misspelling: Bool = false) {
        guard errors.count <= Compiler.errorLimit, misspelling || !misspellingsOnly else { return }
        errors.append(RuntimeError(message(), at: range, notes: notes))
    }

    // MARK: - Blocks

    /// Compiles `statements` as one block: its names are declared (pending) first, so a
    /// function nested in it can call one declared further down.
    /// `scope` is the source the block's names are visible in (nil: the whole program).
    func block(_ statements: [Stmt], inLayerBody: Bool, declaring extra: [(String, SourceRange)] = [],
               freshCells: Bool = true, scope: SourceRange?) -> Action {
        beginBlock(statements, inLayerBody: inLayerBody, declaring: extra, scope: scope)
        let actions = statements.map { ActionCell(run: statement($0)) }
        let cells = function.blocks.last?.cells ?? []
        endBlock()
        let body = Compiler.sequence(actions)
        guard freshCells, !cells.isEmpty else { return body }
        return { i, f throws(RuntimeError) in
            for c in cells { f.cells[c] = Box() }
            return try body(i, f)
        }
    }

    /// `extra` are the parameters of a function (`extraKind` `.parameter`) or the
    /// variable of a loop; `scope` is as for `block`.
    func beginBlock(_ statements: [Stmt], inLayerBody: Bool, declaring extra: [(String, SourceRange)],
                    as extraKind: NameBindings.Kind = .loopVariable, scope: SourceRange?) {
        let isGlobal = function.isProgram && function.blocks.isEmpty
        function.blocks.append(Block())
        var firstRange: [String: SourceRange] = [:]
        for (name, range) in extra {
            if let first = firstRange[name] {
                error("`\(name)` is declared twice", at: range, notes: [("first declared here", first)])
                continue
            }
            firstRange[name] = range
            let v = declare(name, global: false)
            v.declared = true
            recorder?.declare(v, extraKind, at: range, node: scope ?? range, scope: scope)
        }
        for d in NameScan.declarations(in: statements, inLayerBody: inLayerBody) {
            let existing = function.blocks[function.blocks.count - 1].names[d.name]
            let v: Variable
            switch d.kind {
            case .binding:
                if let first = firstRange[d.name] {
                    error("`\(d.name)` is already declared in this block; give it another name, or assign it with `\(d.name) = ...`",
                          at: d.range, notes: [("first declared here", first)])
                    continue
                }
                firstRange[d.name] = d.range
                v = existing ?? declare(d.name, global: isGlobal)
                v.layerKind = nil
                v.assigned = existing != nil || v.assigned
            case .layer(let kind):
                if let existing {
                    v = existing
                    if v.layerKind != kind { v.layerKind = nil; v.assigned = true }
                } else {
                    v = declare(d.name, global: isGlobal)
                    v.layerKind = kind
                }
            }
            if let recorder {
                let kind: NameBindings.Kind
                switch d.kind {
                case .binding(let k): kind = k
                case .layer(let k): kind = .layer(k)
                }
                recorder.declare(v, kind, at: d.range, node: d.node, scope: scope, parameters: d.parameters)
            }
        }
    }

    func endBlock() {
        function.blocks.removeLast()
    }

    /// A new variable in the innermost block, not yet declared.
    private func declare(_ name: String, global: Bool) -> Variable {
        let v: Variable
        if global {
            let box: Box
            if let existing = interpreter.globalBoxes[name] {
                box = existing
            } else {
                box = Box()
                interpreter.globalChanges.add(name, box, to: &interpreter.globalBoxes)
                newGlobals.append(name)
            }
            v = Variable(name: name, place: .global(box))
        } else {
            v = Variable(name: name, place: .local(function.newLocal(name)))
            if case .local(.cell(let c)) = v.place { function.blocks[function.blocks.count - 1].cells.append(c) }
        }
        function.blocks[function.blocks.count - 1].names[name] = v
        return v
    }

    /// The variable a declaration in the innermost block made (see `beginBlock`).
    func declared(_ name: String, inBlock index: Int? = nil) -> Variable? {
        let i = index ?? function.blocks.count - 1
        guard function.blocks.indices.contains(i) else { return nil }
        let v = function.blocks[i].names[name]
        v?.declared = true
        return v
    }

    // MARK: - Names

    /// What `name` means here; `range`, the use's source, is recorded for editors when
    /// given (`recorder`).
    func resolve(_ name: String, at range: SourceRange? = nil) -> Resolution {
        let resolution = lookUp(name)
        if let recorder, let range {
            switch resolution {
            case .local(_, let v), .capture(_, let v), .global(_, let v?): recorder.use(v, at: range)
            default: break
            }
        }
        return resolution
    }

    /// What `name` means here. A variable declared further down its block counts only
    /// from inside a nested function (which may run after the declaration).
    private func lookUp(_ name: String) -> Resolution {
        var scope: FunctionScope? = function
        while let f = scope {
            let crossed = f !== function
            for b in f.blocks.reversed() {
                guard let v = b.names[name], v.declared || crossed else { continue }
                switch v.place {
                case .global(let box): return .global(box, v)
                case .local(let place):
                    if !crossed { return .local(place, v) }
                    guard case .cell = place else { return .missing }
                    return .capture(captureIndex(of: v, owner: f, in: function), v)
                }
            }
            scope = f.enclosing
        }
        if !isImported, let box = interpreter.globalBoxes[name], box.value != nil { return .global(box, nil) }
        if let value = Builtins.values[name] { return .builtin(value) }
        return .missing
    }

    /// The index of `v` (a cell of `owner`) among the captures of `f`, added through
    /// every function in between.
    private func captureIndex(of v: Variable, owner: FunctionScope, in f: FunctionScope) -> Int {
        let key = ObjectIdentifier(v)
        if let i = f.captureIndex[key] { return i }
        let source: CaptureSource
        if f.enclosing === owner {
            guard case .local(.cell(let c)) = v.place else { return 0 }
            source = .cell(c)
        } else if let outer = f.enclosing {
            source = .capture(captureIndex(of: v, owner: owner, in: outer))
        } else {
            return 0
        }
        f.captures.append(source)
        f.captureIndex[key] = f.captures.count - 1
        return f.captures.count - 1
    }

    /// Every name visible here, for "did you mean".
    func visibleNames() -> Set<String> {
        var names = Set(Builtins.values.keys)
        for (name, box) in interpreter.globalBoxes where box.value != nil && !isImported { names.insert(name) }
        var scope: FunctionScope? = function
        while let f = scope {
            for b in f.blocks { for (name, v) in b.names where v.declared { names.insert(name) } }
            scope = f.enclosing
        }
        return names
    }

    // MARK: - Layer properties

    /// Checks the property names used on layers whose kind is known, now that it is
    /// known which names are assigned.
    func checkProperties() {
        for check in propertyChecks where !check.variable.assigned {
            guard let kind = check.variable.layerKind else { continue }
            if check.reading, check.name == "tile", kind == .grid { continue }
            if check.reading, Interpreter.treeMethods.contains(check.name) { continue }
            if let p = LayerProperty(rawValue: check.name), p.applies(to: kind) { continue }
            errors.append(Interpreter.unknownProperty(check.name, kind: kind, at: check.range))
        }
    }

    /// Remembers to check `name` on the layer `target` names, when it names one.
    func checkProperty(_ name: String, on target: Expr, at range: SourceRange, reading: Bool) {
        guard case .name(let n) = target.kind else { return }
        let v: Variable?
        switch resolve(n) {
        case .local(_, let variable), .capture(_, let variable): v = variable
        case .global(_, let variable): v = variable
        default: v = nil
        }
        if let v, v.layerKind != nil { propertyChecks.append((v, name, range, reading)) }
    }

    /// Runs statements in order, stopping at a `return`.
    static func sequence(_ actions: [ActionCell]) -> Action {
        switch actions.count {
        case 0: return { _, _ in .normal }
        case 1: return actions[0].run
        case 2:
            let a = actions[0].run, b = actions[1].run
            return { i, f throws(RuntimeError) in
                if case .returned(let v) = try a(i, f) { return .returned(v) }
                return try b(i, f)
            }
        default:
            let all = ContiguousArray(actions)
            return { i, f throws(RuntimeError) in
                for a in all {
                    if case .returned(let v) = try a.run(i, f) { return .returned(v) }
                }
                return .normal
            }
        }
    }
}

/// A top-level program, compiled: its code and the frame it runs in.
struct CompiledProgram {
    let body: Action
    let slotCount: Int
    let cellCount: Int
}

/// The errors of one run: every static error the resolver found, or the one error that
/// stopped the program while it ran.
public struct ScriptErrors: Error, Sendable {
    /// When errors are found.
    public enum Phase: Sendable, Equatable {
        /// Before the program runs: static errors (unknown names, misplaced statements,
        /// properties a layer lacks, an import that cannot be read or parsed), all of them.
        case check
        /// While it runs: the one error that stopped it.
        case run
    }

    /// The errors, in source order; never empty.
    public var errors: [RuntimeError]

    /// The first error.
    public var first: RuntimeError

    /// When they were found.
    public var phase: Phase

    init(_ errors: [RuntimeError], phase: Phase = .run) {
        self.errors = errors
        self.phase = phase
        first = errors.first ?? RuntimeError("the program failed", at: SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0)))
    }
}

import MaskEngine

/// Runs mask script programs, building a `Scene` and its timeline.
///
/// A program runs once, top to bottom; the time cursor (`delay`, `wait`) says when each
/// change happens. State persists between `run` calls, so a REPL can feed statements one
/// input at a time; a failed input is rolled back whole (`run` is transactional).
public final class Interpreter {
    /// The scene built so far.
    public internal(set) var scene: Scene
    /// The time cursor, in seconds.
    public internal(set) var cursor: Double = 0
    /// The limits in force.
    public let limits: Limits
    /// Where images and fonts come from.
    public let resources: any ResourceResolver
    /// Receives each `print` line (without its newline).
    public let output: (String) -> Void
    /// Polled every 4,096 evaluation steps; return true to stop the run with an error.
    @exclusivity(unchecked) public var isCancelled: () -> Bool = { false }

    /// Every global by name: the top-level names of every run so far and the host's.
    /// A box whose value is nil was declared by a program that has not yet run its
    /// declaration. Built-ins are not here: `let red = 5` shadows one, `red = 5` is refused.
    var globalBoxes: [String: Box] = [:]
    /// Evaluation steps so far in this run: `stepMark - stepBudget`.
    var steps: Int {
        get { stepMark &- stepBudget }
        set { stepBudget = stepMark &- newValue }
    }
    /// Steps left before `step` next takes its slow path (the limit check and the poll of
    /// `isCancelled`): the fast path is one decrement and one sign test per node.
    @exclusivity(unchecked) var stepBudget = 0
    /// The step count at which the budget runs out.
    @exclusivity(unchecked) var stepMark = 0
    @exclusivity(unchecked) var callDepth = 0
    /// The lowest stack address a script call may start at (see `onLargeStack`); 0 when
    /// not running on the large stack.
    @exclusivity(unchecked) var stackFloor: UInt = 0
    /// The error of a direct call on its way to the call site (see `invokeDirect`).
    @exclusivity(unchecked) var failure: RuntimeError?
    /// The frames of the calls running now.
    let slotArena = Arena<Value>()
    let cellArena = Arena<Box>()
    /// The cells of a frame that has none (never read: no code refers to a cell there).
    let noCells = UnsafeMutablePointer<Box>.allocate(capacity: 1)
    /// Receives the value of each top-level expression statement during `run(_:echo:)`.
    var echo: ((Value) -> Void)?
    /// The layer bodies being run, innermost last.
    @exclusivity(unchecked) var layerStack: [LayerContext] = []
    /// Where the canvas was set, if it was.
    var canvasRange: SourceRange?
    /// Where each layer was declared and its properties set, for errors the engine finds later.
    public internal(set) var sourceMap = SourceMap()
    /// The call, in the script's own code, of the imported function running now (nil when
    /// none is): where a layer an imported function declares is reported.
    var libraryCall: (site: SourceRange, function: String)?
    /// The text being run (`execute`), where `libraryCall` is written.
    var runSource: SourceFile?
    /// Where the first layer was declared, if one was.
    var firstLayerRange: SourceRange?
    /// The latest end of every finite animation so far (`wait` jumps here).
    var latestAnimationEnd: Double = 0
    /// The animation that ends last, for errors about the scene's length.
    var latestAnimationRange: SourceRange?
    /// Text strings set so far, checked for missing characters by `takeTextWarnings(in:)`.
    var textChecks: [TextCheck] = []
    /// The function running (nil at the top level of the file being run): its `source` is
    /// the file a text string it sets belongs to. Kept as the function, one reference,
    /// not as a copy of its `SourceFile` (five references, counted on every call).
    /// Unmanaged, so a call counts no reference: `runBody` sets it only for the call's
    /// length, while the caller keeps the code alive, and then puts the caller's back.
    @exclusivity(unchecked) var runningCode: Unmanaged<FunctionCode>?
    /// Images already read, by the path the script gave.
    /// Images already read, by the file they came from (`ResourceResolver.identity(ofImage:)`)
    /// or else by the path the script gave.
    var imageCache: [AnyHashable: Image] = [:]
    /// The bytes of every image in `imageCache`, which `limits.imageBytes` bounds.
    var imageBytes = 0
    var fontCache: [AnyHashable: Font] = [:]
    /// The script's view of every layer, indexed by `LayerID.index`.
    var layerRefs: [LayerRef] = []
    /// How many levels tall each layer's subtree (sublayers and masks) is, by
    /// `LayerID.index`: what `checkDepth` adds when a layer becomes a mask.
    var layerHeights: [Int] = []
    /// The globals each open transaction changed (`Snapshot`).
    let globalChanges = GlobalChanges()
    /// For each open transaction: how many layers had a height then, and the heights of
    /// those that changed since, as they were.
    var heightJournals: [(count: Int, saved: [Int: Int])] = []
    /// Every file imported so far, compiled, by `Module.key`: importing one twice runs it once.
    var modules: [String: Module] = [:]
    /// The keys of the imported files being compiled now, outermost first (for cycles).
    var importsBeingCompiled: [(key: String, path: String)] = []
    /// How many imported files' top levels are running now (see `refuseInImport`).
    var importDepth = 0

    /// Creates an interpreter with an empty scene on the default canvas.
    /// - Parameters:
    ///   - resources: where `image(...)` and fonts come from.
    ///   - limits: bounds on steps, depth, sizes.
    ///   - output: receives each line `print` writes.
    public init(resources: any ResourceResolver, limits: Limits = Limits(), output: @escaping (String) -> Void = { print($0) }) {
        self.resources = resources
        self.limits = limits
        self.output = output
        var scene = Scene()
        scene.maxLayers = limits.layers
        self.scene = scene
    }

    deinit {
        noCells.deallocate()
        // A global function refers to its own global (to recurse, or through another
        // function): box → function → code → box. Emptying the boxes breaks those cycles.
        for box in globalBoxes.values { box.empty() }
        for module in modules.values { module.namespace?.releaseCaptures() }
    }

    /// Starts from a scene a host built: its layers become the script's (reachable through
    /// globals made with `LayerRef(_:in:)`), and the script's limits apply to it.
    func adopt(_ start: Scene) {
        var scene = start
        scene.maxLayers = limits.layers
        self.scene = scene
        layerRefs = scene.layerIDs.map { LayerRef($0, in: scene) }
        layerHeights = Array(repeating: 1, count: layerRefs.count)
        for id in scene.layerIDs { raiseHeights(above: id) }
    }

    /// Defines (or replaces) a global name visible to scripts: a host value.
    public func define(_ name: String, _ value: Value) {
        if let box = globalBoxes[name] { box.value = value } else { globalChanges.add(name, Box(value), to: &globalBoxes) }
    }

    /// The names visible at the top level (for completion).
    public var globalNames: Set<String> {
        var names = Set(Builtins.values.keys)
        for (name, box) in globalBoxes where box.value != nil { names.insert(name) }
        return names
    }

    /// Runs statements at the top level: resolves and compiles them, then runs them. On
    /// error, every change the statements made (scene, variables, cursor) is undone, so
    /// the interpreter stays as it was. Each run has the whole step budget.
    /// - Throws: `RuntimeError` pointing at the failing node (the first static error,
    ///   when there are any; `run(_:in:echo:)` gives them all).
    public func run(_ statements: [Stmt]) throws(RuntimeError) {
        do { try execute(statements, in: nil, echo: nil) } catch { throw error.first }
    }

    /// Compiles and runs statements written in `source`, on the large stack.
    func execute(_ statements: [Stmt], in source: SourceFile?, echo: ((Value) -> Void)?) throws(ScriptErrors) {
        let outerSource = runSource
        runSource = source
        defer { runSource = outerSource }
        let result: Result<Void, ScriptErrors>
        do {
            let start = statements.first?.range ?? SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))
            result = try onLargeStack(at: start) { () -> Result<Void, ScriptErrors> in
                self.compileAndRun(statements, in: source, echo: echo)
            }
        } catch {
            throw ScriptErrors([error])
        }
        try result.get()
    }

    private func compileAndRun(_ statements: [Stmt], in source: SourceFile?, echo: ((Value) -> Void)?) -> Result<Void, ScriptErrors> {
        let saved = Snapshot(self)
        let program: CompiledProgram
        switch Compiler.compile(statements, for: self, source: source, echo: echo != nil) {
        case .success(let p): program = p
        case .failure(let errors):
            // The compiler took back the globals it added; nothing else changed.
            saved.keep(in: self)
            return .failure(errors)
        }
        stepMark = 0
        stepBudget = 0
        self.echo = echo
        defer { self.echo = nil }
        do throws(RuntimeError) {
            try run(program)
        } catch {
            saved.restore(into: self)
            return .failure(ScriptErrors([error]))
        }
        saved.keep(in: self)
        return .success(())
    }

    /// Runs a compiled program in a frame of its own.
    func run(_ program: CompiledProgram) throws(RuntimeError) {
        _ = try withFrame(slots: program.slotCount, cells: program.cellCount) { slots, cells throws(RuntimeError) in
            try program.body(self, Frame(slots: slots, cells: cells, captures: []))
        }
    }

    /// Runs `body` with a new frame's storage: `slots` values (nil) and `cells` fresh boxes,
    /// freed when it returns.
    @inline(__always)
    func withFrame<T>(slots slotCount: Int, cells cellCount: Int,
                      _ body: (UnsafeMutablePointer<Value>, UnsafeMutablePointer<Box>) throws(RuntimeError) -> T) throws(RuntimeError) -> T {
        let slotMark = slotArena.mark
        let slots = slotArena.push(slotCount) { .nil }
        defer { slotArena.pop(slots, slotCount, to: slotMark) }
        // Most functions capture nothing: their calls leave the cell arena alone.
        guard cellCount > 0 else { return try body(slots, noCells) }
        let cellMark = cellArena.mark
        let cells = cellArena.push(cellCount) { Box() }
        defer { cellArena.pop(cells, cellCount, to: cellMark) }
        return try body(slots, cells)
    }

    /// Checks what can only be checked once the whole program has run: the frame count.
    /// - Throws: `RuntimeError` when the render would exceed `limits.frames`.
    public func finish(at range: SourceRange) throws(RuntimeError) {
        guard let count = scene.frameCount, count <= limits.frames else {
            let advice = scene.canvas.duration == nil
                ? "the last change ends at \(scene.duration.shortDescription)s; set a shorter canvas `duration`"
                : "shorten the canvas `duration` or lower `fps`"
            throw RuntimeError("the render would have more than \(limits.frames) frames; \(advice)",
                               at: canvasRange ?? latestAnimationRange ?? range)
        }
    }

    // MARK: - Steps and limits

    /// Counts one evaluation step; fails past the limit or on cancellation.
    @inline(__always)
    func step(_ range: SourceRange) throws(RuntimeError) {
        stepBudget &-= 1
        if stepBudget < 0 { try stepSlowly(range) }
    }

    /// Counts the steps of two nodes at once (a call and its callee's name): one
    /// decrement; when the budget runs out, they are counted again one by one, so the
    /// limit stops at the same node, with the same error, as separate steps would.
    @inline(__always)
    func step(_ a: SourceRange, _ b: SourceRange) throws(RuntimeError) {
        stepBudget &-= 2
        if stepBudget < 0 { try replaySteps(2, a, b) }
    }

    /// Counts the steps of three nodes at once (see `step(_:_:)`).
    @inline(__always)
    func step(_ a: SourceRange, _ b: SourceRange, _ c: SourceRange) throws(RuntimeError) {
        stepBudget &-= 3
        if stepBudget < 0 { try replaySteps(3, a, b, c) }
    }

    /// Counts the steps of four nodes at once (see `step(_:_:)`).
    @inline(__always)
    func step(_ a: SourceRange, _ b: SourceRange, _ c: SourceRange, _ d: SourceRange) throws(RuntimeError) {
        stepBudget &-= 4
        if stepBudget < 0 { try replaySteps(4, a, b, c, d) }
    }

    /// Gives back the `count` steps just taken at once and takes them one by one, for
    /// the ranges given.
    @inline(never)
    func replaySteps(_ count: Int, _ ranges: SourceRange...) throws(RuntimeError) {
        stepBudget &+= count
        for r in ranges { try step(r) }
    }

    /// The budget has run out: fails past the limit or on cancellation, else gives the
    /// next stretch of at most 4096 steps (so cancellation is polled that often).
    @inline(never)
    func stepSlowly(_ range: SourceRange) throws(RuntimeError) {
        let done = steps
        if done > limits.steps { throw stepLimitError(at: range) }
        if isCancelled() {
            var error = RuntimeError("cancelled", at: range)
            error.stop = .cancelled
            throw error
        }
        let stretch = min(4096, max(0, limits.steps - done))
        stepMark = done &+ stretch
        stepBudget = stretch
    }

    /// A whole number from a number value, checked before conversion.
    func wholeNumber(_ value: Value, _ what: String, at range: SourceRange, min lower: Int = Int.min) throws(RuntimeError) -> Int {
        guard case .number(let v) = value else {
            throw RuntimeError("\(what) expects a whole number, got \(value.typeName)", at: range)
        }
        guard v.isFinite, v == v.rounded(), v >= -9.0e15, v <= 9.0e15 else {
            throw RuntimeError("\(what) expects a whole number, got \(v.shortDescription)", at: range)
        }
        let n = Int(v)
        guard n >= lower else {
            throw RuntimeError("\(what) must be at least \(lower), got \(n)", at: range)
        }
        return n
    }

    /// A finite number from a value.
    func number(_ value: Value, _ what: String, at range: SourceRange) throws(RuntimeError) -> Double {
        guard case .number(let v) = value else {
            throw RuntimeError("\(what) expects a number, got \(value.typeName)", at: range)
        }
        guard v.isFinite else { throw RuntimeError("\(what) expects a finite number, got \(v.shortDescription)", at: range) }
        return v
    }
}

/// A transaction over the interpreter's state: begun when made, then ended once, by
/// `keep(in:)` or by `restore(into:)`, which puts everything back as it was.
///
/// The scalars are copied; the growing state (the scene, the source map, the globals,
/// the layer tables) is journaled, so a transaction costs what it changes, not what
/// the session holds: a snapshot copying it all made n REPL declarations O(n²).
struct Snapshot {
    let cursor: Double
    let canvasRange: SourceRange?
    let firstLayerRange: SourceRange?
    let latestAnimationEnd: Double
    let latestAnimationRange: SourceRange?
    let textCheckCount: Int
    let layerRefCount: Int
    let layerHeightCount: Int

    init(_ i: Interpreter) {
        cursor = i.cursor
        canvasRange = i.canvasRange
        firstLayerRange = i.firstLayerRange
        latestAnimationEnd = i.latestAnimationEnd
        latestAnimationRange = i.latestAnimationRange
        textCheckCount = i.textChecks.count
        layerRefCount = i.layerRefs.count
        layerHeightCount = i.layerHeights.count
        i.scene.beginChanges()
        i.sourceMap.beginChanges(layerCount: i.scene.nodes.count)
        i.globalChanges.begin()
        i.heightJournals.append((i.layerHeights.count, [:]))
    }

    /// Ends the transaction keeping its changes (an enclosing one can still undo them).
    func keep(in i: Interpreter) {
        i.scene.keepChanges()
        i.sourceMap.keepChanges()
        i.globalChanges.keep()
        _ = i.heightJournals.popLast()
    }

    /// Ends the transaction undoing its changes.
    func restore(into i: Interpreter) {
        i.scene.undoChanges()
        i.sourceMap.undoChanges()
        i.globalChanges.undo(&i.globalBoxes)
        if let heights = i.heightJournals.popLast() {
            for (index, height) in heights.saved { i.layerHeights[index] = height }
        }
        i.layerHeights.removeSubrange(min(layerHeightCount, i.layerHeights.count)...)
        i.layerRefs.removeSubrange(min(layerRefCount, i.layerRefs.count)...)
        i.textChecks.removeSubrange(min(textCheckCount, i.textChecks.count)...)
        i.cursor = cursor
        i.canvasRange = canvasRange
        i.firstLayerRange = firstLayerRange
        i.latestAnimationEnd = latestAnimationEnd
        i.latestAnimationRange = latestAnimationRange
        i.layerStack = []
        i.libraryCall = nil
        i.callDepth = 0
        i.importDepth = 0
    }
}

/// A layer body being run: the layer and what its body has said so far.
struct LayerContext {
    let layer: LayerRef
    var rows = 1
    var columns = 1
    var tileColor = Color.black
}

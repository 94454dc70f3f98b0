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
    /// Called between steps; return true to stop the run with an error.
    public var isCancelled: () -> Bool = { false }

    /// The built-in names, in a scope around `globals` so that `let red = 5` shadows a
    /// built-in while `red = 5` is refused instead of silently changing it.
    let builtins: Environment
    let globals: Environment
    var environment: Environment
    var steps = 0
    var callDepth = 0
    /// The lowest stack address a script call may start at (see `onLargeStack`); 0 when
    /// not running on the large stack.
    var stackFloor: UInt = 0
    /// Statement-level nesting of functions, to reject `return` outside one.
    var functionDepth = 0
    /// The layer bodies being run, innermost last.
    var layerStack: [LayerContext] = []
    /// Where the canvas was set, if it was.
    var canvasRange: SourceRange?
    /// Where the first layer was declared, if one was.
    var firstLayerRange: SourceRange?
    /// The latest end of every finite animation so far (`wait` jumps here).
    var latestAnimationEnd: Double = 0
    /// The animation that ends last, for errors about the scene's length.
    var latestAnimationRange: SourceRange?
    /// Images already read, by the path the script gave.
    var imageCache: [String: Image] = [:]
    var fontCache: [String: Font] = [:]
    /// The script's view of every layer, indexed by `LayerID.index`.
    var layerRefs: [LayerRef] = []
    /// How many levels tall each layer's subtree (sublayers and masks) is, by
    /// `LayerID.index`: what `checkDepth` adds when a layer becomes a mask.
    var layerHeights: [Int] = []

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
        builtins = Environment(parent: nil)
        Builtins.install(in: builtins)
        globals = Environment(parent: builtins)
        environment = globals
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
        globals.define(name, value)
    }

    /// The names visible at the top level (for completion).
    public var globalNames: Set<String> { globals.visibleNames }

    /// Runs statements at the top level. On error, every change the statements made
    /// (scene, variables, cursor) is undone, so the interpreter stays as it was.
    /// - Throws: `RuntimeError` pointing at the failing node.
    public func run(_ statements: [Stmt]) throws(RuntimeError) {
        // Script calls nest up to `limits.callDepth` deep, each several Swift frames:
        // run on a private large stack so the limits, not the thread, decide.
        try onLargeStack { () throws(RuntimeError) in try self.runOnCurrentStack(statements) }
    }

    private func runOnCurrentStack(_ statements: [Stmt]) throws(RuntimeError) {
        let saved = Snapshot(self)
        do throws(RuntimeError) {
            for statement in statements {
                if case .returned = try execute(statement) {
                    throw RuntimeError("`return` outside a function", at: statement.range)
                }
            }
        } catch {
            saved.restore(into: self)
            throw error
        }
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
        steps &+= 1
        if steps > limits.steps { throw stepLimitError(at: range) }
        if steps & 0xFFF == 0, isCancelled() {
            throw RuntimeError("cancelled", at: range)
        }
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
        guard v.isFinite else { throw RuntimeError("\(what) expects a finite number, got \(v)", at: range) }
        return v
    }
}

/// The state a transactional `run` restores on failure.
struct Snapshot {
    let scene: Scene
    let cursor: Double
    let globals: [String: Value]
    let canvasRange: SourceRange?
    let firstLayerRange: SourceRange?
    let latestAnimationEnd: Double
    let latestAnimationRange: SourceRange?
    let layerRefs: [LayerRef]
    let layerHeights: [Int]

    init(_ i: Interpreter) {
        layerRefs = i.layerRefs
        layerHeights = i.layerHeights
        scene = i.scene
        cursor = i.cursor
        globals = i.globals.values
        canvasRange = i.canvasRange
        firstLayerRange = i.firstLayerRange
        latestAnimationEnd = i.latestAnimationEnd
        latestAnimationRange = i.latestAnimationRange
    }

    func restore(into i: Interpreter) {
        i.scene = scene
        i.cursor = cursor
        i.globals.restore(globals)
        i.canvasRange = canvasRange
        i.firstLayerRange = firstLayerRange
        i.latestAnimationEnd = latestAnimationEnd
        i.latestAnimationRange = latestAnimationRange
        i.layerRefs = layerRefs
        i.layerHeights = layerHeights
        i.environment = i.globals
        i.layerStack = []
        i.callDepth = 0
        i.functionDepth = 0
    }
}

/// A layer body being run: the layer and what its body has said so far.
struct LayerContext {
    let layer: LayerRef
    /// Where the names of layers declared in this body are bound.
    let bindingScope: Environment
    var rows = 1
    var columns = 1
    var tileColor = Color.black
    var maskRange: SourceRange?
}

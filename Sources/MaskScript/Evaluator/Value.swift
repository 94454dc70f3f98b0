import MaskEngine

/// A value of the language at run time.
///
/// The cases larger than two words are `indirect`, so a value fits in three registers:
/// numbers, bools, strings, lists and functions, the values of a tight loop, are copied
/// and returned without touching memory.
public enum Value: Sendable {
    /// A number; the language has no other numeric type.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A string.
    case string(String)
    /// A colour, from a literal, a name or `rgb`/`rgba`/`white`/`hsl`.
    indirect case color(Color)
    /// A list `[a, b, c]`; a 2-list also serves as a point or size, a 4-list as a rectangle.
    case list([Value])
    /// `a..<b` or `a...b`, kept lazy until iterated or indexed.
    indirect case range(Double, Double, inclusive: Bool)
    /// `nil`: no value.
    case `nil`
    /// A layer of the scene being built.
    indirect case layer(LayerRef)
    /// An image, as `image(path)` loads it.
    indirect case image(Image)
    /// A vector path, as the path builders (`oval`, `circle`, `polygon`, ...) make it.
    indirect case path(Path)
    /// A function: a script's `fn` or a built-in.
    case function(Callable)
    /// A deterministic random generator, as `random(seed)` makes it; `.next()` draws a number.
    case generator(RandomGenerator)
    /// A timing curve (`easeIn`, `cubic(...)`, `spring(...)`).
    indirect case easing(Easing)
    /// The top-level `let` and `fn` names of an imported file (`import "lib.mask"`).
    case namespace(Namespace)

    /// The article and name of the value's type, for messages: "a number", "a colour".
    public var typeName: String {
        switch self {
        case .number: return "a number"
        case .bool: return "a bool"
        case .string: return "a string"
        case .color: return "a colour"
        case .list: return "a list"
        case .range: return "a range"
        case .nil: return "nil"
        case .layer: return "a layer"
        case .image: return "an image"
        case .path: return "a path"
        case .function: return "a function"
        case .generator: return "a random generator"
        case .easing: return "an easing"
        case .namespace: return "a namespace"
        }
    }
}

/// A reference to a layer of the scene being built.
public struct LayerRef: Sendable, Equatable {
    /// The engine's id of the layer.
    public let id: LayerID
    /// The kind the layer was declared as.
    public let kind: LayerKeyword
    /// The declared name, if any.
    public let name: String?

    init(id: LayerID, kind: LayerKeyword, name: String?) {
        self.id = id
        self.kind = kind
        self.name = name
    }

    /// A reference to a layer a host built in `scene`, to hand to a script as a global
    /// (`ScriptOptions.globals`) when the script runs on that scene (`ScriptOptions.scene`).
    public init(_ id: LayerID, in scene: Scene) {
        let node = scene.node(id)
        self.init(id: id, kind: LayerKeyword(node.initial.kind), name: node.name)
    }
}

extension LayerKeyword {
    /// The declaration keyword of an engine layer kind.
    init(_ kind: MaskEngine.LayerKind) {
        switch kind {
        case .plain: self = .layer
        case .gradient: self = .gradient
        case .shape: self = .shape
        case .text: self = .text
        case .grid: self = .grid
        }
    }
}

/// A function value: a script closure or a built-in.
public final class Callable: @unchecked Sendable {
    /// What runs when the function is called.
    enum Body {
        /// A compiled script function and the variables its closure captured.
        case script(FunctionCode, ContiguousArray<Box>)
        /// A Swift implementation; `arity` nil takes any number of arguments.
        case builtin(arity: ClosedRange<Int>, @Sendable (Interpreter, [Value], CallSite) throws(RuntimeError) -> Value)
    }

    /// The name for messages.
    let name: String
    let body: Body
    /// A script function's code and captures, also kept outside `body`: a call reads
    /// them through the callable it holds, without copying them out (a copy costs a
    /// retain and a release per call). A built-in has `FunctionCode.native` here.
    let code: FunctionCode
    let captures: ContiguousArray<Box>

    init(name: String, body: Body) {
        self.name = name
        self.body = body
        if case let .script(code, captures) = body {
            self.code = code
            self.captures = captures
        } else {
            code = FunctionCode.native
            captures = []
        }
    }
}

/// A deterministic pseudo-random generator (SplitMix64): the same seed gives the same
/// sequence on every machine.
public final class RandomGenerator: @unchecked Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next number in [0, 1).
    public func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}

/// Where a call happens, so a built-in can point its errors at the right argument.
struct CallSite {
    /// The whole call expression.
    let range: SourceRange
    /// Each argument's expression.
    let argumentRanges: [SourceRange]

    /// The range of argument `i`, or of the whole call when there is no such argument.
    func argument(_ i: Int) -> SourceRange {
        i < argumentRanges.count ? argumentRanges[i] : range
    }
}

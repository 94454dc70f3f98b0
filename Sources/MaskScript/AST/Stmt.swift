/// A statement node: what it is, and the source text it came from.
public struct Stmt: Sendable {
    /// The kind of statement and its children.
    public var kind: Kind
    /// The source text of the whole statement.
    public var range: SourceRange

    /// Creates a statement node.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// Every form a statement takes.
    public indirect enum Kind: Sendable {
        /// An expression evaluated for its effect, such as a call to `print`.
        case expression(Expr)
        /// `let name = value`.
        case letBinding(name: String, nameRange: SourceRange, value: Expr)
        /// `name = value`.
        case assign(name: String, nameRange: SourceRange, value: Expr)
        /// `target.property = value`: an immediate change at the time cursor.
        case setProperty(target: Expr, property: String, propertyRange: SourceRange, value: Expr)
        /// `fn name(a, b) { ... }`.
        case function(FunctionDecl)
        /// `return` or `return value`.
        case returnStatement(Expr?)
        /// `if cond { ... } else { ... }`; an `else if` is an `else` holding one `if`.
        case ifStatement(condition: Expr, then: [Stmt], otherwise: [Stmt]?)
        /// `for name in sequence { ... }`.
        case forLoop(variable: String, variableRange: SourceRange, sequence: Expr, body: [Stmt])
        /// `repeat N { ... }`, `repeat N as i { ... }`, `repeat forever { ... }`.
        case repeatLoop(count: RepeatCount, index: String?, indexRange: SourceRange?, body: [Stmt])
        /// `animate target.prop ...`.
        case animate(AnimateStmt)
        /// `delay D`.
        case delay(Expr)
        /// `wait`.
        case wait
        /// `canvas { ... }`; its body holds `.property` statements.
        case canvas([Stmt])
        /// A layer declaration `KIND [name] { ... }`.
        case layer(LayerDecl)
        /// `name: value` inside a layer or canvas body.
        case property(name: String, nameRange: SourceRange, value: Expr)
        /// `mask ...` inside a layer body.
        case mask(MaskSource)
        /// `import "path.mask" [as name]`, at the top level of a file.
        case importFile(ImportDecl)
    }
}

/// How many times a loop or an animation repeats.
public enum RepeatCount: Sendable {
    /// A counted repeat; the expression must give a whole number (loops) or a number (animations).
    case times(Expr)
    /// `forever`.
    case forever
}

/// What follows `mask` in a layer body.
public enum MaskSource: Sendable {
    /// `mask gradient fade { ... }`: a new layer that becomes the mask.
    case declaration(LayerDecl)
    /// `mask other`: an existing layer (or `nil` to remove the mask).
    case expression(Expr)
}

/// The kinds of layer a declaration can create.
public enum LayerKeyword: String, Sendable, CaseIterable {
    /// `layer`: a plain layer (background, contents and sublayers).
    case layer
    /// `gradient`: a gradient layer (`colors`, `locations`, `start`, `end`, `type`).
    case gradient
    /// `shape`: a shape layer (`path`, `fill`, `stroke`, `lineWidth`, ...).
    case shape
    /// `text`: a text layer (`string`, `font`, `size`, `color`, `align`).
    case text
    /// `grid`: a layer filled with `rows` × `columns` tile layers.
    case grid
}

/// A layer declaration `KIND [name] { body }`.
public struct LayerDecl: Sendable {
    /// The kind keyword.
    public var kind: LayerKeyword
    /// The optional name, bound in the enclosing scope.
    public var name: String?
    /// The source of the name, when there is one.
    public var nameRange: SourceRange?
    /// Properties, nested layers, `mask` and any statements, in order.
    public var body: [Stmt]
    /// The whole declaration.
    public var range: SourceRange

    /// Creates a layer declaration.
    public init(kind: LayerKeyword, name: String?, nameRange: SourceRange?, body: [Stmt], range: SourceRange) {
        self.kind = kind
        self.name = name
        self.nameRange = nameRange
        self.body = body
        self.range = range
    }
}

/// A function declaration, named (`fn f(a) { }`) or anonymous (`fn (a) { }`).
public struct FunctionDecl: Sendable {
    /// The name, or nil for an anonymous function.
    public var name: String?
    /// The parameter names in order.
    public var parameters: [String]
    /// The source of each parameter name.
    public var parameterRanges: [SourceRange]
    /// The statements of the body.
    public var body: [Stmt]
    /// The whole declaration.
    public var range: SourceRange

    /// Creates a function declaration.
    public init(name: String?, parameters: [String], parameterRanges: [SourceRange], body: [Stmt], range: SourceRange) {
        self.name = name
        self.parameters = parameters
        self.parameterRanges = parameterRanges
        self.body = body
        self.range = range
    }
}

/// `animate TARGET.PROP [from V] to V | keys [..] [times [..]] [over D] [delay D] [ease E]
/// [repeat N | repeat forever] [autoreverse] [stagger S [order O]]`.
public struct AnimateStmt: Sendable {
    /// The expression before the last `.`: a layer or a list of layers.
    public var target: Expr
    /// The animated property name.
    public var property: String
    /// The source of the property name.
    public var propertyRange: SourceRange
    /// `from V`.
    public var from: Expr?
    /// `to V`.
    public var to: Expr?
    /// `keys [v0, v1, ...]`.
    public var keys: Expr?
    /// `times [0, 0.3, 1]`.
    public var times: Expr?
    /// `over D`.
    public var duration: Expr?
    /// `delay D`.
    public var delay: Expr?
    /// `ease E`: a name (`easeIn`) or a call (`cubic(...)`, `spring(...)`).
    public var ease: Expr?
    /// `repeat N` or `repeat forever`.
    public var repeatCount: RepeatCount?
    /// `autoreverse`.
    public var autoreverses: Bool
    /// `stagger S`.
    public var stagger: Expr?
    /// `order O`: a name (`index`, `reverse`, `rows`, `diagonal`, `center`) or `random(seed)`.
    public var order: Expr?

    /// Creates an animate statement with every clause given.
    public init(target: Expr, property: String, propertyRange: SourceRange, from: Expr? = nil, to: Expr? = nil,
                keys: Expr? = nil, times: Expr? = nil, duration: Expr? = nil, delay: Expr? = nil,
                ease: Expr? = nil, repeatCount: RepeatCount? = nil, autoreverses: Bool = false,
                stagger: Expr? = nil, order: Expr? = nil) {
        self.target = target
        self.property = property
        self.propertyRange = propertyRange
        self.from = from
        self.to = to
        self.keys = keys
        self.times = times
        self.duration = duration
        self.delay = delay
        self.ease = ease
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.stagger = stagger
        self.order = order
    }
}

import MaskEngine

/// The words of the language an editor offers and explains: colour names, eases, stagger
/// orders, animate clause words, built-in functions and layer properties.
///
/// Everything here is read from the tables the evaluator uses (`Color.named`,
/// `Builtins.functions`, `LayerProperty` and through it the engine's property
/// declarations), so completion cannot drift from what a script may say; only the
/// functions' one-line docs are written out here, from LANGUAGE.md.
public enum LanguageCatalog {
    /// A built-in function: its name, how many arguments it takes, and its signature.
    public struct Function: Sendable, Equatable {
        /// The name scripts call it by.
        public let name: String
        /// The accepted argument counts (`min` and `max` take one or more).
        public let arity: ClosedRange<Int>
        /// The signature with parameter names and result, `circle(cx, cy, r) -> path`.
        public let signature: String
        /// One sentence on what it does.
        public let doc: String
    }

    /// A layer property: its name, what value it takes, its default and one line of doc.
    public struct Property: Sendable, Equatable {
        /// The name, as scripts spell it.
        public let name: String
        /// The value it takes (`colour`, `rectangle [x, y, w, h]`, ...).
        public let type: String
        /// Its value before a script sets it, or nil when it depends on the layer.
        public let defaultValue: String?
        /// True when `animate` may change it; the others change as steps.
        public let isAnimatable: Bool
        /// One sentence on what it does.
        public let doc: String
        /// The bare words it accepts (`gravity: aspectFill`), empty for other properties.
        public let choices: [String]
        /// Its Core Animation counterpart, as the reference writes it (`` `anchorPoint` ``).
        public var coreAnimation = "—"
        /// How it changes: `animates`, `step`, `body only` or `read-only`.
        public var change = "read-only"
        /// True when `defaultValue` is a value a script could write, false for a description.
        public var defaultIsLiteral = false
    }

    /// The named colours (`red`, `lightGray`, ...), sorted.
    public static let colorNames: [String] = Color.named.keys.sorted()

    /// The named eases, sorted; `cubic` and `spring` are functions (`functions`).
    public static let easeNames: [String] = Builtins.easings.keys.sorted()

    /// The stagger orders `order` takes as bare words; `random(seed)` is a call.
    public static let staggerOrders = ["index", "reverse", "rows", "diagonal", "center", "random"]

    /// The clause words of an `animate` statement, in the order Grammar.md gives them.
    public static let animateClauseWords = Parser.animateClauses.flatMap { $0 == "repeat" ? [$0, "forever"] : [$0] }

    /// The settings of `canvas { ... }`.
    public static let canvasSettings = ["size", "fps", "duration", "background"]

    /// Every built-in function, sorted by name, with the arity the evaluator checks.
    public static let functions: [Function] = Builtins.functions.map { name, arity, _ in
        let (signature, doc) = functionDocs[name] ?? ("\(name)(...)", "A built-in function.")
        return Function(name: name, arity: arity, signature: signature, doc: doc)
    }.sorted { $0.name < $1.name }

    /// The built-in function called `name`, if there is one.
    public static func function(named name: String) -> Function? {
        functions.first { $0.name == name }
    }

    /// The property `name` of a layer of `kind`, or nil when that kind has no such property.
    public static func property(named name: String, of kind: LayerKeyword) -> Property? {
        guard let property = LayerProperty(rawValue: name), property.applies(to: kind) else {
            if kind == .grid, name == "tile" {
                return Property(name: "tile", type: "function (column, row) -> layer", defaultValue: nil,
                                isAnimatable: false, doc: "The tile at a column and row of the grid.", choices: [])
            }
            switch name {
            case "addSublayer":
                return Property(name: name, type: "function (layer)", defaultValue: nil, isAnimatable: false,
                                doc: "Moves a layer, with its sublayers, to the end of this layer's sublayers, as a step at the time cursor.",
                                choices: [])
            case "removeFromSuperlayer":
                return Property(name: name, type: "function ()", defaultValue: nil, isAnimatable: false,
                                doc: "Takes this layer, with its sublayers, out of the tree, as a step at the time cursor.",
                                choices: [])
            default:
                return nil
            }
        }
        return Property(name: name, type: property.type, defaultValue: property.defaultValue, isAnimatable: property.isAnimatable,
                        doc: property.doc, choices: property.choices ?? [], coreAnimation: property.coreAnimation,
                        change: property.change.rawValue, defaultIsLiteral: property.defaultIsLiteral)
    }

    // MARK: - Function docs, from LANGUAGE.md sections 2, 5 and 6

    private static let functionDocs: [String: (String, String)] = [
        "min": ("min(a, b, ...) or min(list) -> number", "The smallest of its numbers."),
        "max": ("max(a, b, ...) or max(list) -> number", "The largest of its numbers."),
        "abs": ("abs(x) -> number", "The absolute value."),
        "sqrt": ("sqrt(x) -> number", "The square root."),
        "sin": ("sin(radians) -> number", "The sine of an angle in radians."),
        "cos": ("cos(radians) -> number", "The cosine of an angle in radians."),
        "tan": ("tan(radians) -> number", "The tangent of an angle in radians."),
        "floor": ("floor(x) -> number", "Rounds down to a whole number."),
        "ceil": ("ceil(x) -> number", "Rounds up to a whole number."),
        "round": ("round(x) -> number", "Rounds to the nearest whole number, halves away from zero."),
        "pow": ("pow(base, exponent) -> number", "base raised to the power exponent."),
        "atan2": ("atan2(y, x) -> number", "The angle of the point [x, y] in radians."),
        "clamp": ("clamp(x, low, high) -> number", "x kept within low...high."),
        "lerp": ("lerp(a, b, t) -> number", "The number a fraction t of the way from a to b."),
        "len": ("len(list or string or range) -> number", "How many items, characters or values it has."),
        "print": ("print(values...)", "Writes the values on one line, separated by spaces."),
        "str": ("str(value) -> string", "The value as print writes it."),
        "random": ("random(seed) -> generator", "A seeded random generator; call .next() for numbers in 0..<1."),
        "rect": ("rect(x, y, width, height) -> rectangle", "A rectangle, usable as a frame or a path."),
        "inset": ("inset(rect, dx, dy) -> rectangle", "The rectangle shrunk by dx on the left and right and dy on top and bottom."),
        "image": ("image(path) -> image", "Loads a PNG or PPM file, relative to the script's folder."),
        "rgb": ("rgb(red, green, blue) -> colour", "An opaque colour from components in 0...255."),
        "rgba": ("rgba(red, green, blue, alpha) -> colour", "A colour from components in 0...255 and alpha in 0...1."),
        "white": ("white(w, alpha = 1) -> colour", "A grey of brightness w in 0...1."),
        "hsl": ("hsl(hue, saturation, lightness, alpha = 1) -> colour", "A colour from hue in degrees and the rest in 0...1."),
        "oval": ("oval(rect) -> path", "The ellipse inscribed in a rectangle."),
        "circle": ("circle(cx, cy, r) -> path", "The circle of radius r around [cx, cy]."),
        "roundedRect": ("roundedRect(rect, radius) -> path", "A rectangle with rounded corners."),
        "polygon": ("polygon([[x, y], ...]) -> path", "The closed polygon through at least 2 points."),
        "line": ("line(p0, p1) -> path", "The straight line from p0 to p1."),
        "cubic": ("cubic(x1, y1, x2, y2) -> ease", "A cubic Bézier timing curve, as CAMediaTimingFunction; x1 and x2 in 0...1."),
        "spring": ("spring(damping, stiffness) -> ease", "A spring of mass 1 that settles at the target."),
    ]
}

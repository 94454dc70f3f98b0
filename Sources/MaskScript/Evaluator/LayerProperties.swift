import MaskEngine

/// A layer property as scripts name it: one of the engine's declarations
/// (`PropertyKey.declaration`), or a shorthand of the language.
///
/// `all` is the language's one table. Every engine property is a script property under its
/// own name, except the few `spellings` rename and the parts of `position` and `size`,
/// which scripts reach through the frame shorthands: `x`, `y`, `width`, `height` and
/// `frame` are the frame's parts, as in UIKit (changing `width` keeps the left edge where
/// it is). Type, default, kind of change and doc come from the engine's declaration unless
/// `overrides` gives the language's own words (`contents` also takes a path string).
struct LayerProperty: Hashable, Sendable {
    /// What the name stands for.
    enum Meaning: Hashable, Sendable {
        /// An engine property.
        case engine(PropertyKey)
        /// The frame shorthands.
        case frame, x, y, width, height
        /// A grid's own settings, and its tiles.
        case rows, columns, tiles
    }

    /// How a property changes over time.
    enum Change: String, Sendable {
        case animates, step
        /// Set only in the grid's body (`rows`, `columns`).
        case bodyOnly = "body only"
        case readOnly = "read-only"
    }

    /// What the reference and the editor say about a property; kept apart from the
    /// property (which the evaluator copies on every use) in `documentation`.
    struct Documentation: Sendable {
        var type: String
        var defaultValue: String?
        var defaultIsLiteral: Bool
        var coreAnimation: String
        var doc: String
    }

    /// The name scripts use.
    let name: String
    /// What it stands for.
    let meaning: Meaning
    /// The kinds of layer that have it.
    let kinds: Set<LayerKeyword>
    /// How it changes over time.
    let change: Change

    private var documented: Documentation {
        LayerProperty.documentation[name] ?? Documentation(type: "value", defaultValue: nil, defaultIsLiteral: false, coreAnimation: "—", doc: "")
    }
    /// The value it takes, as the reference writes it.
    var type: String { documented.type }
    /// Its value before a script sets it (`1`), or a description (`from frame`); nil when none.
    var defaultValue: String? { documented.defaultValue }
    /// True when `defaultValue` is a value a script could write (shown in backticks).
    var defaultIsLiteral: Bool { documented.defaultIsLiteral }
    /// Its Core Animation counterpart, as the reference writes it.
    var coreAnimation: String { documented.coreAnimation }
    /// One sentence on what it does.
    var doc: String { documented.doc }

    /// The engine property it sets, when it is one.
    var key: PropertyKey? {
        if case .engine(let key) = meaning { return key }
        return nil
    }

    /// True when `animate` may change it.
    var isAnimatable: Bool { change == .animates }

    /// The kinds that have the property.
    func applies(to kind: LayerKeyword) -> Bool { kinds.contains(kind) }

    /// The choice words a property accepts as bare names (`gravity: aspectFill`).
    var choices: [String]? {
        guard let words = key?.declaration.choices, !words.isEmpty else { return nil }
        return words
    }

    /// The property a script calls `name`.
    init?(rawValue name: String) {
        guard let property = LayerProperty.byName[name] else { return nil }
        self = property
    }

    /// The names a layer of this kind has, in table order, for "did you mean" and completion.
    static func names(for kind: LayerKeyword) -> [String] {
        all.filter { $0.applies(to: kind) }.map(\.name)
    }

    private init(name: String, meaning: Meaning, kinds: Set<LayerKeyword>, change: Change) {
        self.name = name
        self.meaning = meaning
        self.kinds = kinds
        self.change = change
    }

    /// A table entry: the property and its documentation.
    private typealias Entry = (property: LayerProperty, documentation: Documentation)

    private static func entry(_ name: String, _ meaning: Meaning, kinds: Set<LayerKeyword>, type: String, defaultValue: String?,
                              defaultIsLiteral: Bool, change: Change, coreAnimation: String, doc: String) -> Entry {
        (LayerProperty(name: name, meaning: meaning, kinds: kinds, change: change),
         Documentation(type: type, defaultValue: defaultValue, defaultIsLiteral: defaultIsLiteral, coreAnimation: coreAnimation, doc: doc))
    }

    // MARK: - The table

    /// The engine properties scripts name directly, in declaration order.
    private static var engineKeys: [PropertyKey] {
        PropertyKey.allCases.filter { !reachedThroughFrame.contains($0) }
    }

    /// Every property, in the order the reference lists them. Made without the
    /// documentation (`documentation`, built only when the reference, the editor or an
    /// error message asks), so a script that only runs never describes a property.
    static let all: [LayerProperty] = shorthands.map(\.property) + engineKeys.map(LayerProperty.init(engine:)) + grid.map(\.property)

    private static let byName: [String: LayerProperty] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    private static let documentation: [String: Documentation] =
        Dictionary((shorthands + engineKeys.map(LayerProperty.entry(engine:)) + grid).map { ($0.property.name, $0.documentation) },
                   uniquingKeysWith: { a, _ in a })

    private static let everyKind = Set(LayerKeyword.allCases)

    /// The parts of `position` and `size`, which scripts set through `x`, `y`, `width`,
    /// `height` and `frame`.
    private static let reachedThroughFrame: Set<PropertyKey> = [.size, .positionX, .positionY, .width, .height]

    /// Engine properties scripts spell differently.
    private static let spellings: [PropertyKey: String] = [.gradientType: "type", .fontSize: "size", .textColor: "color"]

    /// The language's own words for an engine property: what it accepts beyond the engine's
    /// type, or a default that depends on the layer.
    private struct Override {
        var type: String?
        var defaultValue: String?
        var kinds: Set<LayerKeyword>?
        var coreAnimation: String?
        var doc: String?
    }

    private static let overrides: [PropertyKey: Override] = [
        .position: Override(defaultValue: "from frame"),
        .anchor: Override(type: "unit point [x, y]"),
        .start: Override(type: "unit point [x, y]"),
        .end: Override(type: "unit point [x, y]"),
        .rotation: Override(type: "number (radians)"),
        .contents: Override(type: "image or path string"),
        .z: Override(defaultValue: "declaration order"),
        .path: Override(type: "path or rectangle", defaultValue: "an empty path"),
        .font: Override(type: "family name with optional style words, or a .ttf/.otf/.ttc path (`a.ttc#2`: face 2)",
                        defaultValue: Font.defaultFamily),
        .fontSize: Override(type: "number (pixels)"),
        .shadowOffset: Override(type: "offset [x, y]"),
        .textColor: Override(defaultValue: "white for text, black for a grid", kinds: [.text, .grid],
                             coreAnimation: "`CATextLayer.foregroundColor`; a grid: each tile's `backgroundColor`",
                             doc: "The text's colour, or each grid tile's background."),
    ]

    private static let shorthands: [Entry] = [
        entry("frame", .frame, kinds: everyKind, type: "rectangle [x, y, width, height]",
                      defaultValue: "the parent's bounds", defaultIsLiteral: false, change: .animates, coreAnimation: "`frame` (its size: `bounds`)",
                      doc: "The layer's rectangle in its parent's coordinates."),
        entry("x", .x, kinds: everyKind, type: "number", defaultValue: "from `frame`",
                      defaultIsLiteral: false, change: .animates, coreAnimation: "`frame.origin.x` (`position.x`)",
                      doc: "The left edge of the frame."),
        entry("y", .y, kinds: everyKind, type: "number", defaultValue: "from `frame`",
                      defaultIsLiteral: false, change: .animates, coreAnimation: "`frame.origin.y` (`position.y`)",
                      doc: "The top edge of the frame."),
        entry("width", .width, kinds: everyKind, type: "number", defaultValue: "from `frame`",
                      defaultIsLiteral: false, change: .animates, coreAnimation: "`bounds.size.width`",
                      doc: "The frame's width; changing it keeps the left edge."),
        entry("height", .height, kinds: everyKind, type: "number", defaultValue: "from `frame`",
                      defaultIsLiteral: false, change: .animates, coreAnimation: "`bounds.size.height`",
                      doc: "The frame's height; changing it keeps the top edge."),
    ]

    private static let grid: [Entry] = [
        entry("rows", .rows, kinds: [.grid], type: "whole number ≥ 1", defaultValue: "1",
                      defaultIsLiteral: true, change: .bodyOnly, coreAnimation: "— (the articles' tile count)",
                      doc: "How many rows of tiles the grid has."),
        entry("columns", .columns, kinds: [.grid], type: "whole number ≥ 1", defaultValue: "1",
                      defaultIsLiteral: true, change: .bodyOnly, coreAnimation: "— (the articles' tile count)",
                      doc: "How many columns of tiles the grid has."),
        entry("tiles", .tiles, kinds: [.grid], type: "list of layers (read-only)", defaultValue: nil,
                      defaultIsLiteral: false, change: .readOnly, coreAnimation: "— (the articles' tile views)",
                      doc: "The grid's tiles, in column-major order."),
    ]

    /// An engine property under the language's name, with the kinds and change its
    /// declaration gives (or `overrides`).
    private init(engine key: PropertyKey) {
        let d = key.declaration
        self.init(name: LayerProperty.spellings[key] ?? key.rawValue, meaning: .engine(key),
                  kinds: LayerProperty.overrides[key]?.kinds ?? Set(LayerKeyword.allCases.filter { d.kinds.contains($0.engineKind) }),
                  change: d.isAnimatable ? .animates : .step)
    }

    /// An engine property under the language's name, described from its declaration.
    private static func entry(engine key: PropertyKey) -> Entry {
        let property = LayerProperty(engine: key)
        let d = key.declaration
        let o = LayerProperty.overrides[key] ?? Override()
        var type = d.type.description
        if let clamp = d.clamp, clamp.upperBound.isFinite { type += " \(clamp.lowerBound.shortDescription)...\(clamp.upperBound.shortDescription)" }
        let kinds = property.kinds
        let classPrefix = kinds.count == 1 ? [LayerKeyword.gradient: "CAGradientLayer.", .shape: "CAShapeLayer.", .text: "CATextLayer."][kinds.first ?? .layer] ?? "" : ""
        return (property,
                Documentation(type: o.type ?? type, defaultValue: o.defaultValue ?? LayerProperty.describe(d.defaultValue),
                              defaultIsLiteral: o.defaultValue == nil,
                              coreAnimation: o.coreAnimation ?? (d.isExtension ? "— (extension)" : "`\(classPrefix)\(d.keyPath)`"),
                              doc: o.doc ?? d.doc))
    }

    /// A default as a script would write it: colours by name where they have one.
    private static func describe(_ value: PropertyValue) -> String {
        switch value {
        case .color(let c), .optionalColor(let c?):
            return Color.named.filter { $0.value == c }.map(\.key).sorted().first ?? c.description
        case .string(let s): return "\"\(s)\""
        default: return value.description
        }
    }
}

extension LayerKeyword {
    /// The engine's kind for a declaration keyword.
    var engineKind: MaskEngine.LayerKind {
        switch self {
        case .layer: return .plain
        case .gradient: return .gradient
        case .shape: return .shape
        case .text: return .text
        case .grid: return .grid
        }
    }
}

/// Everything known about one layer property, written once per property in
/// `PropertyKey.declaration`.
///
/// The stored fields of `LayerState` hold the values (the renderer reads them directly, and
/// their initial values are the defaults); the declaration says what the rest of the system
/// needs: how `LayerState.value(for:)` and `set(_:to:)` reach the field, what the value is,
/// whether it interpolates, which kinds of layer have it, and how to document it.
public struct PropertyDeclaration: Sendable {
    /// The property.
    public let key: PropertyKey
    /// Core Animation's key path for it, relative to the layer's class: `position.x`,
    /// `fillColor` (of `CAShapeLayer`); for an extension, its name.
    public let keyPath: String
    /// The type of value it holds.
    public let type: PropertyType
    /// The range a number is clamped to when set (`opacity` 0...1), or nil when it is not.
    public let clamp: ClosedRange<Double>?
    /// True when it interpolates under an animation; false when it changes as a step.
    public let isAnimatable: Bool
    /// The kinds of layer that have it.
    public let kinds: Set<LayerKind>
    /// One sentence on what it does.
    public let doc: String
    /// True for a property Core Animation does not have (`maskMode`); `keyPath` is then
    /// just its name.
    public let isExtension: Bool
    /// The properties that are parts of this one (`positionX` of `position`): a frame
    /// applies them after it, so a change of the whole must drive any that already change.
    public let parts: [PropertyKey]
    let accessor: PropertyAccessor
    private var makeChoice: (@Sendable (String) -> PropertyValue?)?

    /// The value before anything sets it: `LayerState`'s initial value for a kind that has it.
    public var defaultValue: PropertyValue {
        let kind = LayerKind.allCases.first { kinds.contains($0) } ?? .plain
        return accessor.get(LayerState(kind: kind))
    }

    /// The words a choice property takes (`aspectFill`), empty for other types.
    public var choices: [String] {
        if case .choice(let words) = type { return words }
        return []
    }

    /// The value of a choice property for one of its words, or nil when it is not one.
    public func choice(_ word: String) -> PropertyValue? {
        makeChoice?(word)
    }

    /// A declaration; `get` and `set` reach the property's field of `LayerState` (`set`
    /// through the `PropertyCheck` for its type), and must capture nothing.
    init(_ key: PropertyKey, keyPath: String? = nil, _ type: PropertyType, clamp: ClosedRange<Double>? = nil, animates: Bool,
         kinds: Set<LayerKind> = Set(LayerKind.allCases), parts: [PropertyKey] = [], extension isExtension: Bool = false,
         doc: String, get: @escaping @Sendable (LayerState) -> PropertyValue,
         set: @escaping @Sendable (inout LayerState, PropertyValue, PropertyCheck) throws(PropertyError) -> Void) {
        self.key = key
        self.keyPath = keyPath ?? key.rawValue
        self.type = type
        self.clamp = clamp
        self.isAnimatable = animates
        self.kinds = kinds
        self.doc = doc
        self.isExtension = isExtension
        self.parts = parts
        self.accessor = PropertyAccessor(get: get, set: set, check: PropertyCheck(key: key, clamp: clamp))
        self.makeChoice = nil
    }

    /// A declaration of a choice property.
    init<T: PropertyChoice>(_ key: PropertyKey, keyPath: String? = nil, choice: T.Type, animates: Bool,
                            kinds: Set<LayerKind> = Set(LayerKind.allCases), extension isExtension: Bool = false, doc: String,
                            get: @escaping @Sendable (LayerState) -> PropertyValue,
                            set: @escaping @Sendable (inout LayerState, PropertyValue, PropertyCheck) throws(PropertyError) -> Void) {
        self.init(key, keyPath: keyPath, .choice(T.self), animates: animates, kinds: kinds, extension: isExtension, doc: doc,
                  get: get, set: set)
        self.makeChoice = { T(rawValue: $0)?.propertyValue }
    }
}

/// The type of value a property holds, as `PropertyValue` carries it.
public enum PropertyType: Sendable, Equatable, CustomStringConvertible {
    case number, point, size, bool, color, optionalColor, optionalNumbers, colors, path, optionalPath
    case image, string, font, layer, layers
    /// One of a fixed set of words (a gravity, a fill rule, ...).
    case choice([String])

    /// How the type is written in listings: `number`, `point [x, y]`, `colour or nil`.
    public var description: String {
        switch self {
        case .number: return "number"
        case .point: return "point [x, y]"
        case .size: return "size [width, height]"
        case .bool: return "bool"
        case .color: return "colour"
        case .optionalColor: return "colour or nil"
        case .optionalNumbers: return "list of numbers or nil"
        case .colors: return "list of colours"
        case .path: return "path"
        case .optionalPath: return "path or nil"
        case .image: return "image or nil"
        case .string: return "string"
        case .font: return "font"
        case .layer: return "layer or nil"
        case .layers: return "list of layers"
        case .choice(let words): return words.joined(separator: " | ")
        }
    }
}

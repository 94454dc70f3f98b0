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
    case image, string, font, layer
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
        case .choice(let words): return words.joined(separator: " | ")
        }
    }
}

/// How a declaration reads and writes its `LayerState` field: plain closures that capture
/// nothing, so that sampling a frame (one `set` per changing property and layer) costs a
/// call, not a copy of the state or a key path lookup.
struct PropertyAccessor: Sendable {
    let get: @Sendable (LayerState) -> PropertyValue
    let set: @Sendable (inout LayerState, PropertyValue, PropertyCheck) throws(PropertyError) -> Void
    let check: PropertyCheck
}

/// Checks and normalises a value on its way into a property, naming the property in its
/// errors: the building blocks of every declaration's setter.
struct PropertyCheck: Sendable {
    let key: PropertyKey
    /// The range numbers are clamped to (clamped, not rejected, so an overshooting spring
    /// stays drawable).
    let clamp: ClosedRange<Double>?

    private func mismatch(_ expected: String, _ value: PropertyValue) -> PropertyError {
        .typeMismatch(key: key, expected: expected, found: value.typeName)
    }

    /// A finite number, clamped.
    func number(_ value: PropertyValue) throws(PropertyError) -> Double {
        guard case .number(let v) = value else { throw mismatch("a number", value) }
        guard v.isFinite else { throw .invalidValue(key: key, reason: "must be a finite number") }
        guard let clamp else { return v }
        return min(clamp.upperBound, max(clamp.lowerBound, v))
    }

    /// A point of finite coordinates.
    func point(_ value: PropertyValue) throws(PropertyError) -> Point {
        guard case .point(let p) = value else { throw mismatch("a point [x, y]", value) }
        guard p.x.isFinite, p.y.isFinite else { throw .invalidValue(key: key, reason: "must be finite") }
        return p
    }

    /// A size whose sides are finite and not negative.
    func size(_ value: PropertyValue) throws(PropertyError) -> Size {
        guard case .size(let s) = value else { throw mismatch("a size [width, height]", value) }
        guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
            throw .invalidValue(key: key, reason: "width and height must be finite and not negative")
        }
        return s
    }

    func bool(_ value: PropertyValue) throws(PropertyError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch("a bool", value) }
        return b
    }

    func color(_ value: PropertyValue) throws(PropertyError) -> Color {
        switch value {
        case .color(let c), .optionalColor(let c?): return c
        default: throw mismatch("a colour", value)
        }
    }

    func optionalColor(_ value: PropertyValue) throws(PropertyError) -> Color? {
        switch value {
        case .color(let c): return c
        case .optionalColor(let c): return c
        default: throw mismatch("a colour or nil", value)
        }
    }

    /// A list of finite numbers, or nil.
    func optionalNumbers(_ value: PropertyValue) throws(PropertyError) -> [Double]? {
        let numbers: [Double]?
        switch value {
        case .numbers(let n): numbers = n
        case .optionalNumbers(let n): numbers = n
        default: throw mismatch("a list of numbers or nil", value)
        }
        if let numbers, numbers.contains(where: { !$0.isFinite }) {
            throw .invalidValue(key: key, reason: "\(key.rawValue) must be finite numbers")
        }
        return numbers
    }

    func colors(_ value: PropertyValue) throws(PropertyError) -> [Color] {
        guard case .colors(let c) = value else { throw mismatch("a list of colours", value) }
        return c
    }

    func path(_ value: PropertyValue) throws(PropertyError) -> Path {
        guard case .path(let p) = value else { throw mismatch("a path", value) }
        return p
    }

    func optionalPath(_ value: PropertyValue) throws(PropertyError) -> Path? {
        switch value {
        case .path(let p): return p
        case .optionalPath(let p): return p
        default: throw mismatch("a path or nil", value)
        }
    }

    func image(_ value: PropertyValue) throws(PropertyError) -> Image? {
        guard case .image(let i) = value else { throw mismatch("an image or nil", value) }
        return i
    }

    func string(_ value: PropertyValue) throws(PropertyError) -> String {
        guard case .string(let s) = value else { throw mismatch("a string", value) }
        return s
    }

    func font(_ value: PropertyValue) throws(PropertyError) -> Font? {
        guard case .font(let f) = value else { throw mismatch("a font", value) }
        return f
    }

    func layer(_ value: PropertyValue) throws(PropertyError) -> LayerID? {
        guard case .layer(let l) = value else { throw mismatch("a layer or nil", value) }
        return l
    }

    /// One of a choice enum's cases.
    func choice<T: PropertyChoice>(_ value: PropertyValue) throws(PropertyError) -> T {
        guard let c = T(value) else { throw mismatch(T.typeName, value) }
        return c
    }
}

/// A choice type of a property (a gravity, a fill rule, ...), which scripts name by its
/// raw value and `PropertyValue` carries in a case of its own.
protocol PropertyChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The type as messages name it: "a gravity".
    static var typeName: String { get }
    /// The value a property of this type holds.
    var propertyValue: PropertyValue { get }
    /// The choice a value holds, or nil when it holds another type.
    init?(_ value: PropertyValue)
}

extension PropertyType {
    /// The type of a choice property.
    static func choice<T: PropertyChoice>(_: T.Type) -> PropertyType {
        .choice(T.allCases.map(\.rawValue))
    }
}

extension Gravity: PropertyChoice {
    static let typeName = "a gravity"
    var propertyValue: PropertyValue { .gravity(self) }
    init?(_ value: PropertyValue) {
        guard case .gravity(let g) = value else { return nil }
        self = g
    }
}

extension GradientType: PropertyChoice {
    static let typeName = "a gradient type"
    var propertyValue: PropertyValue { .gradientType(self) }
    init?(_ value: PropertyValue) {
        guard case .gradientType(let t) = value else { return nil }
        self = t
    }
}

extension FillRule: PropertyChoice {
    static let typeName = "a fill rule"
    var propertyValue: PropertyValue { .fillRule(self) }
    init?(_ value: PropertyValue) {
        guard case .fillRule(let r) = value else { return nil }
        self = r
    }
}

extension TextAlignment: PropertyChoice {
    static let typeName = "an alignment"
    var propertyValue: PropertyValue { .alignment(self) }
    init?(_ value: PropertyValue) {
        guard case .alignment(let a) = value else { return nil }
        self = a
    }
}

extension MaskMode: PropertyChoice {
    static let typeName = "a mask mode"
    var propertyValue: PropertyValue { .maskMode(self) }
    init?(_ value: PropertyValue) {
        guard case .maskMode(let m) = value else { return nil }
        self = m
    }
}

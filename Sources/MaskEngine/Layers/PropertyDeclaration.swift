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
        accessor.choice?(word)
    }

    init(_ key: PropertyKey, keyPath: String? = nil, _ accessor: PropertyAccessor, animates: Bool,
         kinds: Set<LayerKind> = Set(LayerKind.allCases), parts: [PropertyKey] = [], extension isExtension: Bool = false,
         doc: String) {
        self.key = key
        self.keyPath = keyPath ?? key.rawValue
        self.type = accessor.type
        self.clamp = accessor.clamp
        self.isAnimatable = animates
        self.kinds = kinds
        self.doc = doc
        self.isExtension = isExtension
        self.parts = parts
        self.accessor = accessor
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

/// How a declaration reads and writes its `LayerState` field, checking and normalising
/// values on the way in (`set` throws `PropertyError` naming the key).
struct PropertyAccessor: Sendable {
    let type: PropertyType
    var clamp: ClosedRange<Double>? = nil
    let get: @Sendable (LayerState) -> PropertyValue
    let set: @Sendable (inout LayerState, PropertyValue, PropertyKey) throws(PropertyError) -> Void
    var choice: (@Sendable (String) -> PropertyValue?)? = nil

    private static func mismatch(_ key: PropertyKey, _ expected: String, _ value: PropertyValue) -> PropertyError {
        .typeMismatch(key: key, expected: expected, found: value.typeName)
    }

    /// A finite number, clamped to `range` when there is one (clamped, not rejected, so an
    /// overshooting spring stays drawable).
    static func number(_ field: WritableKeyPath<LayerState, Double> & Sendable, clamp range: ClosedRange<Double>? = nil) -> PropertyAccessor {
        PropertyAccessor(type: .number, clamp: range, get: { .number($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            guard case .number(let v) = value else { throw mismatch(key, "a number", value) }
            guard v.isFinite else { throw .invalidValue(key: key, reason: "must be a finite number") }
            state[keyPath: field] = range.map { min($0.upperBound, max($0.lowerBound, v)) } ?? v
        })
    }

    /// A point of finite coordinates.
    static func point(_ field: WritableKeyPath<LayerState, Point> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .point, get: { .point($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            guard case .point(let p) = value else { throw mismatch(key, "a point [x, y]", value) }
            guard p.x.isFinite, p.y.isFinite else { throw .invalidValue(key: key, reason: "must be finite") }
            state[keyPath: field] = p
        })
    }

    /// A size whose sides are finite and not negative.
    static func size(_ field: WritableKeyPath<LayerState, Size> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .size, get: { .size($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            guard case .size(let s) = value else { throw mismatch(key, "a size [width, height]", value) }
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw .invalidValue(key: key, reason: "width and height must be finite and not negative")
            }
            state[keyPath: field] = s
        })
    }

    static func bool(_ field: WritableKeyPath<LayerState, Bool> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .bool, get: { .bool($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            guard case .bool(let b) = value else { throw mismatch(key, "a bool", value) }
            state[keyPath: field] = b
        })
    }

    static func color(_ field: WritableKeyPath<LayerState, Color> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .color, get: { .color($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            switch value {
            case .color(let c), .optionalColor(let c?): state[keyPath: field] = c
            default: throw mismatch(key, "a colour", value)
            }
        })
    }

    static func optionalColor(_ field: WritableKeyPath<LayerState, Color?> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .optionalColor, get: { .optionalColor($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            switch value {
            case .color(let c): state[keyPath: field] = c
            case .optionalColor(let c): state[keyPath: field] = c
            default: throw mismatch(key, "a colour or nil", value)
            }
        })
    }

    static func optionalNumbers(_ field: WritableKeyPath<LayerState, [Double]?> & Sendable) -> PropertyAccessor {
        PropertyAccessor(type: .optionalNumbers, get: { .optionalNumbers($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            let numbers: [Double]?
            switch value {
            case .numbers(let n): numbers = n
            case .optionalNumbers(let n): numbers = n
            default: throw mismatch(key, "a list of numbers or nil", value)
            }
            if let numbers, numbers.contains(where: { !$0.isFinite }) {
                throw .invalidValue(key: key, reason: "\(key.rawValue) must be finite numbers")
            }
            state[keyPath: field] = numbers
        })
    }

    /// A value whose type alone is checked: `extract` gives it from its `PropertyValue`.
    static func plain<T>(_ type: PropertyType, _ field: WritableKeyPath<LayerState, T> & Sendable, _ expected: String,
                         wrap: @escaping @Sendable (T) -> PropertyValue,
                         extract: @escaping @Sendable (PropertyValue) -> T?) -> PropertyAccessor {
        PropertyAccessor(type: type, get: { wrap($0[keyPath: field]) }, set: { state, value, key throws(PropertyError) in
            guard let v = extract(value) else { throw mismatch(key, expected, value) }
            state[keyPath: field] = v
        })
    }

    /// One of the cases of a choice enum, which scripts name by its raw value.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ field: WritableKeyPath<LayerState, T> & Sendable, _ expected: String,
        wrap: @escaping @Sendable (T) -> PropertyValue, extract: @escaping @Sendable (PropertyValue) -> T?
    ) -> PropertyAccessor where T.RawValue == String {
        var accessor = plain(.choice(T.allCases.map(\.rawValue)), field, expected, wrap: wrap, extract: extract)
        accessor.choice = { T(rawValue: $0).map(wrap) }
        return accessor
    }
}

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

    func layers(_ value: PropertyValue) throws(PropertyError) -> [LayerID] {
        switch value {
        case .layers(let l): return l
        case .layer(let l): return l.map { [$0] } ?? []
        default: throw mismatch("a list of layers", value)
        }
    }

    /// One of a choice enum's cases.
    func choice<T: PropertyChoice>(_ value: PropertyValue) throws(PropertyError) -> T {
        guard let c = T(value) else { throw mismatch(T.typeName, value) }
        return c
    }
}

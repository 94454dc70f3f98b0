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

extension TextTruncation: PropertyChoice {
    static let typeName = "a truncation"
    var propertyValue: PropertyValue { .truncation(self) }
    init?(_ value: PropertyValue) {
        guard case .truncation(let t) = value else { return nil }
        self = t
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

extension MaskCombine: PropertyChoice {
    static let typeName = "a mask combination"
    var propertyValue: PropertyValue { .maskCombine(self) }
    init?(_ value: PropertyValue) {
        guard case .maskCombine(let m) = value else { return nil }
        self = m
    }
}

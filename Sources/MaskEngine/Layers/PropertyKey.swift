/// Every property of a layer that the timeline can change: the engine's own names (Core
/// Animation's model: `position`, bounds `size`, `anchor`). A language may offer
/// shorthands such as `x` or `frame` on top of them.
///
/// Each case is declared once, in `PropertyKey.declaration` (PropertyKey+Declarations.swift):
/// its Core Animation key path, value type, kinds, whether it animates, its doc and how it
/// is read from and written to a `LayerState`. Everything else (setting and sampling,
/// interpolation checks, the language's conversion, completion, the reference tables) reads
/// that declaration. The order of the cases is the order a frame applies changes in, so a
/// component (`positionX`) comes after the whole it is part of (`position`).
public enum PropertyKey: String, Sendable, CaseIterable, Hashable {
    case position, size, positionX, positionY, width, height, anchor
    case opacity, background, cornerRadius, clip, hidden, scale, rotation
    case contents, gravity, z, masks, mask, maskMode, maskInvert
    case maskCombine, feather, expansion
    case borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
    case colors, locations, start, end, gradientType
    case path, fill, stroke, lineWidth, strokeStart, strokeEnd, fillRule
    case string, font, fontSize, textColor, align, wrapped, truncation

    /// The property's declaration.
    public var declaration: PropertyDeclaration {
        PropertyKey.declarations?[index] ?? makeDeclaration()
    }

    /// How the property is read and written: what `LayerState.value(for:)` and `set(_:to:)`
    /// use on every frame, without copying the rest of the declaration.
    var accessor: PropertyAccessor {
        PropertyKey.accessors?[index] ?? makeDeclaration().accessor
    }

    /// The case's position in `allCases`. A payload-free enum is stored as its case's number
    /// in declaration order (the Swift ABI's layout), so this reads that byte instead of
    /// hashing the raw value as a dictionary would (which cost sampling 0.3 µs a change);
    /// the tables below are built only when that holds, which they check once.
    var index: Int { Int(withUnsafeBytes(of: self) { $0[0] }) }

    /// Every declaration in case order, built once; nil if `index` did not match the order.
    private static let declarations: [PropertyDeclaration]? = {
        guard allCases.enumerated().allSatisfy({ $1.index == $0 }) else { return nil }
        return allCases.map { $0.makeDeclaration() }
    }()

    private static let accessors: [PropertyAccessor]? = declarations?.map(\.accessor)

    /// Hashes the case's position rather than its name: timeline tracks are looked up by
    /// key on every frame.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
    }

    /// True when the property can be animated (interpolated); the others change as steps.
    public var isAnimatable: Bool {
        PropertyKey.declarations?[index].isAnimatable ?? makeDeclaration().isAnimatable
    }

    /// The kinds of layer that have this property.
    public func applies(to kind: LayerKind) -> Bool {
        PropertyKey.declarations?[index].kinds.contains(kind) ?? makeDeclaration().kinds.contains(kind)
    }

    /// The property's name as a Core Animation key path, for listings and messages:
    /// `position.x`, `bounds.size.width`, `contentsGravity`.
    public var keyPath: String {
        PropertyKey.declarations?[index].keyPath ?? makeDeclaration().keyPath
    }

    /// The type of value the property holds.
    public var valueType: PropertyType {
        PropertyKey.declarations?[index].type ?? makeDeclaration().type
    }

    /// The properties that are parts of this one (see `PropertyDeclaration.parts`).
    public var parts: [PropertyKey] {
        PropertyKey.declarations?[index].parts ?? makeDeclaration().parts
    }
}

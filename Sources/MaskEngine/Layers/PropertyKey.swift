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
    case contents, gravity, z, mask, maskMode, maskInvert
    case borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
    case colors, locations, start, end, gradientType
    case path, fill, stroke, lineWidth, strokeStart, strokeEnd, fillRule
    case string, font, fontSize, textColor, align

    /// The property's declaration.
    public var declaration: PropertyDeclaration {
        PropertyKey.declarations[self] ?? makeDeclaration()
    }

    /// Every declaration, built once.
    private static let declarations: [PropertyKey: PropertyDeclaration] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeDeclaration()) })

    /// True when the property can be animated (interpolated); the others change as steps.
    public var isAnimatable: Bool { declaration.isAnimatable }

    /// The kinds of layer that have this property.
    public func applies(to kind: LayerKind) -> Bool { declaration.kinds.contains(kind) }

    /// The property's name as a Core Animation key path, for listings and messages:
    /// `position.x`, `bounds.size.width`, `contentsGravity`.
    public var keyPath: String { declaration.keyPath }
}

/// A value a layer property holds, as the timeline stores and interpolates it.
public enum PropertyValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case point(Point)
    case size(Size)
    case bool(Bool)
    case color(Color)
    /// An optional colour (`fill`, `stroke`): nil draws nothing.
    case optionalColor(Color?)
    case numbers([Double])
    /// An optional list of numbers (`locations`): nil spreads evenly.
    case optionalNumbers([Double]?)
    case colors([Color])
    case path(Path)
    case image(Image?)
    case string(String)
    case font(Font)
    case layer(LayerID?)
    case gravity(Gravity)
    case gradientType(GradientType)
    case fillRule(FillRule)
    case alignment(TextAlignment)
    case maskMode(MaskMode)

    /// A short name of the value's type, for error messages ("a number", "a colour").
    public var typeName: String {
        switch self {
        case .number: return "a number"
        case .point: return "a point"
        case .size: return "a size"
        case .bool: return "a bool"
        case .color: return "a colour"
        case .optionalColor(let c): return c == nil ? "nil" : "a colour"
        case .numbers: return "a list of numbers"
        case .optionalNumbers(let n): return n == nil ? "nil" : "a list of numbers"
        case .colors: return "a list of colours"
        case .path: return "a path"
        case .image(let i): return i == nil ? "nil" : "an image"
        case .string: return "a string"
        case .font: return "a font"
        case .layer(let l): return l == nil ? "nil" : "a layer"
        case .gravity: return "a gravity"
        case .gradientType: return "a gradient type"
        case .fillRule: return "a fill rule"
        case .alignment: return "an alignment"
        case .maskMode: return "a mask mode"
        }
    }

    public var description: String {
        switch self {
        case .number(let v): return v.shortDescription
        case .point(let p): return p.description
        case .size(let s): return s.description
        case .bool(let b): return b ? "true" : "false"
        case .color(let c): return c.description
        case .optionalColor(let c): return c?.description ?? "nil"
        case .numbers(let v): return "[" + v.map(\.shortDescription).joined(separator: ", ") + "]"
        case .optionalNumbers(let v):
            return v.map { "[" + $0.map(\.shortDescription).joined(separator: ", ") + "]" } ?? "nil"
        case .colors(let v): return "[" + v.map(\.description).joined(separator: ", ") + "]"
        case .path(let p): return p.description
        case .image(let i): return i.map { "image \($0.width)×\($0.height)" } ?? "nil"
        case .string(let s): return s
        case .font(let f): return f.name
        case .layer(let l): return l?.description ?? "nil"
        case .gravity(let g): return g.rawValue
        case .gradientType(let g): return g.rawValue
        case .fillRule(let f): return f.rawValue
        case .alignment(let a): return a.rawValue
        case .maskMode(let m): return m.rawValue
        }
    }
}

/// A value a layer property holds, as the timeline stores and interpolates it.
public enum PropertyValue: Sendable, Equatable, CustomStringConvertible {
    /// A number: a coordinate, length, fraction, angle in radians, scale or `z`.
    case number(Double)
    /// A point: `position`, `anchor`, `shadowOffset`, or a gradient's `start` or `end`.
    case point(Point)
    /// A size: the bounds `size`.
    case size(Size)
    /// A flag: `clip`, `hidden`, `maskInvert` or `wrapped`.
    case bool(Bool)
    /// A colour: `background`, `borderColor`, `shadowColor` or `textColor` (or a `fill` or
    /// `stroke` that is not nil).
    case color(Color)
    /// An optional colour (`fill`, `stroke`): nil draws nothing.
    case optionalColor(Color?)
    /// A list of numbers: `locations`.
    case numbers([Double])
    /// An optional list of numbers (`locations`): nil spreads evenly.
    case optionalNumbers([Double]?)
    /// A list of colours: a gradient's `colors`.
    case colors([Color])
    /// A vector path: a shape's `path`.
    case path(Path)
    /// An optional path (`shadowPath`): nil uses the layer's alpha.
    case optionalPath(Path?)
    /// The `contents` image, or nil for none.
    case image(Image?)
    /// A string: a text layer's `string`.
    case string(String)
    /// A loaded font face, or nil for the default family (`Font.defaultFamily`): a text
    /// layer's `font`.
    case font(Font?)
    /// A layer of the same scene, or nil: `mask`.
    case layer(LayerID?)
    /// Layers of the same scene, in order: `masks`.
    case layers([LayerID])
    /// A `contents` gravity.
    case gravity(Gravity)
    /// A gradient's type.
    case gradientType(GradientType)
    /// A shape's fill rule.
    case fillRule(FillRule)
    /// A text layer's alignment.
    case alignment(TextAlignment)
    /// What a mask contributes.
    case maskMode(MaskMode)
    /// Where a text layer's too-wide lines are cut.
    case truncation(TextTruncation)
    /// How a mask combines with the masks before it.
    case maskCombine(MaskCombine)

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
        case .optionalPath(let p): return p == nil ? "nil" : "a path"
        case .image(let i): return i == nil ? "nil" : "an image"
        case .string: return "a string"
        case .font: return "a font"
        case .layer(let l): return l == nil ? "nil" : "a layer"
        case .gravity: return "a gravity"
        case .gradientType: return "a gradient type"
        case .fillRule: return "a fill rule"
        case .alignment: return "an alignment"
        case .maskMode: return "a mask mode"
        case .truncation: return "a truncation"
        case .maskCombine: return "a mask combination"
        case .layers: return "a list of layers"
        }
    }

    /// The value as mask script prints it: whole numbers without a decimal point, points
    /// and lists in brackets, colours in hex, a missing value as `nil`.
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
        case .optionalPath(let p): return p?.description ?? "nil"
        case .image(let i): return i.map { "image \($0.width)×\($0.height)" } ?? "nil"
        case .string(let s): return s
        case .font(let f): return f?.name ?? Font.defaultFamily
        case .layer(let l): return l?.description ?? "nil"
        case .gravity(let g): return g.rawValue
        case .gradientType(let g): return g.rawValue
        case .fillRule(let f): return f.rawValue
        case .alignment(let a): return a.rawValue
        case .maskMode(let m): return m.rawValue
        case .truncation(let t): return t.rawValue
        case .maskCombine(let m): return m.rawValue
        case .layers(let l): return "[" + l.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

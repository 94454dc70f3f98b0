/// Every property of a layer that the timeline can change.
///
/// These are the engine's own names (Core Animation's model: `position`, bounds `size`,
/// `anchor`). A language may offer shorthands such as `x` or `frame` on top of them.
public enum PropertyKey: String, Sendable, CaseIterable, Hashable {
    case position, size
    /// Components of `position` and `size` (Core Animation's `position.x`, `bounds.size.width`
    /// key paths), so that x and y, or width and height, animate independently. They are
    /// applied after `position` and `size` when a frame is sampled.
    case positionX, positionY, width, height
    case anchor, opacity, background, cornerRadius, clip, hidden
    case scale, rotation, contents, gravity, z, mask, maskMode, maskInvert
    case colors, locations, start, end, gradientType
    case path, fill, stroke, lineWidth, strokeStart, strokeEnd, fillRule
    case string, font, fontSize, textColor, align

    /// True when the property can be animated (interpolated); the others change as steps.
    public var isAnimatable: Bool {
        switch self {
        case .position, .size, .positionX, .positionY, .width, .height, .anchor, .opacity, .background, .cornerRadius, .scale, .rotation,
             .colors, .locations, .start, .end, .path, .fill, .stroke, .lineWidth,
             .strokeStart, .strokeEnd, .fontSize, .textColor:
            return true
        case .clip, .hidden, .contents, .gravity, .z, .mask, .maskMode, .maskInvert,
             .gradientType, .fillRule, .string, .font, .align:
            return false
        }
    }

    /// The kinds of layer that have this property.
    public func applies(to kind: LayerKind) -> Bool {
        switch self {
        case .colors, .locations, .start, .end, .gradientType: return kind == .gradient
        case .path, .fill, .stroke, .lineWidth, .strokeStart, .strokeEnd, .fillRule: return kind == .shape
        case .string, .font, .fontSize, .textColor, .align: return kind == .text
        default: return true
        }
    }
}

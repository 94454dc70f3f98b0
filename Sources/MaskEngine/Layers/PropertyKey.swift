/// Every property of a layer that the timeline can change.
///
/// These are the engine's own names (Core Animation's model: `position`, bounds `size`,
/// `anchor`). A language may offer shorthands such as `x` or `frame` on top of them.
public enum PropertyKey: String, Sendable, CaseIterable, Hashable {
    /// Where `anchor` sits in the parent's coordinates (`LayerState.position`).
    case position
    /// The size of the bounds (`LayerState.size`).
    case size
    // Components of `position` and `size` (Core Animation's `position.x`, `bounds.size.width`
    // key paths), so that x and y, or width and height, animate independently. They are
    // applied after `position` and `size` when a frame is sampled.
    /// The x of `position` on its own (Core Animation's `position.x`).
    case positionX
    /// The y of `position` on its own (Core Animation's `position.y`).
    case positionY
    /// The width of the bounds on its own (Core Animation's `bounds.size.width`); clamped at 0.
    case width
    /// The height of the bounds on its own (Core Animation's `bounds.size.height`); clamped at 0.
    case height
    /// The unit point of the bounds that sits at `position` (`LayerState.anchor`).
    case anchor
    /// The group opacity, 0...1 (`LayerState.opacity`).
    case opacity
    /// The background colour (`LayerState.background`).
    case background
    /// The corner radius of the background and clip (`LayerState.cornerRadius`).
    case cornerRadius
    /// Whether sublayers and content are clipped to the bounds (`LayerState.clip`).
    case clip
    /// Whether the layer and its sublayers are hidden (`LayerState.hidden`).
    case hidden
    /// The uniform scale about `anchor` (`LayerState.scale`).
    case scale
    /// The rotation about `anchor`, in radians (`LayerState.rotation`).
    case rotation
    /// The contents image (`LayerState.contents`).
    case contents
    /// How the contents image fits the bounds (`LayerState.gravity`).
    case gravity
    /// The drawing order among siblings (`LayerState.z`).
    case z
    /// The mask layer (`LayerState.mask`).
    case mask
    /// Whether the mask contributes alpha or luminance (`LayerState.maskMode`).
    case maskMode
    /// Whether the mask is inverted (`LayerState.maskInvert`).
    case maskInvert
    /// A gradient's colours (`LayerState.colors`).
    case colors
    /// A gradient's colour locations, or nil for evenly spread (`LayerState.locations`).
    case locations
    /// A gradient's start point (`LayerState.start`).
    case start
    /// A gradient's end point (`LayerState.end`).
    case end
    /// A gradient's type: axial, radial or conic (`LayerState.gradientType`).
    case gradientType
    /// A shape's path (`LayerState.path`).
    case path
    /// A shape's fill colour, or nil (`LayerState.fill`).
    case fill
    /// A shape's stroke colour, or nil (`LayerState.stroke`).
    case stroke
    /// A shape's stroke width (`LayerState.lineWidth`).
    case lineWidth
    /// Where a shape's stroke begins along the path (`LayerState.strokeStart`).
    case strokeStart
    /// Where a shape's stroke ends along the path (`LayerState.strokeEnd`).
    case strokeEnd
    /// A shape's fill rule (`LayerState.fillRule`).
    case fillRule
    /// A text layer's string (`LayerState.string`).
    case string
    /// A text layer's font (`LayerState.font`).
    case font
    /// A text layer's font size in pixels (`LayerState.fontSize`).
    case fontSize
    /// A text layer's glyph colour (`LayerState.textColor`).
    case textColor
    /// A text layer's horizontal alignment (`LayerState.align`).
    case align

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

/// How a layer's `contents` image is fitted into its bounds, as `CALayer.contentsGravity`.
public enum Gravity: String, Sendable, CaseIterable {
    /// Stretch to fill the bounds.
    case fill
    /// Scale uniformly to fit inside the bounds, centred.
    case aspectFit
    /// Scale uniformly to cover the bounds, centred, cropped by the bounds.
    case aspectFill
    /// No scaling, centred.
    case center

    /// The rectangle (in the layer's own coordinates) that an image of `imageSize` occupies
    /// inside `bounds` under this gravity. Pure: the gravity maths on its own.
    public func rect(for imageSize: Size, in bounds: Rect) -> Rect {
        let iw = imageSize.width, ih = imageSize.height
        switch self {
        case .fill:
            return bounds
        case .center:
            return Rect(bounds.midX - iw / 2, bounds.midY - ih / 2, iw, ih)
        case .aspectFit, .aspectFill:
            guard iw > 0, ih > 0 else { return Rect(bounds.midX, bounds.midY, 0, 0) }
            let sx = bounds.width / iw, sy = bounds.height / ih
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(bounds.midX - iw * s / 2, bounds.midY - ih * s / 2, iw * s, ih * s)
        }
    }
}

/// How a gradient layer maps its colours onto the plane, as `CAGradientLayerType`.
public enum GradientType: String, Sendable, CaseIterable {
    /// Along the line from `start` to `end`.
    case axial
    /// An ellipse centred on `start` whose radii are the x and y distances to `end`.
    case radial
    /// Around `start`, beginning at the direction of `end`, clockwise.
    case conic
}

/// Which points a path fills.
public enum FillRule: String, Sendable, CaseIterable {
    /// Points whose winding number is not zero.
    case nonzero
    /// Points with an odd number of crossings.
    case evenodd
}

/// Horizontal alignment of text lines in a text layer.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Each line starts at the left edge of the bounds.
    case left
    /// Each line is centred between the left and right edges.
    case center
    /// Each line ends at the right edge of the bounds.
    case right
}

/// Where a text line wider than its layer's bounds is cut with an ellipsis `…`
/// (`CATextLayer.truncationMode`).
public enum TextTruncation: String, Sendable, CaseIterable {
    /// Not cut: the line extends past the bounds.
    case none
    /// The start is cut: "…end of the line".
    case start
    /// The middle is cut: "start…end".
    case middle
    /// The end is cut: "start of the…".
    case end
}

/// What a mask contributes to its owner.
public enum MaskMode: String, Sendable, CaseIterable {
    /// The mask's alpha (Core Animation's behaviour).
    case alpha
    /// The mask's luminance times its alpha (an extension, like SVG luminance masks).
    case luminance
}

/// How one of a layer's several masks combines with the masks before it (LANGUAGE.md
/// section 11, "Several masks per layer"; After Effects' mask modes). With `a` the result
/// so far and `m` this mask's value, both in 0...1: see `MaskCombination`.
public enum MaskCombine: String, Sendable, CaseIterable {
    /// a + m − a·m: either lets through (the only mode of a single mask before version 3).
    case add
    /// a·(1 − m): the mask cuts a hole in what came before.
    case subtract
    /// a·m: only where both let through.
    case intersect
    /// a + m − 2·a·m: where exactly one lets through.
    case difference
    /// max(a, m).
    case lighten
    /// min(a, m).
    case darken

    /// True when the combined result starts at 1 when this is the first mask's mode (so a
    /// lone `subtract` punches a hole); false when it starts at 0.
    public var startsFull: Bool {
        switch self {
        case .add, .difference, .lighten: return false
        case .subtract, .intersect, .darken: return true
        }
    }
}

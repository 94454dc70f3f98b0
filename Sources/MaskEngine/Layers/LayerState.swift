/// Every property of one layer at one moment: the model the renderer draws.
///
/// Geometry follows Core Animation: `position` is where `anchor` (a unit point of the
/// bounds) sits in the parent's coordinates, `size` is the bounds size, and `frame` is
/// derived from the three. `scale` and `rotation` turn the layer about its anchor.
/// Kind-specific properties exist on every state but only the layer's kind draws them.
public struct LayerState: Sendable, Equatable {
    /// What the layer draws.
    public var kind: LayerKind

    /// The point, in the parent's coordinates, where `anchor` sits (Core Animation's `position`).
    public var position = Point.zero
    /// The size of the bounds (Core Animation's `bounds.size`); `set(_:to:)` rejects a
    /// negative side.
    public var size = Size.zero
    /// The unit point of the bounds that sits at `position`; scale and rotation turn about it
    /// (Core Animation's `anchorPoint`).
    public var anchor = Point(0.5, 0.5)
    /// How opaque the layer is, in 0...1 (`set(_:to:)` clamps); it applies to the layer and
    /// its sublayers as one group.
    public var opacity = 1.0
    /// The colour that fills the bounds under the content, rounded by `cornerRadius`
    /// (Core Animation's `backgroundColor`).
    public var background = Color.clear
    /// The radius of the rounded corners of the background and of the `clip` shape
    /// (`set(_:to:)` clamps it at 0); drawn at most half the shorter side.
    public var cornerRadius = 0.0
    /// Clip sublayers (and content) to the bounds, rounded by `cornerRadius`.
    public var clip = false
    /// When true, the layer and its sublayers draw nothing (Core Animation's `isHidden`).
    public var hidden = false
    /// A uniform scale of the layer and its sublayers about `anchor`; 1 leaves it unchanged.
    public var scale = 1.0
    /// A rotation about `anchor`, in radians; positive turns clockwise on screen.
    public var rotation = 0.0
    /// An image drawn over the background, placed in the bounds by `gravity`
    /// (Core Animation's `contents`); nil for none.
    public var contents: Image?
    /// How `contents` is fitted into the bounds (Core Animation's `contentsGravity`).
    public var gravity = Gravity.fill
    /// Drawing order among siblings: higher draws later; ties keep declaration order.
    public var z = 0.0
    /// The layers whose composited alpha (or luminance, see `maskMode`) cut out this layer's
    /// group, laid out in this layer's coordinates, combined in order by each one's
    /// `maskCombine` (several masks per layer, an extension); empty for none.
    public var masks: [LayerID] = []
    /// The first of `masks` (Core Animation's `mask`); setting it replaces the list with
    /// that one layer, or empties it with nil.
    public var mask: LayerID? {
        get { masks.first }
        set { masks = newValue.map { [$0] } ?? [] }
    }
    /// What `mask` contributes: its alpha, or its luminance times its alpha (an extension).
    public var maskMode = MaskMode.alpha
    /// When true, the layer shows where the mask is transparent instead of where it is
    /// opaque (an extension).
    public var maskInvert = false
    /// How this layer, when it is a mask, combines with its owner's masks before it.
    public var maskCombine = MaskCombine.add
    /// When this layer is a mask: how soft its edge is, in the owner's pixels; its value is
    /// blurred by a Gaussian of standard deviation `feather / 2` (`MaskFeather`). 0 (the
    /// default) is a hard edge; `set(_:to:)` clamps at 0.
    public var feather = 0.0
    /// When this layer is a mask: how far its shape is grown (shrunk when negative), in the
    /// owner's pixels, before feathering (`MaskExpansion`).
    public var expansion = 0.0

    // MARK: - Border and shadow
    /// The width of the border drawn inside the bounds, following `cornerRadius`, above the
    /// contents and sublayers (Core Animation's `borderWidth`); 0 draws none.
    public var borderWidth = 0.0
    /// The colour of the border, opaque black by default as in Core Animation.
    public var borderColor = Color.black
    /// The colour of the shadow, opaque black by default as in Core Animation.
    public var shadowColor = Color.black
    /// How opaque the shadow is, in 0...1; 0 (the default) draws none.
    public var shadowOpacity = 0.0
    /// The shadow's blur: the standard deviation, in the layer's coordinates, of the
    /// Gaussian that blurs the layer's alpha (see `GaussianBlur`).
    public var shadowRadius = 3.0
    /// How far the shadow is moved from the layer, in the layer's coordinates; y grows
    /// down, so Core Animation's default (0, −3) puts the shadow 3 above the layer, as on iOS.
    public var shadowOffset = Point(0, -3)
    /// The shape, in the layer's coordinates, whose fill (nonzero) casts the shadow instead
    /// of the layer's composited alpha (Core Animation's `shadowPath`); nil uses the alpha.
    public var shadowPath: Path?

    // MARK: - Gradient
    /// A gradient's colours in order (`CAGradientLayer.colors`); without colours nothing is drawn.
    public var colors: [Color] = []
    /// Where each colour of `colors` sits along the gradient, as fractions; values outside
    /// 0...1 are allowed, and nil spreads the colours evenly.
    public var locations: [Double]?
    /// The unit point where a gradient begins: the start of the axis, or the centre of a
    /// radial or conic gradient.
    public var start = Point(0.5, 0)
    /// The unit point where a gradient ends: the end of the axis, the point whose x and y
    /// distances from `start` are a radial gradient's radii, or the direction a conic
    /// gradient begins at.
    public var end = Point(0.5, 1)
    /// How a gradient maps its colours onto the plane (`CAGradientLayer.type`).
    public var gradientType = GradientType.axial

    // MARK: - Shape
    /// The shape to fill and stroke, in the layer's own coordinates (`CAShapeLayer.path`).
    public var path = Path.empty
    /// The colour that fills `path`, black by default as in Core Animation; nil fills nothing.
    public var fill: Color? = .black
    /// The colour of the line drawn along `path`; nil (the default) draws none.
    public var stroke: Color?
    /// The width of the stroke, in the layer's coordinates, so it scales with the layer
    /// (`set(_:to:)` clamps it at 0).
    public var lineWidth = 1.0
    /// The fraction (0...1, `set(_:to:)` clamps) of the path's length at which the stroke begins.
    public var strokeStart = 0.0
    /// The fraction (0...1, `set(_:to:)` clamps) of the path's length at which the stroke
    /// ends; nothing is stroked unless it is greater than `strokeStart`.
    public var strokeEnd = 1.0
    /// Which points of `path` the fill covers.
    public var fillRule = FillRule.nonzero

    // MARK: - Text
    /// The text to draw; `\n` starts a new line.
    public var string = ""
    /// The font face; nil uses the default family, `Font.defaultFamily`.
    public var font: Font?
    /// The font size in pixels; `set(_:to:)` clamps it to 0.01...4096.
    public var fontSize = 17.0
    /// The colour of the glyphs.
    public var textColor = Color.white
    /// How each line sits horizontally in the bounds; the block of lines is always centred
    /// vertically.
    public var align = TextAlignment.left
    /// Whether lines wider than the bounds wrap (`CATextLayer.isWrapped`).
    public var wrapped = false
    /// Where a line wider than the bounds is cut with an ellipsis.
    public var truncation = TextTruncation.none

    /// A state with Core Animation's defaults for a kind of layer.
    public init(kind: LayerKind) {
        self.kind = kind
    }

    /// The frame: the bounds placed in the parent's coordinates (ignoring scale and rotation).
    public var frame: Rect {
        get {
            Rect(position.x - anchor.x * size.width, position.y - anchor.y * size.height, size.width, size.height)
        }
        set {
            size = newValue.size
            position = Point(newValue.origin.x + anchor.x * newValue.size.width,
                             newValue.origin.y + anchor.y * newValue.size.height)
        }
    }

    /// The bounds in the layer's own coordinates: origin zero, `size`.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The transform from this layer's coordinates to its parent's.
    public var transformToParent: Transform {
        LayerState.transform(position: position, anchor: anchor, size: size, scale: scale, rotation: rotation)
    }

    /// The transform of a layer at `position` turning and scaling about `anchor` of its `size`.
    static func transform(position: Point, anchor: Point, size: Size, scale: Double, rotation: Double) -> Transform {
        Transform.translation(position.x, position.y)
            .concatenating(.rotation(rotation))
            .concatenating(.scale(scale, scale))
            .concatenating(.translation(-anchor.x * size.width, -anchor.y * size.height))
    }

    /// The value of one property.
    public func value(for key: PropertyKey) -> PropertyValue {
        key.accessor.get(self)
    }

    /// Sets one property, normalised as its declaration says (clamped, optional colours).
    /// - Throws: `PropertyError.typeMismatch` when the value is not of the property's type,
    ///   `PropertyError.invalidValue` when it is out of the property's domain.
    public mutating func set(_ key: PropertyKey, to value: PropertyValue) throws(PropertyError) {
        let accessor = key.accessor
        try accessor.set(&self, value, accessor.check)
    }
}

/// Why a property could not be set.
public enum PropertyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value has the wrong type for the property.
    case typeMismatch(key: PropertyKey, expected: String, found: String)
    /// The value has the right type but is out of range.
    case invalidValue(key: PropertyKey, reason: String)
    /// The property does not belong to the layer's kind.
    case notApplicable(key: PropertyKey, kind: LayerKind)
    /// The property changes only as a step and cannot be animated.
    case notAnimatable(key: PropertyKey)

    /// The message for a user, naming the property in backticks.
    public var description: String {
        switch self {
        case let .typeMismatch(key, expected, found): return "`\(key.rawValue)` expects \(expected), got \(found)"
        case let .invalidValue(key, reason): return "`\(key.rawValue)` \(reason)"
        case let .notApplicable(key, kind):
            // A plain layer's kind is spelled "layer": say "a layer", not "a layer layer".
            let layer = kind == .plain ? "a layer" : "a \(kind.rawValue) layer"
            return "\(layer) has no property `\(key.rawValue)`"
        case let .notAnimatable(key): return "`\(key.rawValue)` cannot be animated; set it to change it as a step"
        }
    }
}

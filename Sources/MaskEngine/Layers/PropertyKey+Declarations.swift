// MARK: - The declaration of every property

extension PropertyKey {
    /// The one declaration of each property. To add a property: a case of `PropertyKey`, a
    /// stored field of `LayerState` (whose initial value is the default), and an entry here;
    /// then the drawing code. `get` and `set` capture nothing (see `PropertyAccessor`); `set`
    /// checks the value with the `PropertyCheck` of its type (`c`), which clamps numbers
    /// to `clamp`.
    func makeDeclaration() -> PropertyDeclaration {
        let unbounded = 0...Double.infinity, unit = 0.0...1.0
        switch self {
        // Geometry
        case .position:
            return .init(self, .point, animates: true, parts: [.positionX, .positionY],
                         doc: "Where the anchor sits, in the parent's coordinates.",
                         get: { .point($0.position) }, set: { s, v, c throws(PropertyError) in s.position = try c.point(v) })
        case .size:
            return .init(self, keyPath: "bounds.size", .size, animates: true, parts: [.width, .height], doc: "The size of the bounds.",
                         get: { .size($0.size) }, set: { s, v, c throws(PropertyError) in s.size = try c.size(v) })
        case .positionX:
            return .init(self, keyPath: "position.x", .number, animates: true, doc: "The x of the position on its own.",
                         get: { .number($0.position.x) }, set: { s, v, c throws(PropertyError) in s.position.x = try c.number(v) })
        case .positionY:
            return .init(self, keyPath: "position.y", .number, animates: true, doc: "The y of the position on its own.",
                         get: { .number($0.position.y) }, set: { s, v, c throws(PropertyError) in s.position.y = try c.number(v) })
        // Components clamp rather than throw: a spring may overshoot below zero.
        case .width:
            return .init(self, keyPath: "bounds.size.width", .number, clamp: unbounded, animates: true,
                         doc: "The width of the bounds on its own.",
                         get: { .number($0.size.width) }, set: { s, v, c throws(PropertyError) in s.size.width = try c.number(v) })
        case .height:
            return .init(self, keyPath: "bounds.size.height", .number, clamp: unbounded, animates: true,
                         doc: "The height of the bounds on its own.",
                         get: { .number($0.size.height) }, set: { s, v, c throws(PropertyError) in s.size.height = try c.number(v) })
        case .anchor:
            return .init(self, keyPath: "anchorPoint", .point, animates: true, doc: "The point of the layer that scale and rotation turn about.",
                         get: { .point($0.anchor) }, set: { s, v, c throws(PropertyError) in s.anchor = try c.point(v) })
        // Every layer
        case .opacity:
            return .init(self, .number, clamp: unit, animates: true, doc: "The opacity of the layer and its sublayers, as one group.",
                         get: { .number($0.opacity) }, set: { s, v, c throws(PropertyError) in s.opacity = try c.number(v) })
        case .background:
            return .init(self, keyPath: "backgroundColor", .color, animates: true, doc: "The colour filling the layer's bounds.",
                         get: { .color($0.background) }, set: { s, v, c throws(PropertyError) in s.background = try c.color(v) })
        case .cornerRadius:
            return .init(self, .number, clamp: unbounded, animates: true,
                         doc: "The radius of the corners of the background, the border and the clip.",
                         get: { .number($0.cornerRadius) }, set: { s, v, c throws(PropertyError) in s.cornerRadius = try c.number(v) })
        case .clip:
            return .init(self, keyPath: "masksToBounds", .bool, animates: false, doc: "Clips the sublayers to the layer's bounds.",
                         get: { .bool($0.clip) }, set: { s, v, c throws(PropertyError) in s.clip = try c.bool(v) })
        case .hidden:
            return .init(self, .bool, animates: false, doc: "Hides the layer and its sublayers.",
                         get: { .bool($0.hidden) }, set: { s, v, c throws(PropertyError) in s.hidden = try c.bool(v) })
        case .scale:
            return .init(self, keyPath: "transform.scale", .number, animates: true, doc: "The scale about the anchor.",
                         get: { .number($0.scale) }, set: { s, v, c throws(PropertyError) in s.scale = try c.number(v) })
        case .rotation:
            return .init(self, keyPath: "transform.rotation", .number, animates: true,
                         doc: "The rotation about the anchor; positive turns clockwise on screen.",
                         get: { .number($0.rotation) }, set: { s, v, c throws(PropertyError) in s.rotation = try c.number(v) })
        case .contents:
            return .init(self, .image, animates: false, doc: "An image drawn in the bounds, placed by gravity.",
                         get: { .image($0.contents) }, set: { s, v, c throws(PropertyError) in s.contents = try c.image(v) })
        case .gravity:
            return .init(self, keyPath: "contentsGravity", choice: Gravity.self, animates: false, doc: "How contents fit the bounds.",
                         get: { .gravity($0.gravity) }, set: { s, v, c throws(PropertyError) in s.gravity = try c.choice(v) })
        case .z:
            return .init(self, keyPath: "zPosition", .number, animates: false, doc: "Higher draws later among siblings.",
                         get: { .number($0.z) }, set: { s, v, c throws(PropertyError) in s.z = try c.number(v) })
        case .masks:
            return .init(self, .layers, animates: false, extension: true,
                         doc: "The layers that mask this one, combined in order by each one's `maskCombine`.",
                         get: { .layers($0.masks) }, set: { s, v, c throws(PropertyError) in s.masks = try c.layers(v) })
        case .mask:
            return .init(self, .layer, animates: false, doc: "The layer whose alpha masks this one: the first of `masks`; setting it replaces them.",
                         get: { .layer($0.mask) }, set: { s, v, c throws(PropertyError) in s.mask = try c.layer(v) })
        case .maskMode:
            return .init(self, choice: MaskMode.self, animates: false, extension: true,
                         doc: "What of the mask counts: its alpha, or luminance × alpha.",
                         get: { .maskMode($0.maskMode) }, set: { s, v, c throws(PropertyError) in s.maskMode = try c.choice(v) })
        case .maskInvert:
            return .init(self, .bool, animates: false, extension: true, doc: "Uses 1 − the mask's value, so the mask punches a hole.",
                         get: { .bool($0.maskInvert) }, set: { s, v, c throws(PropertyError) in s.maskInvert = try c.bool(v) })
        // A mask's own (MaskCombination.swift, MaskFeather.swift, MaskExpansion.swift)
        case .maskCombine:
            return .init(self, choice: MaskCombine.self, animates: false, extension: true,
                         doc: "How this layer, as a mask, combines with its owner's masks before it.",
                         get: { .maskCombine($0.maskCombine) }, set: { s, v, c throws(PropertyError) in s.maskCombine = try c.choice(v) })
        case .feather:
            return .init(self, .number, clamp: unbounded, animates: true, extension: true,
                         doc: "As a mask, the softness of its edge: its value blurred by a Gaussian of standard deviation feather / 2.",
                         get: { .number($0.feather) }, set: { s, v, c throws(PropertyError) in s.feather = try c.number(v) })
        case .expansion:
            return .init(self, .number, animates: true, extension: true,
                         doc: "As a mask, how far its shape grows (shrinks when negative) before feathering.",
                         get: { .number($0.expansion) }, set: { s, v, c throws(PropertyError) in s.expansion = try c.number(v) })
        // Border and shadow (Renderer+Border.swift, Renderer+Shadow.swift)
        case .borderWidth:
            return .init(self, .number, clamp: unbounded, animates: true,
                         doc: "The width of the border, drawn inside the bounds above the contents and sublayers.",
                         get: { .number($0.borderWidth) }, set: { s, v, c throws(PropertyError) in s.borderWidth = try c.number(v) })
        case .borderColor:
            return .init(self, .color, animates: true, doc: "The colour of the border.",
                         get: { .color($0.borderColor) }, set: { s, v, c throws(PropertyError) in s.borderColor = try c.color(v) })
        case .shadowColor:
            return .init(self, .color, animates: true, doc: "The colour of the shadow.",
                         get: { .color($0.shadowColor) }, set: { s, v, c throws(PropertyError) in s.shadowColor = try c.color(v) })
        case .shadowOpacity:
            return .init(self, .number, clamp: unit, animates: true, doc: "How opaque the shadow is; 0 draws none.",
                         get: { .number($0.shadowOpacity) }, set: { s, v, c throws(PropertyError) in s.shadowOpacity = try c.number(v) })
        case .shadowRadius:
            return .init(self, .number, clamp: unbounded, animates: true,
                         doc: "The blur of the shadow: a Gaussian whose standard deviation is this radius.",
                         get: { .number($0.shadowRadius) }, set: { s, v, c throws(PropertyError) in s.shadowRadius = try c.number(v) })
        case .shadowOffset:
            return .init(self, .point, animates: true,
                         doc: "How far the shadow is moved; y grows down, so the default puts it 3 above, as on iOS.",
                         get: { .point($0.shadowOffset) }, set: { s, v, c throws(PropertyError) in s.shadowOffset = try c.point(v) })
        case .shadowPath:
            return .init(self, .optionalPath, animates: true,
                         doc: "The shape that casts the shadow, filled nonzero, instead of the layer's alpha; nil uses the alpha.",
                         get: { .optionalPath($0.shadowPath) }, set: { s, v, c throws(PropertyError) in s.shadowPath = try c.optionalPath(v) })
        // Gradient
        case .colors:
            return .init(self, .colors, animates: true, kinds: [.gradient], doc: "The gradient's colours.",
                         get: { .colors($0.colors) }, set: { s, v, c throws(PropertyError) in s.colors = try c.colors(v) })
        case .locations:
            return .init(self, .optionalNumbers, animates: true, kinds: [.gradient], doc: "Where each colour sits, evenly spread when nil.",
                         get: { .optionalNumbers($0.locations) }, set: { s, v, c throws(PropertyError) in s.locations = try c.optionalNumbers(v) })
        case .start:
            return .init(self, keyPath: "startPoint", .point, animates: true, kinds: [.gradient], doc: "Where the gradient starts.",
                         get: { .point($0.start) }, set: { s, v, c throws(PropertyError) in s.start = try c.point(v) })
        case .end:
            return .init(self, keyPath: "endPoint", .point, animates: true, kinds: [.gradient], doc: "Where the gradient ends.",
                         get: { .point($0.end) }, set: { s, v, c throws(PropertyError) in s.end = try c.point(v) })
        case .gradientType:
            return .init(self, keyPath: "type", choice: GradientType.self, animates: false, kinds: [.gradient], doc: "The gradient's shape.",
                         get: { .gradientType($0.gradientType) }, set: { s, v, c throws(PropertyError) in s.gradientType = try c.choice(v) })
        // Shape
        case .path:
            return .init(self, .path, animates: true, kinds: [.shape], doc: "The shape's outline, in the layer's own coordinates.",
                         get: { .path($0.path) }, set: { s, v, c throws(PropertyError) in s.path = try c.path(v) })
        case .fill:
            return .init(self, keyPath: "fillColor", .optionalColor, animates: true, kinds: [.shape], doc: "The colour inside the path.",
                         get: { .optionalColor($0.fill) }, set: { s, v, c throws(PropertyError) in s.fill = try c.optionalColor(v) })
        case .stroke:
            return .init(self, keyPath: "strokeColor", .optionalColor, animates: true, kinds: [.shape], doc: "The colour of the path's outline.",
                         get: { .optionalColor($0.stroke) }, set: { s, v, c throws(PropertyError) in s.stroke = try c.optionalColor(v) })
        case .lineWidth:
            return .init(self, .number, clamp: unbounded, animates: true, kinds: [.shape], doc: "The width of the stroke.",
                         get: { .number($0.lineWidth) }, set: { s, v, c throws(PropertyError) in s.lineWidth = try c.number(v) })
        case .strokeStart:
            return .init(self, .number, clamp: unit, animates: true, kinds: [.shape], doc: "Where along the path the stroke begins.",
                         get: { .number($0.strokeStart) }, set: { s, v, c throws(PropertyError) in s.strokeStart = try c.number(v) })
        case .strokeEnd:
            return .init(self, .number, clamp: unit, animates: true, kinds: [.shape], doc: "Where along the path the stroke ends.",
                         get: { .number($0.strokeEnd) }, set: { s, v, c throws(PropertyError) in s.strokeEnd = try c.number(v) })
        case .fillRule:
            return .init(self, choice: FillRule.self, animates: false, kinds: [.shape], doc: "Which parts of a self-crossing path are inside.",
                         get: { .fillRule($0.fillRule) }, set: { s, v, c throws(PropertyError) in s.fillRule = try c.choice(v) })
        // Text
        case .string:
            return .init(self, .string, animates: false, kinds: [.text], doc: "The text; \\n starts a new line.",
                         get: { .string($0.string) }, set: { s, v, c throws(PropertyError) in s.string = try c.string(v) })
        case .font:
            return .init(self, .font, animates: false, kinds: [.text], doc: "The typeface.",
                         get: { .font($0.font) }, set: { s, v, c throws(PropertyError) in s.font = try c.font(v) })
        case .fontSize:
            // Clamped, not rejected, so an overshooting spring stays drawable.
            return .init(self, .number, clamp: 0.01...4096, animates: true, kinds: [.text], doc: "The font size; above 0 and at most 4096.",
                         get: { .number($0.fontSize) }, set: { s, v, c throws(PropertyError) in s.fontSize = try c.number(v) })
        case .textColor:
            return .init(self, keyPath: "foregroundColor", .color, animates: true, kinds: [.text], doc: "The text's colour.",
                         get: { .color($0.textColor) }, set: { s, v, c throws(PropertyError) in s.textColor = try c.color(v) })
        case .align:
            return .init(self, keyPath: "alignmentMode", choice: TextAlignment.self, animates: false, kinds: [.text],
                         doc: "How lines are aligned in the bounds.",
                         get: { .alignment($0.align) }, set: { s, v, c throws(PropertyError) in s.align = try c.choice(v) })
        case .wrapped:
            return .init(self, keyPath: "isWrapped", .bool, animates: false, kinds: [.text],
                         doc: "Whether lines wider than the bounds break at line-break opportunities.",
                         get: { .bool($0.wrapped) }, set: { s, v, c throws(PropertyError) in s.wrapped = try c.bool(v) })
        case .truncation:
            return .init(self, keyPath: "truncationMode", choice: TextTruncation.self, animates: false, kinds: [.text],
                         doc: "Where a line wider than the bounds is cut with an ellipsis.",
                         get: { .truncation($0.truncation) }, set: { s, v, c throws(PropertyError) in s.truncation = try c.choice(v) })
        }
    }
}

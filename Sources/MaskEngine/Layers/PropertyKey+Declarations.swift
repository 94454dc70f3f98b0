// MARK: - The declaration of every property

extension PropertyKey {
    /// The one declaration of each property. To add a property: a case of `PropertyKey`, a
    /// stored field of `LayerState` (whose initial value is the default), and an entry here;
    /// then the drawing code.
    func makeDeclaration() -> PropertyDeclaration {
        let unbounded = 0...Double.infinity, unit = 0.0...1.0
        switch self {
        // Geometry
        case .position:
            return .init(self, .point(\.position), animates: true, parts: [.positionX, .positionY],
                         doc: "Where the anchor sits, in the parent's coordinates.")
        case .size:
            return .init(self, keyPath: "bounds.size", .size(\.size), animates: true, parts: [.width, .height],
                         doc: "The size of the bounds.")
        case .positionX:
            return .init(self, keyPath: "position.x", .number(\.position.x), animates: true, doc: "The x of the position on its own.")
        case .positionY:
            return .init(self, keyPath: "position.y", .number(\.position.y), animates: true, doc: "The y of the position on its own.")
        // Components clamp rather than throw: a spring may overshoot below zero.
        case .width:
            return .init(self, keyPath: "bounds.size.width", .number(\.size.width, clamp: unbounded), animates: true,
                         doc: "The width of the bounds on its own.")
        case .height:
            return .init(self, keyPath: "bounds.size.height", .number(\.size.height, clamp: unbounded), animates: true,
                         doc: "The height of the bounds on its own.")
        case .anchor:
            return .init(self, keyPath: "anchorPoint", .point(\.anchor), animates: true,
                         doc: "The point of the layer that scale and rotation turn about.")
        // Every layer
        case .opacity:
            return .init(self, .number(\.opacity, clamp: unit), animates: true,
                         doc: "The opacity of the layer and its sublayers, as one group.")
        case .background:
            return .init(self, keyPath: "backgroundColor", .color(\.background), animates: true,
                         doc: "The colour filling the layer's bounds.")
        case .cornerRadius:
            return .init(self, .number(\.cornerRadius, clamp: unbounded), animates: true,
                         doc: "The radius of the corners of the background, the border and the clip.")
        case .clip:
            return .init(self, keyPath: "masksToBounds", .bool(\.clip), animates: false, doc: "Clips the sublayers to the layer's bounds.")
        case .hidden:
            return .init(self, .bool(\.hidden), animates: false, doc: "Hides the layer and its sublayers.")
        case .scale:
            return .init(self, keyPath: "transform.scale", .number(\.scale), animates: true, doc: "The scale about the anchor.")
        case .rotation:
            return .init(self, keyPath: "transform.rotation", .number(\.rotation), animates: true,
                         doc: "The rotation about the anchor; positive turns clockwise on screen.")
        case .contents:
            return .init(self, .plain(.image, \.contents, "an image or nil", wrap: { .image($0) }, extract: {
                if case .image(let i) = $0 { return .some(i) } else { return nil }
            }), animates: false, doc: "An image drawn in the bounds, placed by gravity.")
        case .gravity:
            return .init(self, keyPath: "contentsGravity", .choice(\.gravity, "a gravity", wrap: { .gravity($0) }, extract: {
                if case .gravity(let g) = $0 { return g } else { return nil }
            }), animates: false, doc: "How contents fit the bounds.")
        case .z:
            return .init(self, keyPath: "zPosition", .number(\.z), animates: false, doc: "Higher draws later among siblings.")
        case .mask:
            return .init(self, .plain(.layer, \.mask, "a layer or nil", wrap: { .layer($0) }, extract: {
                if case .layer(let l) = $0 { return .some(l) } else { return nil }
            }), animates: false, doc: "The layer whose alpha masks this one.")
        case .maskMode:
            return .init(self, .choice(\.maskMode, "a mask mode", wrap: { .maskMode($0) }, extract: {
                if case .maskMode(let m) = $0 { return m } else { return nil }
            }), animates: false, extension: true, doc: "What of the mask counts: its alpha, or luminance × alpha.")
        case .maskInvert:
            return .init(self, .bool(\.maskInvert), animates: false, extension: true,
                         doc: "Uses 1 − the mask's value, so the mask punches a hole.")
        // Border and shadow (Renderer+Border.swift, Renderer+Shadow.swift)
        case .borderWidth:
            return .init(self, .number(\.borderWidth, clamp: unbounded), animates: true,
                         doc: "The width of the border, drawn inside the bounds above the contents and sublayers.")
        case .borderColor:
            return .init(self, .color(\.borderColor), animates: true, doc: "The colour of the border.")
        case .shadowColor:
            return .init(self, .color(\.shadowColor), animates: true, doc: "The colour of the shadow.")
        case .shadowOpacity:
            return .init(self, .number(\.shadowOpacity, clamp: unit), animates: true,
                         doc: "How opaque the shadow is; 0 draws none.")
        case .shadowRadius:
            return .init(self, .number(\.shadowRadius, clamp: unbounded), animates: true,
                         doc: "The blur of the shadow: a Gaussian whose standard deviation is this radius.")
        case .shadowOffset:
            return .init(self, .point(\.shadowOffset), animates: true,
                         doc: "How far the shadow is moved; y grows down, so the default puts it 3 above, as on iOS.")
        case .shadowPath:
            return .init(self, .plain(.optionalPath, \.shadowPath, "a path or nil", wrap: { .optionalPath($0) }, extract: {
                switch $0 {
                case .path(let p): return .some(p)
                case .optionalPath(let p): return .some(p)
                default: return nil
                }
            }), animates: true, doc: "The shape that casts the shadow, filled nonzero, instead of the layer's alpha; nil uses the alpha.")
        // Gradient
        case .colors:
            return .init(self, .plain(.colors, \.colors, "a list of colours", wrap: { .colors($0) }, extract: {
                if case .colors(let c) = $0 { return c } else { return nil }
            }), animates: true, kinds: [.gradient], doc: "The gradient's colours.")
        case .locations:
            return .init(self, .optionalNumbers(\.locations), animates: true, kinds: [.gradient],
                         doc: "Where each colour sits, evenly spread when nil.")
        case .start:
            return .init(self, keyPath: "startPoint", .point(\.start), animates: true, kinds: [.gradient],
                         doc: "Where the gradient starts.")
        case .end:
            return .init(self, keyPath: "endPoint", .point(\.end), animates: true, kinds: [.gradient], doc: "Where the gradient ends.")
        case .gradientType:
            return .init(self, keyPath: "type", .choice(\.gradientType, "a gradient type", wrap: { .gradientType($0) }, extract: {
                if case .gradientType(let t) = $0 { return t } else { return nil }
            }), animates: false, kinds: [.gradient], doc: "The gradient's shape.")
        // Shape
        case .path:
            return .init(self, .plain(.path, \.path, "a path", wrap: { .path($0) }, extract: {
                if case .path(let p) = $0 { return p } else { return nil }
            }), animates: true, kinds: [.shape], doc: "The shape's outline, in the layer's own coordinates.")
        case .fill:
            return .init(self, keyPath: "fillColor", .optionalColor(\.fill), animates: true, kinds: [.shape],
                         doc: "The colour inside the path.")
        case .stroke:
            return .init(self, keyPath: "strokeColor", .optionalColor(\.stroke), animates: true, kinds: [.shape],
                         doc: "The colour of the path's outline.")
        case .lineWidth:
            return .init(self, .number(\.lineWidth, clamp: unbounded), animates: true, kinds: [.shape], doc: "The width of the stroke.")
        case .strokeStart:
            return .init(self, .number(\.strokeStart, clamp: unit), animates: true, kinds: [.shape],
                         doc: "Where along the path the stroke begins.")
        case .strokeEnd:
            return .init(self, .number(\.strokeEnd, clamp: unit), animates: true, kinds: [.shape],
                         doc: "Where along the path the stroke ends.")
        case .fillRule:
            return .init(self, .choice(\.fillRule, "a fill rule", wrap: { .fillRule($0) }, extract: {
                if case .fillRule(let r) = $0 { return r } else { return nil }
            }), animates: false, kinds: [.shape], doc: "Which parts of a self-crossing path are inside.")
        // Text
        case .string:
            return .init(self, .plain(.string, \.string, "a string", wrap: { .string($0) }, extract: {
                if case .string(let s) = $0 { return s } else { return nil }
            }), animates: false, kinds: [.text], doc: "The text; \\n starts a new line.")
        case .font:
            return .init(self, .plain(.font, \.font, "a font", wrap: { .font($0) }, extract: {
                if case .font(let f) = $0 { return .some(f) } else { return nil }
            }), animates: false, kinds: [.text], doc: "The typeface.")
        case .fontSize:
            // Clamped, not rejected, so an overshooting spring stays drawable.
            return .init(self, .number(\.fontSize, clamp: 0.01...4096), animates: true, kinds: [.text], doc: "The font size; above 0 and at most 4096.")
        case .textColor:
            return .init(self, keyPath: "foregroundColor", .color(\.textColor), animates: true, kinds: [.text],
                         doc: "The text's colour.")
        case .align:
            return .init(self, keyPath: "alignmentMode", .choice(\.align, "an alignment", wrap: { .alignment($0) }, extract: {
                if case .alignment(let a) = $0 { return a } else { return nil }
            }), animates: false, kinds: [.text], doc: "How lines are aligned in the bounds.")
        }
    }
}

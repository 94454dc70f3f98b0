import Synchronization

/// Lays out a text layer's string as glyph outlines and colour glyphs in the layer's
/// coordinates.
///
/// The model is `CATextLayer`: `\n` starts a new line (a `\r` before it is ignored); with
/// `wrapped` a line wider than the bounds breaks at line-break opportunities
/// (`LineBreaking`); with `truncation` a line still wider than the bounds is cut with an
/// ellipsis. Each line is shaped (`TextShaper`), aligned left, centred or right within the
/// bounds' width (`left` is left whatever the text's direction), and the block of lines is
/// centred vertically in the bounds. Each line is as tall as the tallest font it uses, as
/// in Pango: its baseline lies the largest ascender of its glyphs' fonts below its top,
/// and the next line starts the largest descender plus line gap below the baseline (an
/// empty line takes the layer's font's); a line of Latin with a CJK fallback character is
/// taller than one of Latin alone. Text wider
/// or taller than the bounds extends past them; clipping is the layer's business.
///
/// Shaping is the costly part, so a layout is kept per string, font, size and (when it
/// wraps or truncates) width, and frames that only move, recolour or mask the text reuse it.
enum TextLayout {
    /// A part of a colour glyph placed in the layer's coordinates, in drawing order.
    enum ColorPart: Sendable {
        /// A bitmap glyph (emoji).
        case bitmap(PlacedColorGlyph)
        /// A COLR layer: an outline filled with one colour (the text's colour for palette
        /// index 0xFFFF).
        case layer(Path, Color)
    }

    /// A colour bitmap glyph placed in the layer's coordinates.
    struct PlacedColorGlyph: Sendable {
        /// The bitmap at its font's strike size.
        let image: Image
        /// Where it is drawn.
        let rect: Rect
        /// The glyph's font and index: with the drawn size, what identifies a scaled copy.
        let font: Font
        let glyph: UInt32
    }

    /// The box holding every pixel the state's text draws (glyph outlines' control points
    /// and colour glyphs' rectangles), or nil when it draws nothing.
    static func bounds(for state: LayerState) throws -> Rect? {
        var box = try path(for: state).controlBounds
        for part in try colorGlyphs(for: state) {
            let rect: Rect?
            switch part {
            case .bitmap(let glyph): rect = glyph.rect
            case .layer(let path, _): rect = path.controlBounds
            }
            if let rect { box = box?.union(rect) ?? rect }
        }
        return box
    }

    /// The outlines of the state's string, in its font (or the default font) at its font
    /// size, placed in its bounds; an empty path for an empty string. Glyphs drawn in
    /// colour are not in it (`colorGlyphs(for:)`).
    /// - Parameter visible: when given (in the layer's coordinates), glyphs that cannot
    ///   reach it are left out: a 100,000-character string on a small canvas costs the
    ///   glyphs that show, not every outline.
    /// - Throws: `FontError` when the default font is needed but missing, or FreeType fails.
    static func path(for state: LayerState, visible: Rect? = nil) throws -> Path {
        try outlines(for: state, visible: visible).path(visible: nil)
    }

    /// Every outline glyph of a state's string placed in its bounds, each with where it
    /// lies: `path(for:visible:)` for any `visible`, without FreeType, the font's lock or
    /// the shared layouts (`TextLayoutMemo` keeps one per text for its render thread).
    struct PlacedOutlines: Sendable {
        /// One glyph's elements and the reach `forEachGlyph` tests against `visible`.
        struct Glyph: Sendable {
            let elements: Range<Int>
            let x: Double, baseline: Double, margin: Double
        }
        let elements: [Path.Element]
        let glyphs: [Glyph]
        let structure: String

        /// `path(for:visible:)`: the glyphs that can reach `visible` (all with nil), in order.
        func path(visible: Rect?) -> Path {
            guard let visible else {
                return elements.isEmpty ? .empty : Path(elements: elements, structure: structure)
            }
            var kept: [Path.Element] = []
            for glyph in glyphs {
                let m = glyph.margin
                if glyph.baseline + m < visible.minY || glyph.baseline - m > visible.maxY
                    || glyph.x + m < visible.minX || glyph.x - m > visible.maxX { continue }
                kept.append(contentsOf: elements[glyph.elements])
            }
            return kept.isEmpty ? .empty : Path(elements: kept, structure: structure)
        }
    }

    /// The state's outline glyphs that can reach `visible` (all with nil), placed.
    /// - Throws: as `path(for:visible:)`.
    static func outlines(for state: LayerState, visible: Rect? = nil) throws -> PlacedOutlines {
        var elements: [Path.Element] = []
        var glyphs: [PlacedOutlines.Glyph] = []
        try forEachGlyph(of: state, visible: visible) { glyph, x, baseline, margin in
            guard !glyph.inColor else { return }
            let start = elements.count
            try place(glyph.font.outline(of: glyph.glyph), x: x, y: baseline + glyph.y, scale: glyph.scale, into: &elements)
            glyphs.append(PlacedOutlines.Glyph(elements: start..<elements.count, x: x, baseline: baseline, margin: margin))
        }
        return PlacedOutlines(elements: elements, glyphs: glyphs, structure: "text \"\(state.string.prefix(24))\"")
    }

    /// Appends an outline in font units, scaled by `scale` with its origin at (x, y).
    private static func place(_ outline: GlyphOutline, x: Double, y: Double, scale: Double, into elements: inout [Path.Element]) {
        func place(_ p: Point) -> Point { Point(x + p.x * scale, y + p.y * scale) }
        for element in outline.elements {
            switch element {
            case let .move(p): elements.append(.move(place(p)))
            case let .line(p): elements.append(.line(place(p)))
            case let .quad(c, p): elements.append(.quad(place(c), place(p)))
            case let .cubic(c1, c2, p): elements.append(.cubic(place(c1), place(c2), place(p)))
            case .close: elements.append(.close)
            }
        }
    }

    /// The colour glyphs of the state's string (emoji bitmaps, and COLR layers with their
    /// colours resolved against the state's text colour), placed like `path(for:)`'s
    /// outlines, in drawing order.
    static func colorGlyphs(for state: LayerState, visible: Rect? = nil) throws -> [ColorPart] {
        var placed: [ColorPart] = []
        try forEachGlyph(of: state, visible: visible) { glyph, x, baseline, _ in
            guard glyph.inColor, let color = glyph.font.colorGlyph(glyph.glyph) else { return }
            let s = glyph.scale, y = baseline + glyph.y
            switch color {
            case let .bitmap(image, r):
                placed.append(.bitmap(PlacedColorGlyph(image: image, rect: Rect(x + r.minX * s, y + r.minY * s, r.width * s, r.height * s),
                                                       font: glyph.font, glyph: glyph.glyph)))
            case .layers(let layers):
                for layer in layers {
                    var elements: [Path.Element] = []
                    place(try glyph.font.outline(of: layer.glyph), x: x, y: y, scale: s, into: &elements)
                    guard !elements.isEmpty else { continue }
                    placed.append(.layer(Path(elements: elements, structure: "colour glyph layer"), layer.color ?? state.textColor))
                }
            case .paintGraph:
                break
            }
        }
        return placed
    }

    /// True when the state's text has colour glyphs (emoji bitmaps or COLR layers), drawn
    /// in their own colours, not as outlines in the text colour.
    static func hasColorGlyphs(_ state: LayerState) -> Bool {
        guard !state.string.isEmpty, let layout = try? layout(of: state) else { return false }
        return layout.hasColorGlyphs
    }

    /// The size of the state's laid-out text block: the widest line's advance width by
    /// the number of lines times the line height.
    static func measure(_ state: LayerState) throws -> Size {
        try layout(of: state).size
    }

    /// The size of a string's text block in a font at a size in pixels (zero when empty),
    /// neither wrapped nor truncated.
    static func measure(_ string: String, font: Font, fontSize: Double) throws -> Size {
        try Layout.kept(Layout.Key(string: string, font: font, fontSize: fontSize, width: nil, truncation: .none)).size
    }

    private static func layout(of state: LayerState) throws -> Layout {
        let font = try state.font ?? Font.defaultFont()
        let width = state.wrapped || state.truncation != .none ? state.size.width : nil
        return try Layout.kept(Layout.Key(string: state.string, font: font, fontSize: state.fontSize,
                                          width: width, wrapped: state.wrapped, truncation: state.truncation))
    }

    /// Calls `body` with each glyph that can reach `visible`, its origin's x, its line's
    /// baseline, in the layer's coordinates, and how far from its origin it is taken to reach.
    private static func forEachGlyph(of state: LayerState, visible: Rect?,
                                     _ body: (ShapedGlyph, Double, Double, Double) throws -> Void) throws {
        let layout = try layout(of: state)
        guard !layout.lines.isEmpty else { return }
        var lineTop = (state.size.height - layout.size.height) / 2
        for line in layout.lines {
            defer { lineTop += line.height }
            let left = switch state.align {
            case .left: 0.0
            case .center: (state.size.width - line.width) / 2
            case .right: state.size.width - line.width
            }
            let baseline = lineTop + line.ascent
            // A glyph lies within about an em of its origin; allow two line heights.
            let margin = 2 * line.height
            if let visible, baseline + margin < visible.minY || baseline - margin > visible.maxY { continue }
            for glyph in line.glyphs {
                let x = left + glyph.x
                if let visible, x + margin < visible.minX || x - margin > visible.maxX { continue }
                try body(glyph, x, baseline, margin)
            }
        }
    }
}

/// A string shaped into lines of positioned glyphs.
private struct Layout: Sendable {
    /// What a layout depends on. The font is held, so its identity cannot be reused while
    /// the layout is kept.
    struct Key: Hashable, Sendable {
        let string: String
        let font: Font
        let fontSize: Double
        /// The bounds' width when lines wrap or truncate; nil when the width cannot matter.
        let width: Double?
        var wrapped = false
        let truncation: TextTruncation

        func hash(into hasher: inout Hasher) {
            hasher.combine(string)
            hasher.combine(ObjectIdentifier(font))
            hasher.combine(fontSize)
            hasher.combine(width)
            hasher.combine(wrapped)
            hasher.combine(truncation)
        }
    }

    let lines: [ShapedLine]
    /// The block's size in pixels.
    let size: Size
    /// True when a glyph is drawn in colour.
    let hasColorGlyphs: Bool

    /// Layouts kept for reuse, and how many glyphs they hold together; emptied when it
    /// reaches `capacity` layouts or `glyphCapacity` glyphs (about 40 MB).
    private static let store = Mutex<(layouts: [Key: Layout], glyphs: Int)>(([:], 0))
    static let capacity = 256, glyphCapacity = 1 << 20

    /// The layout for `key`, shaped on first use and kept.
    static func kept(_ key: Key) throws -> Layout {
        if let layout = store.withLock({ $0.layouts[key] }) { return layout }
        let layout = try Layout(key)
        let glyphs = layout.lines.reduce(0) { $0 + $1.glyphs.count }
        store.withLock { kept in
            if kept.layouts.count >= capacity || kept.glyphs + glyphs > glyphCapacity {
                kept.layouts.removeAll(keepingCapacity: true)
                kept.glyphs = 0
            }
            kept.layouts[key] = layout
            kept.glyphs += glyphs
        }
        return layout
    }

    private init(_ key: Key) throws {
        let fontSize = key.fontSize
        guard fontSize.isFinite, fontSize > 0, !key.string.isEmpty else {
            lines = []
            size = .zero
            hasColorGlyphs = false
            return
        }
        var lines: [ShapedLine] = []
        for paragraph in key.string.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = Array(paragraph.filter { $0.properties.generalCategory != .control })
            let shaped = try TextShaper.shape(text, font: key.font, fontSize: fontSize)
            guard let width = key.width, shaped.width > width else {
                lines.append(shaped)
                continue
            }
            let ranges = key.wrapped ? LineBreaking.wrap(text, advances: shaped.advances, width: width) : [0..<text.count]
            for range in ranges {
                let piece = Array(text[range])
                var line = key.wrapped ? try TextShaper.shape(piece, font: key.font, fontSize: fontSize) : shaped
                if key.truncation != .none, line.width > width {
                    let ellipsis = try TextShaper.shape(["\u{2026}"], font: key.font, fontSize: fontSize).width
                    let cut = LineBreaking.truncate(piece, advances: line.advances, width: width, ellipsis: ellipsis,
                                                    mode: key.truncation)
                    line = try TextShaper.shape(cut, font: key.font, fontSize: fontSize)
                }
                lines.append(line)
            }
        }
        self.lines = lines
        hasColorGlyphs = lines.contains { $0.glyphs.contains(where: \.inColor) }
        let widest = lines.map(\.width).max() ?? 0
        size = Size(widest, lines.reduce(0) { $0 + $1.height })
    }
}

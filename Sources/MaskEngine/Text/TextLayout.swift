/// Lays out a text layer's string as glyph outlines in the layer's coordinates.
///
/// The model is a `UILabel` with unlimited lines and no wrapping: `\n` starts a new line
/// (a `\r` before it is ignored), each line is aligned left, centred or right within the
/// bounds' width, and the block of lines is centred vertically in the bounds. Lines are
/// `lineHeight` apart (ascender − descender + line gap, scaled to the font size) and the
/// first baseline lies one ascender below the top of the block. Text wider or taller
/// than the bounds extends past them; clipping is the layer's business.
enum TextLayout {
    /// The outlines of the state's string, in its font (or the default font) at its font
    /// size, placed in its bounds; an empty path for an empty string.
    /// - Parameter visible: when given (in the layer's coordinates), glyphs that cannot
    ///   reach it are left out: a 100,000-character string on a small canvas costs the
    ///   glyphs that show, not every outline.
    /// - Throws: `FontError` when the default font is needed but missing, or FreeType fails.
    static func path(for state: LayerState, visible: Rect? = nil) throws -> Path {
        let font = try state.font ?? Font.defaultFont()
        let layout = try Layout(string: state.string, font: font, fontSize: state.fontSize)
        guard !layout.lines.isEmpty else { return .empty }
        let scale = layout.scale
        let top = (state.size.height - layout.size.height) / 2
        var elements: [Path.Element] = []
        for (number, line) in layout.lines.enumerated() {
            let lineWidth = line.width * scale
            let left = switch state.align {
            case .left: 0.0
            case .center: (state.size.width - lineWidth) / 2
            case .right: state.size.width - lineWidth
            }
            let baseline = top + (layout.metrics.ascender + Double(number) * layout.metrics.lineHeight) * scale
            // A glyph lies within about an em of its origin; allow two line heights.
            let margin = 2 * layout.metrics.lineHeight * scale
            if let visible, baseline + margin < visible.minY || baseline - margin > visible.maxY { continue }
            for glyph in line.glyphs {
                let x = left + glyph.x * scale
                if let visible, x + margin < visible.minX || x - margin > visible.maxX { continue }
                func place(_ p: Point) -> Point { Point(x + p.x * scale, baseline + p.y * scale) }
                for element in glyph.outline.elements {
                    switch element {
                    case let .move(p): elements.append(.move(place(p)))
                    case let .line(p): elements.append(.line(place(p)))
                    case let .quad(c, p): elements.append(.quad(place(c), place(p)))
                    case let .cubic(c1, c2, p): elements.append(.cubic(place(c1), place(c2), place(p)))
                    case .close: elements.append(.close)
                    }
                }
            }
        }
        return Path(elements: elements, structure: "text \"\(state.string.prefix(24))\"")
    }

    /// The size of the state's laid-out text block: the widest line's advance width by
    /// the number of lines times the line height.
    static func measure(_ state: LayerState) throws -> Size {
        try measure(state.string, font: state.font ?? Font.defaultFont(), fontSize: state.fontSize)
    }

    /// The size of a string's text block in a font at a size in pixels (zero when empty).
    static func measure(_ string: String, font: Font, fontSize: Double) throws -> Size {
        try Layout(string: string, font: font, fontSize: fontSize).size
    }
}

/// A string shaped into lines of positioned glyphs, in font units.
private struct Layout {
    struct Line {
        var glyphs: [PositionedGlyph]
        var width: Double
    }

    let metrics: FontMetrics
    let lines: [Line]
    /// Pixels per font unit.
    let scale: Double
    /// The block's size in pixels.
    let size: Size

    init(string: String, font: Font, fontSize: Double) throws {
        metrics = try font.metrics()
        let usable = fontSize.isFinite && fontSize > 0 && metrics.unitsPerEm > 0
        scale = usable ? fontSize / metrics.unitsPerEm : 0
        guard usable, !string.isEmpty else {
            lines = []
            size = .zero
            return
        }
        lines = try string.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { text in
            let shaped = try font.glyphs(for: text)
            return Line(glyphs: shaped.glyphs, width: shaped.width)
        }
        let widest = lines.map(\.width).max() ?? 0
        size = Size(widest * scale, Double(lines.count) * metrics.lineHeight * scale)
    }
}

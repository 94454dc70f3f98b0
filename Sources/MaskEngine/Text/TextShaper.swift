import CHarfBuzz

// One line of text becomes glyphs in four steps, as in Pango:
//  1. each grapheme cluster gets a font: the colour emoji font for an emoji cluster, else
//     the chosen font when it has the cluster's characters, else the first font of
//     fontconfig's fallback list that has them (`FontFallback`);
//  2. FriBiDi gives every character its embedding level (`TextBidi`);
//  3. the line is cut into runs of one level, one font and one script, and HarfBuzz
//     shapes each run (ligatures, marks, joining, conjuncts, GPOS kerning) with the whole
//     line as context;
//  4. the runs are put in visual order (rule L2); HarfBuzz already gives a right-to-left
//     run's glyphs left to right.

/// A glyph placed on a line: its font and index, its origin in pixels from the line's
/// start (x right, y down from the baseline), and pixels per font unit of its font.
struct ShapedGlyph: Sendable {
    let font: Font
    let glyph: UInt32
    let x: Double
    let y: Double
    let scale: Double
    /// True when the glyph is drawn in its own colours (`ColorGlyph`), not as an outline.
    let inColor: Bool
}

/// A line shaped into glyphs in visual order.
struct ShapedLine: Sendable {
    /// The glyphs, left to right.
    var glyphs: [ShapedGlyph] = []
    /// The advance width in pixels.
    var width = 0.0
    /// The advance each character brings, in pixels, by logical index (a cluster's whole
    /// advance on its first character): what line breaking and truncation measure.
    var advances: [Double] = []
    /// Characters no font had (drawn as the font's missing-glyph box), in logical order.
    var missing: [Unicode.Scalar] = []
    /// Characters whose colour glyph is a COLR version 1 paint graph, which draws as its
    /// plain outline, in logical order (the first character of each cluster).
    var uncolored: [Unicode.Scalar] = []
    /// How far the line reaches above and below its baseline, and the gap below it, in
    /// pixels: the largest ascender, descender and line gap of the fonts its glyphs come
    /// from (of the line's font when it is empty), as Pango's line height is.
    var ascent = 0.0, descent = 0.0, gap = 0.0

    /// Baseline-to-baseline distance from this line to the next.
    var height: Double { ascent + descent + gap }

    /// Widens the line's extent to hold `font`'s at `fontSize` pixels.
    mutating func reach(_ font: Font, fontSize: Double) throws {
        let m = try font.metrics()
        guard m.unitsPerEm > 0 else { return }
        let scale = fontSize / m.unitsPerEm
        ascent = max(ascent, m.ascender * scale)
        descent = max(descent, -m.descender * scale)
        gap = max(gap, (m.lineHeight - m.ascender + m.descender) * scale)
    }
}

enum TextShaper {
    /// Shapes one line (no line breaks in it) in `font` at `fontSize` pixels. Control
    /// characters must already be removed.
    static func shape(_ text: [Unicode.Scalar], font: Font, fontSize: Double) throws -> ShapedLine {
        var line = ShapedLine()
        line.advances = [Double](repeating: 0, count: text.count)
        guard !text.isEmpty, fontSize.isFinite, fontSize > 0 else {
            if fontSize.isFinite, fontSize > 0 { try line.reach(font, fontSize: fontSize) }
            return line
        }
        let fonts = FontFallback.fonts(for: text, primary: font)
        let levels = TextBidi.levels(of: text)
        let runs = TextShaper.runs(fonts: fonts, levels: levels, scripts: scripts(of: text))
        let codes = text.map(\.value)
        var shaped: [[ShapedGlyph]] = []
        var runWidths: [Double] = []
        for run in runs {
            try line.reach(run.font, fontSize: fontSize)
            let scale = fontSize / Double(run.font.unitsPerEm)
            var pen = 0.0
            var glyphs: [ShapedGlyph] = []
            try shapeRun(run, codes: codes) { glyph, cluster, advance, dx, dy in
                // A bitmap font's glyphs are all colour glyphs, decoded only where they show;
                // a COLR font's layers are looked up now (no decoding) to tell glyph by glyph.
                let color = run.font.hasColorLayers ? run.font.colorGlyph(glyph) : nil
                glyphs.append(ShapedGlyph(font: run.font, glyph: glyph, x: (pen + dx) * scale, y: -dy * scale, scale: scale,
                                          inColor: run.font.hasColorBitmaps || color?.isDrawnInColor == true))
                if case .paintGraph = color, cluster < text.count { line.uncolored.append(text[cluster]) }
                pen += advance
                if cluster < line.advances.count { line.advances[cluster] += advance * scale }
                if glyph == 0, cluster < text.count, !text[cluster].properties.isDefaultIgnorableCodePoint {
                    line.missing.append(text[cluster])
                }
            }
            shaped.append(glyphs)
            runWidths.append(pen * scale)
        }
        var start = 0.0
        for index in TextBidi.visualOrder(ofRunLevels: runs.map(\.level)) {
            line.glyphs += shaped[index].map {
                ShapedGlyph(font: $0.font, glyph: $0.glyph, x: start + $0.x, y: $0.y, scale: $0.scale, inColor: $0.inColor)
            }
            start += runWidths[index]
        }
        line.width = start
        return line
    }

    /// A stretch of characters of one level, font and script.
    struct Run {
        let range: Range<Int>
        let level: UInt8
        let font: Font
        let script: hb_script_t
    }

    /// The maximal runs of equal level, font and script, in logical order.
    static func runs(fonts: [Font], levels: [UInt8], scripts: [hb_script_t]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        for i in 1...fonts.count {
            if i == fonts.count || fonts[i] !== fonts[start] || levels[i] != levels[start] || scripts[i] != scripts[start] {
                runs.append(Run(range: start..<i, level: levels[start], font: fonts[start], script: scripts[start]))
                start = i
            }
        }
        return runs
    }

    /// Each character's script, a Common or Inherited one (space, digit, mark) taking its
    /// neighbour's so that it does not cut a run: the one before, or at the start the next
    /// real one.
    static func scripts(of text: [Unicode.Scalar]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        let raw = text.map { hb_unicode_script(funcs, $0.value) }
        func isReal(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        var current = raw.first(where: isReal) ?? HB_SCRIPT_COMMON
        return raw.map { s in
            if isReal(s) { current = s }
            return current
        }
    }

    /// The characters of context HarfBuzz reads on each side of a run (its
    /// `HB_BUFFER_CONTEXT_LENGTH`): passing only these keeps a line of many short runs
    /// linear in its length.
    static let context = 5

    /// Shapes one run with HarfBuzz, handing each glyph to `body` in visual order with its
    /// cluster (the logical index of its first character) and its advance and offsets in
    /// font units (y up).
    private static func shapeRun(_ run: Run, codes: [UInt32],
                                 _ body: (UInt32, Int, Double, Double, Double) -> Void) throws {
        guard let buffer = hb_buffer_create() else { throw FontError.unreadable(path: run.font.path, reason: "HarfBuzz is out of memory") }
        defer { hb_buffer_destroy(buffer) }
        let low = max(0, run.range.lowerBound - context), high = min(codes.count, run.range.upperBound + context)
        codes[low..<high].withUnsafeBufferPointer {
            hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32(clamping: high - low), UInt32(run.range.lowerBound - low),
                                     Int32(clamping: run.range.count))
        }
        hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        hb_buffer_guess_segment_properties(buffer)
        guard run.font.withShaper({ hb_shape($0, buffer, nil, 0) }) != nil else {
            throw FontError.unreadable(path: run.font.path, reason: "the font face is closed")
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        for i in 0..<Int(count) {
            let info = infos[i], position = positions[i]
            body(info.codepoint, low + Int(info.cluster), Double(position.x_advance), Double(position.x_offset),
                 Double(position.y_offset))
        }
    }
}

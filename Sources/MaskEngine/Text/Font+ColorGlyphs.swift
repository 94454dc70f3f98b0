import CFreeType

// Colour glyphs come in two kinds that this engine draws:
// - Bitmaps: colour emoji fonts such as Debian's Noto Color Emoji hold each glyph as a PNG
//   at one strike size (CBDT, 109 pixels per em with 136×128 bitmaps). FreeType decodes it
//   with `FT_LOAD_COLOR` into premultiplied BGRA; the glyph is kept at that size and
//   scaled to the font size where it is drawn, shrunk with a box filter so it stays smooth.
// - Layers (COLR version 0): a glyph is a stack of other glyphs' outlines, bottom to top,
//   each filled with a colour of the font's first CPAL palette, or with the text's colour
//   for palette index 0xFFFF. The outlines scale like any glyph's, so the layers are
//   filled as paths (`TextLayout.colorGlyphs(for:)`).
// COLR version 1 describes a glyph as a graph of paints (gradients, transforms,
// compositing), which is not drawn: a glyph that only version 1 describes draws as its
// plain outline in the text colour, and a script setting it gets a warning
// (`Font.uncoloredCharacters(in:)`). A glyph with both version 0 layers and a version 1
// paint draws its layers, as a renderer without version 1 does. Debian 12's FreeType
// 2.12 declares `FT_Get_Color_Glyph_Paint` but its TrueType driver leaves the function
// out (it always returns 0), so the version 1 glyphs are read from the COLR table's
// BaseGlyphList here.

/// How a glyph of a colour font is drawn.
enum ColorGlyph: Sendable {
    /// A bitmap at the font's strike size, and its rectangle in font units relative to the
    /// glyph's origin, y down.
    case bitmap(Image, rect: Rect)
    /// Outlines of other glyphs filled one over the other, bottom first.
    case layers([ColorLayer])
    /// A COLR version 1 paint graph, which is not drawn in colour: the glyph draws as its
    /// plain outline.
    case paintGraph

    /// True when the glyph is drawn in its own colours, not as an outline in the text colour.
    var isDrawnInColor: Bool {
        if case .paintGraph = self { return false }
        return true
    }
}

/// One layer of a COLR version 0 glyph.
struct ColorLayer: Sendable {
    /// The glyph whose outline is the layer's shape.
    let glyph: UInt32
    /// The palette colour, or nil for the text's colour (palette index 0xFFFF).
    let color: Color?
}

/// Colour glyphs by glyph index (nil for a glyph that has none), touched only under the
/// owning font's lock; bounded like `GlyphOutlineCache`.
final class ColorGlyphCache: @unchecked Sendable {
    fileprivate var glyphs: [UInt32: ColorGlyph?] = [:]
}

extension Font {
    /// How a glyph of a colour font is drawn, or nil when it is a plain glyph (or the
    /// bitmap font has no bitmap for it).
    func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        guard hasColor else { return nil }
        return withFace { face -> ColorGlyph? in
            if let kept = colorCache.glyphs[glyph] { return kept }
            let made = hasColorBitmaps ? loadColorBitmap(glyph, in: face) : loadColorLayers(glyph, in: face)
            if colorCache.glyphs.count >= GlyphOutlineCache.capacity { colorCache.glyphs.removeAll() }
            colorCache.glyphs[glyph] = .some(made)
            return made
        } ?? nil
    }

    /// Decodes a glyph's bitmap at the largest strike. Call under the lock.
    private func loadColorBitmap(_ glyph: UInt32, in face: FT_Face) -> ColorGlyph? {
        let sizes = (0..<Int(face.pointee.num_fixed_sizes)).compactMap { face.pointee.available_sizes?[$0] }
        guard let strike = sizes.indices.max(by: { sizes[$0].y_ppem < sizes[$1].y_ppem }),
              FT_Select_Size(face, Int32(strike)) == 0,
              FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0,
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0, pitch >= width * 4,
              let buffer = bitmap.buffer else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                let o = (y * width + x) * 4
                rgba[o] = row[x * 4 + 2]
                rgba[o + 1] = row[x * 4 + 1]
                rgba[o + 2] = row[x * 4]
                rgba[o + 3] = row[x * 4 + 3]
            }
        }
        let ppem = Double(sizes[strike].y_ppem) / 64
        guard ppem > 0, let image = try? Image(width: width, height: height, premultipliedRGBA: rgba) else { return nil }
        let unitsPerPixel = Double(unitsPerEm) / ppem
        let left = Double(slot.pointee.bitmap_left), top = Double(slot.pointee.bitmap_top)
        let rect = Rect(left * unitsPerPixel, -top * unitsPerPixel, Double(width) * unitsPerPixel, Double(height) * unitsPerPixel)
        return .bitmap(image, rect: rect)
    }

    /// A glyph's COLR layers with their colours from the first palette, `.paintGraph` for
    /// a glyph only COLR version 1 describes, or nil for a plain glyph. (FreeType ends the
    /// layers at one whose glyph or palette index is out of range.) Call under the lock.
    private func loadColorLayers(_ glyph: UInt32, in face: FT_Face) -> ColorGlyph? {
        var palette: UnsafeMutablePointer<FT_Color>?
        var data = FT_Palette_Data()
        let entries = FT_Palette_Data_Get(face, &data) == 0 && FT_Palette_Select(face, 0, &palette) == 0
            ? Int(data.num_palette_entries) : 0
        var iterator = FT_LayerIterator(num_layers: 0, layer: 0, p: nil)
        var layerGlyph: FT_UInt = 0, colorIndex: FT_UInt = 0
        var layers: [ColorLayer] = []
        var found = false
        while FT_Get_Color_Glyph_Layer(face, glyph, &layerGlyph, &colorIndex, &iterator) != 0 {
            found = true
            if colorIndex == 0xFFFF {
                layers.append(ColorLayer(glyph: layerGlyph, color: nil))
            } else if Int(colorIndex) < entries, let c = palette?[Int(colorIndex)] {
                layers.append(ColorLayer(glyph: layerGlyph, color: Color(red: Double(c.red) / 255, green: Double(c.green) / 255,
                                                                         blue: Double(c.blue) / 255, alpha: Double(c.alpha) / 255)))
            }
        }
        if found { return .layers(layers) }
        return colorPaintGlyphs.contains(glyph) ? .paintGraph : nil
    }

    /// The glyphs the face's COLR table describes with version 1 paints: the glyph ids of
    /// its BaseGlyphList (at byte 14 of a version 1 header, a 32-bit count then records
    /// of a 16-bit glyph id and a 32-bit offset). Empty without such a table, and for a
    /// list that runs past the table's end.
    static func colorPaintGlyphs(of face: FT_Face) -> Set<UInt32> {
        let tag = FT_ULong(0x434F_4C52)  // "COLR"
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0, length >= 18 else { return [] }
        var table = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, tag, 0, &table, &length) == 0 else { return [] }
        func read(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, size <= table.count, at <= table.count - size else { return nil }
            return table[at..<at + size].reduce(0) { $0 << 8 | Int($1) }
        }
        guard let version = read(0, 2), version >= 1, let list = read(14, 4), list > 0, let count = read(list, 4),
              count <= (table.count - list) / 6 else { return [] }
        return Set((0..<count).compactMap { read(list + 4 + 6 * $0, 2).map(UInt32.init) })
    }
}

extension Font {
    /// The characters of `string` whose glyph (in this font or the fallback font that
    /// draws it) only COLR version 1 describes: they are not drawn in colour but as their
    /// plain outline in the text colour. Each once, in order of first appearance.
    public func uncoloredCharacters(in string: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        var found: [Unicode.Scalar] = []
        for paragraph in string.unicodeScalars.split(separator: "\n") {
            let text = Array(paragraph.filter { $0.properties.generalCategory != .control })
            // Only a line with a COLR font needs shaping to find its glyphs.
            guard !text.isEmpty, FontFallback.fonts(for: text, primary: self).contains(where: \.hasColorLayers),
                  let line = try? TextShaper.shape(text, font: self, fontSize: Double(unitsPerEm)) else { continue }
            for scalar in line.uncolored where seen.insert(scalar).inserted { found.append(scalar) }
        }
        return found
    }
}

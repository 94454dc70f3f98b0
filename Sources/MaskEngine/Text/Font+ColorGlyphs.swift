import CFreeType

// Colour emoji fonts such as Debian's Noto Color Emoji hold each glyph as a PNG at one
// strike size (CBDT, 109 pixels per em with 136×128 bitmaps). FreeType decodes it with
// `FT_LOAD_COLOR` into premultiplied BGRA; the glyph is kept at that size and scaled to
// the font size where it is drawn, shrunk with a box filter so it stays smooth.
// COLR layered glyphs are not drawn in colour: FreeType 2.12 gives their base outline,
// which draws in the text colour like any other glyph.

/// A colour glyph: its bitmap at the strike size and where it lies, in font units from the
/// pen (y down).
struct ColorGlyph: Sendable {
    /// Premultiplied RGBA pixels at the font's strike size.
    let image: Image
    /// The bitmap's rectangle in font units, relative to the glyph's origin, y down.
    let rect: Rect
}

/// Colour glyphs by glyph index (nil for a glyph without a bitmap), touched only under
/// the owning font's lock; bounded like `GlyphOutlineCache`.
final class ColorGlyphCache: @unchecked Sendable {
    fileprivate var glyphs: [UInt32: ColorGlyph?] = [:]
}

extension Font {
    /// The colour bitmap of a glyph of a colour font, or nil when the face has none for it.
    func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        guard hasColor else { return nil }
        return withFace { face -> ColorGlyph? in
            if let kept = colorCache.glyphs[glyph] { return kept }
            let made = loadColorGlyph(glyph, in: face)
            if colorCache.glyphs.count >= GlyphOutlineCache.capacity { colorCache.glyphs.removeAll() }
            colorCache.glyphs[glyph] = .some(made)
            return made
        } ?? nil
    }

    /// Decodes a glyph's bitmap at the largest strike. Call under the lock.
    private func loadColorGlyph(_ glyph: UInt32, in face: FT_Face) -> ColorGlyph? {
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
        return ColorGlyph(image: image, rect: rect)
    }
}

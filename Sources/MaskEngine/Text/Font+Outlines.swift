import CFreeType
import Synchronization

// Glyph geometry is taken from FreeType once per glyph, at a size of one pixel per font
// unit (`units_per_EM` pixels, no hinting), and cached in font units. Unhinted outlines
// scale linearly, so every font size is the cached outline times `fontSize / unitsPerEm`:
// an animated font size costs no FreeType calls after the first frame, and fractional
// sizes such as 17.5 are exact rather than rounded to 26.6 fixed point. (Loading sets the
// face's character size; any other code using `withFace` sets the size it needs first.)

/// One glyph's outline in font units, y down, with the pen at the origin on the baseline
/// (coordinates are 26.6 pixels at a size where a pixel is a font unit).
struct GlyphOutline: Sendable {
    /// Closed contours of `.move`, `.line`, `.quad`, `.cubic` and `.close` elements.
    let elements: [Path.Element]
}

/// A font's vertical metrics, in font units (y up, as fonts define them).
struct FontMetrics: Sendable {
    let unitsPerEm: Double
    /// Top of the tallest glyphs above the baseline (positive).
    let ascender: Double
    /// Bottom of the deepest glyphs below the baseline (negative).
    let descender: Double
    /// Baseline-to-baseline distance: ascender − descender + line gap.
    let lineHeight: Double
}

/// Glyph outlines by glyph index, touched only under the owning font's lock.
///
/// Bounded: when it holds `capacity` glyphs it starts again empty. Text uses a few dozen
/// glyphs, so this only matters for a scene that cycles through thousands of characters.
final class GlyphOutlineCache: @unchecked Sendable {
    static let capacity = 4096
    fileprivate(set) var outlines: [UInt32: GlyphOutline] = [:]
}

/// The default font, loaded at most once (a failure is retried on the next call).
private let defaultFontStore = Mutex<Font?>(nil)

extension Font {
    /// DejaVu Sans, loaded on first use and shared afterwards; safe to call from any thread.
    /// Debian's file is read directly when it is there, so text that needs no fallback
    /// never starts fontconfig (which costs a few milliseconds of start-up).
    /// - Throws: `FontError.notFound` naming the family when its file is not installed.
    public static func defaultFont() throws -> Font {
        try defaultFontStore.withLock { stored in
            if let stored { return stored }
            let debian = FontFace(path: systemFontDirectory + "/DejaVuSans.ttf", index: 0)
            let font = try RegularFile.identity(of: debian.path) != nil
                ? Font.shared(debian, name: defaultFamily) : Font.named(defaultFamily)
            stored = font
            return font
        }
    }

    /// The face's vertical metrics.
    func metrics() throws -> FontMetrics {
        try face { face in
            let f = face.pointee
            let ascender = Double(f.ascender), descender = Double(f.descender)
            let height = Double(f.height)
            return FontMetrics(unitsPerEm: Double(unitsPerEm), ascender: ascender, descender: descender,
                               lineHeight: height > 0 ? height : ascender - descender)
        }
    }

    /// A glyph's outline in font units, from the cache or FreeType. A colour bitmap
    /// glyph has an empty outline (its image is `colorGlyph(_:)`).
    func outline(of glyph: UInt32) throws -> GlyphOutline {
        try face { face in try cachedOutline(of: glyph, in: face) }
    }

    /// True when the face maps the character to a glyph.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        (withFace { FT_Get_Char_Index($0, FT_ULong(scalar.value)) != 0 }) ?? false
    }

    /// The description whose fontconfig fallback list serves this font: its own family
    /// and styles, or the generic sans-serif family for a font file.
    var fallbackDescription: FontDescription {
        FontDescription(Font.fileReference(name) == nil ? name : "sans-serif")
    }

    /// `withFace`, throwing instead of returning nil when the face is gone.
    private func face<T>(_ body: (FT_Face) throws -> T) throws -> T {
        guard let result = try withFace(body) else {
            throw FontError.unreadable(path: path, reason: "the font face is closed")
        }
        return result
    }

    /// A glyph's outline from the cache, or from FreeType on a miss. Call under the lock.
    private func cachedOutline(of index: UInt32, in face: FT_Face) throws -> GlyphOutline {
        if let outline = outlineCache.outlines[index] { return outline }
        let outline = try loadOutline(of: index, in: face)
        if outlineCache.outlines.count >= GlyphOutlineCache.capacity { outlineCache.outlines.removeAll() }
        outlineCache.outlines[index] = outline
        return outline
    }

    /// Loads and decomposes a glyph at one pixel per font unit. Call under the lock.
    private func loadOutline(of index: UInt32, in face: FT_Face) throws -> GlyphOutline {
        func failure(_ what: String, _ error: FT_Error) -> FontError {
            .unreadable(path: path, reason: "\(what) for glyph \(index) failed: \(FontError.freeType(error))")
        }
        // A bitmap-only (colour emoji) face has no outlines to scale.
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            return GlyphOutline(elements: [])
        }
        let unitsPerEm = FT_F26Dot6(face.pointee.units_per_EM)
        var error = FT_Set_Char_Size(face, 0, unitsPerEm * 64, 72, 72)
        guard error == 0 else { throw failure("setting the size", error) }
        error = FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        guard error == 0, let slot = face.pointee.glyph else { throw failure("loading", error) }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return GlyphOutline(elements: []) }
        let sink = OutlineSink()
        var callbacks = FT_Outline_Funcs(
            move_to: { to, user in OutlineSink.receive(user, to) { $0.move(to: $1) } },
            line_to: { to, user in OutlineSink.receive(user, to) { $0.elements.append(.line($1)) } },
            conic_to: { control, to, user in
                guard let control else { return 1 }
                return OutlineSink.receive(user, to) { $0.elements.append(.quad(OutlineSink.point(control.pointee), $1)) }
            },
            cubic_to: { control1, control2, to, user in
                guard let control1, let control2 else { return 1 }
                return OutlineSink.receive(user, to) {
                    $0.elements.append(.cubic(OutlineSink.point(control1.pointee), OutlineSink.point(control2.pointee), $1))
                }
            },
            shift: 0, delta: 0)
        error = withExtendedLifetime(sink) {
            FT_Outline_Decompose(&slot.pointee.outline, &callbacks, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard error == 0 else { throw failure("decomposing the outline", error) }
        sink.closeContour()
        return GlyphOutline(elements: sink.elements)
    }
}

/// Collects the elements FreeType's decomposition callbacks report.
private final class OutlineSink {
    var elements: [Path.Element] = []
    private var contourOpen = false

    func move(to p: Point) {
        closeContour()
        elements.append(.move(p))
        contourOpen = true
    }

    func closeContour() {
        if contourOpen { elements.append(.close) }
        contourOpen = false
    }

    /// A FreeType point (26.6, y up) as a point in font units, y down.
    static func point(_ v: FT_Vector) -> Point {
        Point(Double(v.x) / 64, -Double(v.y) / 64)
    }

    /// Runs `body` on the sink behind a callback's user pointer; 0 means success to FreeType.
    static func receive(_ user: UnsafeMutableRawPointer?, _ to: UnsafePointer<FT_Vector>?,
                        _ body: (OutlineSink, Point) -> Void) -> Int32 {
        guard let user, let to else { return 1 }
        body(Unmanaged<OutlineSink>.fromOpaque(user).takeUnretainedValue(), point(to.pointee))
        return 0
    }
}

/// Text coverage kept by one render thread: a text layer whose string, font, size,
/// alignment, bounds, transform and clip are what they were on its last frame has the
/// same glyph coverage, so it is rasterized once, not every frame. Text that moves makes
/// a new coverage each frame in the buffer of the one it replaces.
///
/// The coverage depends only on those inputs, so the cache never changes a pixel. Not
/// `Sendable`: one per thread, inside its `BufferPool`.
final class TextCoverageCache {
    /// What a text layer's coverage depends on.
    struct Key: Hashable {
        let string: String
        let font: ObjectIdentifier?
        let fontSize: Double
        let align: TextAlignment
        let wrapped: Bool
        let truncation: TextTruncation
        let width: Double, height: Double
        let transform: [Double]
        let clip: [Int]

        init(_ s: LayerState, transform m: Transform, clip: PixelRect) {
            string = s.string
            font = s.font.map(ObjectIdentifier.init)
            fontSize = s.fontSize
            align = s.align
            wrapped = s.wrapped
            truncation = s.truncation
            width = s.size.width
            height = s.size.height
            transform = [m.a, m.b, m.c, m.d, m.tx, m.ty]
            self.clip = [clip.x0, clip.y0, clip.x1, clip.y1]
        }
    }

    /// One coverage per text layer: the last one made for it, with what it was made from.
    private var entries: [LayerID: (key: Key, coverage: CoverageMask?)] = [:]
    private var bytes = 0

    /// Colour glyph bitmaps shrunk to the size they are drawn at, by font, glyph and size,
    /// each with its font, held so that the font's identity is not reused while kept.
    private var scaledGlyphs: [ScaledGlyphKey: (font: Font, image: Image)] = [:]
    private struct ScaledGlyphKey: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
        let width: Int, height: Int
    }
    /// The most scaled glyphs kept: past it they are made again as needed.
    static let scaledGlyphLimit = 256

    /// A colour glyph's bitmap shrunk to `width × height` pixels when that is smaller than
    /// its strike (else the bitmap itself, which bilinear sampling enlarges smoothly).
    func scaled(_ glyph: TextLayout.PlacedColorGlyph, width: Int, height: Int) -> Image {
        guard width > 0, height > 0, width < glyph.image.width, height < glyph.image.height else { return glyph.image }
        let key = ScaledGlyphKey(font: ObjectIdentifier(glyph.font), glyph: glyph.glyph, width: width, height: height)
        if let kept = scaledGlyphs[key] { return kept.image }
        guard let made = try? glyph.image.shrunk(toWidth: width, height: height) else { return glyph.image }
        if scaledGlyphs.count >= TextCoverageCache.scaledGlyphLimit { scaledGlyphs.removeAll(keepingCapacity: true) }
        scaledGlyphs[key] = (glyph.font, made)
        return made
    }

    /// The most coverage bytes kept: past it every kept coverage goes back to the pool.
    static let byteLimit = 8 << 20

    init() {}

    /// The coverage kept for layer `id` if it was made from `key` (itself nil when the
    /// text covers nothing), or nil.
    func coverage(of id: LayerID, for key: Key) -> CoverageMask?? {
        guard let entry = entries[id], entry.key == key else { return nil }
        return .some(entry.coverage)
    }

    /// Keeps `coverage` as layer `id`'s, made from `key`; the coverage it replaces goes
    /// back to `pool`. The cache owns `coverage` from now on: it must not be recycled.
    func keep(_ coverage: CoverageMask?, of id: LayerID, for key: Key, pool: BufferPool) {
        if var old = entries.removeValue(forKey: id)?.coverage {
            bytes -= old.bytes.count + old.spanBytes
            old.recycle(into: pool)
        }
        let size = coverage.map { $0.bytes.count + $0.spanBytes } ?? 0
        if bytes + size > TextCoverageCache.byteLimit {
            for (_, entry) in entries { if var c = entry.coverage { c.recycle(into: pool) } }
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[id] = (key, coverage)
        bytes += size
    }
}

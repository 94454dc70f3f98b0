/// Text coverage kept by one render thread, shared by the text layers that draw the same
/// glyphs at the same fraction of a pixel: a label that did not change since the last
/// frame, and labels alike in a row of cells, are rasterized once.
///
/// A coverage is made in *canonical placement*: the layer's transform with its
/// translation rounded to 1/1024 pixel (`steps`) and cut to the fraction of a pixel
/// (`tx − ⌊tx⌋`, `ty − ⌊ty⌋`), then moved by the whole pixels. So it is a function of its `Shape` alone — the string, the font and
/// layout, the linear part of the transform, the fractions, and the clip where the clip
/// cuts the glyphs — and the cache never decides a pixel: a hit gives the bytes a miss
/// would make (and `--jobs N` the same bytes for every N).
///
/// Not `Sendable`: one per thread, inside its `BufferPool`.
final class TextCoverageCache {
    /// What a text layer's placement is: the inputs compared first, to find the layer's
    /// `Shape` without laying out its glyphs.
    struct Placement: Hashable {
        /// The text and how it is laid out (its string compared, not hashed).
        let text: TextLayoutMemo.Key
        let transform: Transform
        let clip: PixelRect

        /// The placement of the state at `s` (read where it lies) under `m`, inside `clip`.
        init(_ s: UnsafePointer<LayerState>, transform m: Transform, clip: PixelRect) {
            text = TextLayoutMemo.Key(s)
            transform = m
            self.clip = clip
        }
    }

    /// What a coverage in canonical placement depends on.
    struct Shape: Hashable {
        /// The placement with the translation cut to its fraction and the clip moved with it.
        let placement: Placement
        /// True when the clip cuts none of the glyphs: then it is left out of the
        /// comparison (`placement.clip` is empty), and labels alike anywhere in the frame
        /// share a coverage.
        let uncut: Bool
    }

    /// Where a layer's text was last placed: its shape and the whole pixels it is moved by.
    struct Found {
        let shape: Shape
        let dx: Int, dy: Int
    }

    /// The steps a pixel of translation is cut into (see `Renderer.cachedTextCoverage`).
    static let steps = 1024.0

    /// What the thread knows of its text layers' layouts, asked without a lock.
    let layouts = TextLayoutMemo()

    // Looked up for every text layer every frame: the dynamic exclusivity checks are off,
    // since only the cache's one thread touches them (it is not `Sendable`), and no access
    // to either begins inside another (each method reads or writes one at a time).
    @exclusivity(unchecked) private var placements: [LayerID: (placement: Placement, found: Found)] = [:]
    @exclusivity(unchecked) private var shapes: [Shape: Kept] = [:]
    /// A kept coverage and the frame that last used it.
    private typealias Kept = (coverage: CoverageMask?, frame: Int)
    /// The shape last found in `shapes` and where it is: labels alike ask for one shape in
    /// a row (a row of cells, every frame), told by a comparison instead of a hash. Nil
    /// after `shapes` changes (an index is valid only until then).
    @exclusivity(unchecked) private var lastShape: (shape: Shape, index: Dictionary<Shape, Kept>.Index)?
    private var bytes = 0
    private var frame = 0

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

    /// Starts a frame: coverages that the last frame did not use go back to `pool` (text
    /// that moves leaves one behind each frame). Past `TextLayoutMemo.fontCapacity` fonts
    /// held for the keys, every key is forgotten and the fonts let go.
    func startFrame(pool: BufferPool) {
        frame &+= 1
        lastShape = nil
        if layouts.heldFontCount > TextLayoutMemo.fontCapacity {
            layouts.forgetAll()
            placements.removeAll(keepingCapacity: true)
            for (_, entry) in shapes { if var c = entry.coverage { c.recycle(into: pool) } }
            shapes.removeAll(keepingCapacity: true)
            bytes = 0
        }
        for (shape, entry) in shapes where entry.frame < frame &- 1 {
            shapes[shape] = nil
            if var c = entry.coverage {
                bytes -= c.bytes.count + c.spanBytes
                c.recycle(into: pool)
            }
        }
    }

    /// How many coverages are kept.
    var keptCount: Int { shapes.count }

    /// Layer `id`'s shape and shift when it is placed as it was last time, or nil.
    func found(for id: LayerID, at placement: Placement) -> Found? {
        guard let kept = placements[id], kept.placement == placement else { return nil }
        return kept.found
    }

    /// Notes where layer `id`, whose state is at `s`, was placed (its font held by `layouts`).
    func note(_ found: Found, for id: LayerID, _ s: UnsafePointer<LayerState>, at placement: Placement) {
        layouts.hold(s)
        placements[id] = (placement, found)
    }

    /// The coverage kept for `shape` (itself nil when the text covers nothing), or nil.
    func coverage(for shape: Shape) -> CoverageMask?? {
        // One hash of the shape (its text, transform and clip), not one to read and one to
        // write; none when it is the last one found.
        let index: Dictionary<Shape, Kept>.Index
        if let last = lastShape, last.shape == shape {
            index = last.index
        } else {
            guard let found = shapes.index(forKey: shape) else { return nil }
            index = found
            lastShape = (shape, found)
        }
        shapes.values[index].frame = frame
        return .some(shapes.values[index].coverage)
    }

    /// Keeps `coverage` as `shape`'s, the shape of the state at `s` (its font held by
    /// `layouts`). The cache owns `coverage` from now on: it must not be recycled.
    func keep(_ coverage: CoverageMask?, for shape: Shape, _ s: UnsafePointer<LayerState>, pool: BufferPool) {
        layouts.hold(s)
        lastShape = nil
        let size = coverage.map { $0.bytes.count + $0.spanBytes } ?? 0
        if bytes + size > TextCoverageCache.byteLimit {
            for (_, entry) in shapes { if var c = entry.coverage { c.recycle(into: pool) } }
            shapes.removeAll(keepingCapacity: true)
            bytes = 0
        }
        shapes[shape] = (coverage, frame)
        bytes += size
    }
}

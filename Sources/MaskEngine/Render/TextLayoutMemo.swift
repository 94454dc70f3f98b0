/// What a render thread knows about the text layers it drew: whether a text has colour
/// glyphs, its glyph outlines placed in the layer's coordinates, and their box. Asked several
/// times per text layer per frame, it answers without a lock: `TextLayout`'s layouts are
/// kept in one store shared by every thread (behind a mutex), and the default font is
/// behind another, so the frame path asks them only when a text changes.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`'s `TextCoverageCache`.
final class TextLayoutMemo {
    /// What a text layer's layout and its place in the layer depend on: the string, the
    /// font (nil for the default font, which is then not fetched), the size and the bounds
    /// that lay it out and align it. Compared, never hashed, by its string: equal strings
    /// share their storage frame after frame, so comparing them costs a pointer comparison.
    ///
    /// The font is named by its identity, not held: a key is made, copied and compared
    /// several times a frame, and a held font's count is a write every render thread makes
    /// to the scene's object. The memo holds the font of every key kept, by it or by the
    /// thread's `TextCoverageCache` (`hold(_:)`), so that its identity is not reused.
    struct Key: Hashable {
        let string: String
        let font: ObjectIdentifier?
        let fontSize: Double
        let wrapped: Bool
        let truncation: TextTruncation
        let align: TextAlignment
        let width: Double, height: Double

        /// The key of the state at `s`, read where it lies.
        init(_ s: UnsafePointer<LayerState>) {
            string = s.pointee.string
            font = s.pointee.font.map(ObjectIdentifier.init)
            fontSize = s.pointee.fontSize
            wrapped = s.pointee.wrapped
            truncation = s.pointee.truncation
            align = s.pointee.align
            width = s.pointee.size.width
            height = s.pointee.size.height
        }

        static func == (a: Key, b: Key) -> Bool {
            a.font == b.font && a.fontSize == b.fontSize && a.wrapped == b.wrapped && a.truncation == b.truncation
                && a.align == b.align && a.width == b.width && a.height == b.height && a.string == b.string
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(string.utf8.count)
            hasher.combine(font)
            hasher.combine(fontSize)
            hasher.combine(width)
            hasher.combine(height)
        }
    }

    /// A class, not a struct: a fact read from `facts.values[i]` is then one field of a
    /// shared box, where a struct was copied whole, its outlines' lists retained and
    /// released, for each of a label's several questions each frame.
    private final class Facts {
        var hasColorGlyphs: Bool?
        /// The outlines' box (nil inside when they draw nothing); nil until asked.
        var outlineBounds: Rect??
        /// The placed outlines; nil until asked.
        var outlines: TextLayout.PlacedOutlines?
        /// `TextLayout.bounds(for:)` (nil inside when the text draws nothing); nil until asked.
        var bounds: Rect??

        init() {}
    }

    /// Asked several times per text layer per frame: the dynamic exclusivity checks are
    /// off, since only the memo's one thread touches it (it is not `Sendable`), and no
    /// access to it begins inside another (`remember` changes it after the layout is made).
    @exclusivity(unchecked) private var facts: [Key: Facts] = [:]
    /// The key last found in `facts` and where its facts are: a text layer asks its
    /// questions in a row (its parts, its box, its outlines), so most lookups are of the
    /// last key, told by a comparison instead of a hash. Nil after `facts` changes (an index
    /// is valid only until then).
    @exclusivity(unchecked) private var last: (key: Key, index: Dictionary<Key, Facts>.Index)?
    /// The most texts remembered: past it the memo starts again empty.
    static let capacity = 256

    /// The fonts named by the keys kept (here and in the thread's `TextCoverageCache`).
    /// Unchecked for `facts`' reasons (`hold` is never called inside an access to it).
    @exclusivity(unchecked) private var fonts: [ObjectIdentifier: Font] = [:]
    /// The most fonts held from one frame to the next: past it the memo and the cache
    /// start again empty (`forgetAll()`).
    static let fontCapacity = 64

    init() {}

    /// `TextLayout.hasColorGlyphs` of the state at `s`, remembered. Each question takes
    /// the state where it lies: handed a state, a call is handed a copy, a dozen of the
    /// scene's references retained and released.
    func hasColorGlyphs(_ s: UnsafePointer<LayerState>) -> Bool {
        let key = Key(s)
        if let i = index(of: key), let known = facts.values[i].hasColorGlyphs { return known }
        let answer = TextLayout.hasColorGlyphs(s.pointee)
        remember(key, font: s) { $0.hasColorGlyphs = answer }
        return answer
    }

    /// The control box of the state's glyph outlines (`TextLayout.path(for:)`, none left
    /// out) in the layer's coordinates, itself nil when they draw nothing; remembered.
    /// Nil when the text is longer than `Renderer.boundedTextLength` (laying out every
    /// glyph of a very long string is what the cut-down layout avoids) or its font
    /// cannot be read (the caller's own layout reports that).
    func outlineBounds(_ s: UnsafePointer<LayerState>) -> Rect?? {
        let key = Key(s)
        if let i = index(of: key), let known = facts.values[i].outlineBounds { return known }
        guard let placed = outlines(s) else { return nil }
        let box = placed.path(visible: nil).controlBounds
        remember(key, font: s) { $0.outlineBounds = .some(box) }
        return .some(box)
    }

    /// The box of everything the state's text draws, outlines and colour glyphs
    /// (`TextLayout.bounds(for:)`), itself nil when it draws nothing; remembered: a text
    /// mask's group is bounded by it every frame, and `TextLayout` takes the font's lock
    /// for each glyph. Nil as `outlineBounds` is.
    func bounds(_ s: UnsafePointer<LayerState>) -> Rect?? {
        guard s.pointee.string.utf8.count <= Renderer.boundedTextLength else { return nil }
        let key = Key(s)
        if let i = index(of: key), let known = facts.values[i].bounds { return known }
        let box: Rect?
        do { box = try TextLayout.bounds(for: s.pointee) } catch { return nil }
        remember(key, font: s) { $0.bounds = .some(box) }
        return .some(box)
    }

    /// The state's glyph outlines placed in its bounds (`TextLayout.outlines(for:)`),
    /// remembered: a text's coverage made again (moved to another fraction of a pixel, cut
    /// by another clip) takes its path from them, without the font's lock or the shared
    /// layouts. Nil as `outlineBounds` is.
    func outlines(_ s: UnsafePointer<LayerState>) -> TextLayout.PlacedOutlines? {
        guard s.pointee.string.utf8.count <= Renderer.boundedTextLength else { return nil }
        let key = Key(s)
        if let i = index(of: key), let known = facts.values[i].outlines { return known }
        guard let placed = try? TextLayout.outlines(for: s.pointee) else { return nil }
        remember(key, font: s) { $0.outlines = placed }
        return placed
    }

    /// Holds the font of the state at `s` for a key about to be kept, here or in the
    /// thread's `TextCoverageCache`: its identity is not reused while a key names it.
    func hold(_ s: UnsafePointer<LayerState>) {
        guard let font = s.pointee.font else { return }
        let id = ObjectIdentifier(font)
        if fonts[id] == nil { fonts[id] = font }
    }

    /// The number of fonts held.
    var heldFontCount: Int { fonts.count }

    /// Forgets every text and lets go of the fonts: the thread's `TextCoverageCache` does
    /// so between frames, forgetting its own keys too, once more than `fontCapacity` are held.
    func forgetAll() {
        last = nil
        facts.removeAll(keepingCapacity: true)
        fonts.removeAll(keepingCapacity: true)
    }

    /// Where `key`'s facts are, or nil when none are kept: the last key's place when it is
    /// the same, else found by hashing (and remembered as the last).
    private func index(of key: Key) -> Dictionary<Key, Facts>.Index? {
        if let last, last.key == key { return last.index }
        guard let i = facts.index(forKey: key) else { return nil }
        last = (key, i)
        return i
    }

    private func remember(_ key: Key, font s: UnsafePointer<LayerState>, _ change: (inout Facts) -> Void) {
        hold(s)
        last = nil
        if facts[key] == nil, facts.count >= TextLayoutMemo.capacity { facts.removeAll(keepingCapacity: true) }
        change(&facts[key, default: Facts()])
    }
}

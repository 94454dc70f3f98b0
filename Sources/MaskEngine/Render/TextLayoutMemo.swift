/// What a render thread knows about the text layers it drew: whether a text has colour
/// glyphs, its glyph outlines placed in the layer's coordinates, and their box. Asked several
/// times per text layer per frame, it answers without a lock: `TextLayout`'s layouts are
/// kept in one store shared by every thread (behind a mutex), and the default font is
/// behind another, so the frame path asks them only when a text changes.
///
/// Not `Sendable`: one per thread, inside its `BufferPool`'s `TextCoverageCache`.
final class TextLayoutMemo {
    /// What a text layer's layout and its place in the layer depend on: the string, the
    /// font (nil for the default font, which is then not fetched; held, so that its
    /// identity is not reused), the size and the bounds that lay it out and align it.
    /// Compared, never hashed, by its string: equal strings share their storage frame
    /// after frame, so comparing them costs a pointer comparison.
    struct Key: Hashable {
        let string: String
        let font: Font?
        let fontSize: Double
        let wrapped: Bool
        let truncation: TextTruncation
        let align: TextAlignment
        let width: Double, height: Double

        init(_ s: LayerState) {
            string = s.string
            font = s.font
            fontSize = s.fontSize
            wrapped = s.wrapped
            truncation = s.truncation
            align = s.align
            width = s.size.width
            height = s.size.height
        }

        static func == (a: Key, b: Key) -> Bool {
            a.font === b.font && a.fontSize == b.fontSize && a.wrapped == b.wrapped && a.truncation == b.truncation
                && a.align == b.align && a.width == b.width && a.height == b.height && a.string == b.string
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(string.utf8.count)
            hasher.combine(font.map(ObjectIdentifier.init))
            hasher.combine(fontSize)
            hasher.combine(width)
            hasher.combine(height)
        }
    }

    private struct Facts {
        var hasColorGlyphs: Bool?
        /// The outlines' box (nil inside when they draw nothing); nil until asked.
        var outlineBounds: Rect??
        /// The placed outlines; nil until asked.
        var outlines: TextLayout.PlacedOutlines?
        /// `TextLayout.bounds(for:)` (nil inside when the text draws nothing); nil until asked.
        var bounds: Rect??
    }

    private var facts: [Key: Facts] = [:]
    /// The most texts remembered: past it the memo starts again empty.
    static let capacity = 256

    init() {}

    /// `TextLayout.hasColorGlyphs(s)`, remembered.
    func hasColorGlyphs(_ s: LayerState) -> Bool {
        let key = Key(s)
        if let known = facts[key]?.hasColorGlyphs { return known }
        let answer = TextLayout.hasColorGlyphs(s)
        remember(key) { $0.hasColorGlyphs = answer }
        return answer
    }

    /// The control box of the state's glyph outlines (`TextLayout.path(for:)`, none left
    /// out) in the layer's coordinates, itself nil when they draw nothing; remembered.
    /// Nil when the text is longer than `Renderer.boundedTextLength` (laying out every
    /// glyph of a very long string is what the cut-down layout avoids) or its font
    /// cannot be read (the caller's own layout reports that).
    func outlineBounds(_ s: LayerState) -> Rect?? {
        let key = Key(s)
        if let known = facts[key]?.outlineBounds { return known }
        guard let placed = outlines(s) else { return nil }
        let box = placed.path(visible: nil).controlBounds
        remember(key) { $0.outlineBounds = .some(box) }
        return .some(box)
    }

    /// The box of everything the state's text draws, outlines and colour glyphs
    /// (`TextLayout.bounds(for:)`), itself nil when it draws nothing; remembered: a text
    /// mask's group is bounded by it every frame, and `TextLayout` takes the font's lock
    /// for each glyph. Nil as `outlineBounds` is.
    func bounds(_ s: LayerState) -> Rect?? {
        guard s.string.utf8.count <= Renderer.boundedTextLength else { return nil }
        let key = Key(s)
        if let known = facts[key]?.bounds { return known }
        let box: Rect?
        do { box = try TextLayout.bounds(for: s) } catch { return nil }
        remember(key) { $0.bounds = .some(box) }
        return .some(box)
    }

    /// The state's glyph outlines placed in its bounds (`TextLayout.outlines(for:)`),
    /// remembered: a text's coverage made again (moved to another fraction of a pixel, cut
    /// by another clip) takes its path from them, without the font's lock or the shared
    /// layouts. Nil as `outlineBounds` is.
    func outlines(_ s: LayerState) -> TextLayout.PlacedOutlines? {
        guard s.string.utf8.count <= Renderer.boundedTextLength else { return nil }
        let key = Key(s)
        if let known = facts[key]?.outlines { return known }
        guard let placed = try? TextLayout.outlines(for: s) else { return nil }
        remember(key) { $0.outlines = placed }
        return placed
    }

    private func remember(_ key: Key, _ change: (inout Facts) -> Void) {
        if facts[key] == nil, facts.count >= TextLayoutMemo.capacity { facts.removeAll(keepingCapacity: true) }
        change(&facts[key, default: Facts()])
    }
}

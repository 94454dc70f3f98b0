/// Which font draws each character of a line, chosen per grapheme cluster so that a base
/// and its marks, or an emoji ZWJ sequence, stay in one font (and shape as one glyph).
enum FontFallback {
    /// The font of each scalar of `text`: for an emoji cluster the colour emoji font when
    /// it has the cluster; else `primary` when it has it; else the first of fontconfig's
    /// fallback fonts for `primary` that has the whole cluster, or at least its first
    /// character; else `primary`, which draws its missing-glyph box.
    static func fonts(for text: [Unicode.Scalar], primary: Font) -> [Font] {
        var fonts: [Font] = []
        fonts.reserveCapacity(text.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text)
        for cluster in String(view) {
            let scalars = Array(cluster.unicodeScalars)
            let font = font(for: scalars, primary: primary)
            fonts += repeatElement(font, count: scalars.count)
        }
        return fonts
    }

    /// The characters that decide a font: a cluster's joiners and variation selectors
    /// are shaped by whichever font has the rest.
    private static func needed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let real = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        return real.isEmpty ? Array(scalars.prefix(1)) : real
    }

    /// True when a cluster asks for emoji presentation: a character that is an emoji by
    /// default, or any emoji followed by U+FE0F; U+FE0E asks for text.
    static func isEmoji(_ scalars: [Unicode.Scalar]) -> Bool {
        if scalars.contains("\u{FE0E}") { return false }
        if scalars.contains("\u{FE0F}") { return scalars.contains { $0.properties.isEmoji } }
        return scalars.contains { $0.properties.isEmojiPresentation }
    }

    private static func font(for scalars: [Unicode.Scalar], primary: Font) -> Font {
        let wanted = needed(scalars)
        if isEmoji(scalars), let emoji = emojiFont(), wanted.allSatisfy(emoji.hasGlyph) { return emoji }
        if wanted.allSatisfy(primary.hasGlyph) { return primary }
        let fallbacks = FontLookup.fallbacks(for: primary.fallbackDescription)
        let entry = fallbacks.first { entry in wanted.allSatisfy(entry.has) }
            ?? wanted.first.flatMap { first in fallbacks.first { $0.has(first) } }
        guard let entry, let font = try? Font.shared(entry.face, name: entry.family), font.hasGlyph(wanted[0]) else {
            return primary
        }
        return font
    }

    /// The colour emoji font fontconfig names, when one is installed and readable.
    static func emojiFont() -> Font? {
        guard let face = FontLookup.emojiFace(), let font = try? Font.shared(face, name: "emoji"), font.hasColor else {
            return nil
        }
        return font
    }
}

extension Font {
    /// The characters of `string` that neither this font nor any of fontconfig's fallback
    /// fonts has (each drawn as the font's missing-glyph box), once each, in order.
    /// - Throws: `FontError` when a font cannot be read.
    public func missingCharacters(in string: String) throws -> [Unicode.Scalar] {
        try TextLayout.missingCharacters(in: string, font: self)
    }

    /// How many fallback fonts fontconfig offers for characters this font lacks: with the
    /// font itself, the fonts tried for a missing character.
    public var fallbackFontCount: Int {
        FontLookup.fallbacks(for: fallbackDescription).count
    }
}

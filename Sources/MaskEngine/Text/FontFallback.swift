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
        var chooser = Chooser(primary: primary)
        // An ASCII character followed by another (or by nothing) is a cluster of its own, so
        // ASCII text skips grapheme breaking; the rest is broken into clusters.
        func isLoneASCII(_ i: Int) -> Bool {
            text[i].isASCII && (i + 1 == text.count || text[i + 1].isASCII)
        }
        var i = 0
        while i < text.count {
            if isLoneASCII(i) {
                fonts.append(chooser.font(for: Character(text[i])))
                i += 1
                continue
            }
            var end = i + 1
            while end < text.count, !isLoneASCII(end) { end += 1 }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text[i..<end])
            for cluster in String(view) {
                fonts += repeatElement(chooser.font(for: cluster), count: cluster.unicodeScalars.count)
            }
            i = end
        }
        return fonts
    }

    /// Chooses fonts cluster by cluster, remembering the choice for clusters of one
    /// character: a long line uses few distinct characters, and each is looked up once.
    private struct Chooser {
        let primary: Font
        var single: [Unicode.Scalar: Font] = [:]

        mutating func font(for cluster: Character) -> Font {
            let scalars = cluster.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first {
                if let known = single[scalar] { return known }
                let font = FontFallback.font(for: [scalar], primary: primary)
                single[scalar] = font
                return font
            }
            return FontFallback.font(for: Array(scalars), primary: primary)
        }
    }

    /// The characters of `string` that the font chosen for them does not have either (no
    /// installed font has them), once each, in the order they first appear.
    static func missing(in string: String, primary: Font) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        var missing: [Unicode.Scalar] = []
        var chooser = Chooser(primary: primary)
        var checked = Set<Character>()
        for cluster in string where checked.insert(cluster).inserted {
            let scalars = Array(cluster.unicodeScalars)
            guard !scalars.contains(where: { $0.properties.generalCategory == .control }) else { continue }
            let font = chooser.font(for: cluster)
            for scalar in needed(scalars) where !font.hasGlyph(scalar) && seen.insert(scalar).inserted {
                missing.append(scalar)
            }
        }
        return missing
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

    fileprivate static func font(for scalars: [Unicode.Scalar], primary: Font) -> Font {
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
    public func missingCharacters(in string: String) -> [Unicode.Scalar] {
        FontFallback.missing(in: string, primary: self)
    }

    /// How many fallback fonts fontconfig offers for characters this font lacks: with the
    /// font itself, the fonts tried for a missing character.
    public var fallbackFontCount: Int {
        FontLookup.fallbacks(for: fallbackDescription).count
    }
}

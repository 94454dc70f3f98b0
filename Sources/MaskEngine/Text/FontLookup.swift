import CFontconfig
import Synchronization

// Fonts are found the way Pango finds them: a family name with optional style words is a
// fontconfig pattern (family, weight, slant, width), substituted by the system's
// configuration and matched against the installed fonts; a character the chosen font
// lacks comes from the first font of fontconfig's sorted fallback list for that pattern
// that has it. Loaded faces are shared by the whole process, one `Font` per file and face.

/// One face of a font file: a path and the face's index in it (0 unless a collection).
struct FontFace: Hashable, Sendable {
    let path: String
    let index: Int
}

/// A family name with style words taken apart, as Pango's `pango_font_description_from_string`
/// reads "DejaVu Sans Bold Oblique": trailing words naming a weight, slant or width are
/// styles, the rest is the family.
struct FontDescription: Hashable, Sendable {
    let family: String
    let weight: Int32
    let slant: Int32
    let width: Int32

    /// Style words and their fontconfig values. One table: weights, slants and widths.
    private static let weights: [String: Int32] = [
        "thin": FC_WEIGHT_THIN, "ultralight": FC_WEIGHT_ULTRALIGHT, "extralight": FC_WEIGHT_EXTRALIGHT,
        "light": FC_WEIGHT_LIGHT, "semilight": FC_WEIGHT_DEMILIGHT, "demilight": FC_WEIGHT_DEMILIGHT,
        "book": FC_WEIGHT_BOOK, "regular": FC_WEIGHT_REGULAR, "normal": FC_WEIGHT_NORMAL,
        "medium": FC_WEIGHT_MEDIUM, "semibold": FC_WEIGHT_SEMIBOLD, "demibold": FC_WEIGHT_DEMIBOLD,
        "bold": FC_WEIGHT_BOLD, "ultrabold": FC_WEIGHT_ULTRABOLD, "extrabold": FC_WEIGHT_EXTRABOLD,
        "heavy": FC_WEIGHT_HEAVY, "black": FC_WEIGHT_BLACK,
    ]
    private static let slants: [String: Int32] = ["italic": FC_SLANT_ITALIC, "oblique": FC_SLANT_OBLIQUE]
    private static let widths: [String: Int32] = [
        "ultracondensed": FC_WIDTH_ULTRACONDENSED, "extracondensed": FC_WIDTH_EXTRACONDENSED,
        "condensed": FC_WIDTH_CONDENSED, "semicondensed": FC_WIDTH_SEMICONDENSED,
        "semiexpanded": FC_WIDTH_SEMIEXPANDED, "expanded": FC_WIDTH_EXPANDED,
        "extraexpanded": FC_WIDTH_EXTRAEXPANDED, "ultraexpanded": FC_WIDTH_ULTRAEXPANDED,
    ]

    /// Reads a description; style words are matched without case or hyphens
    /// ("Semi-Bold" is "semibold"). A name made only of style words is a family.
    init(_ text: String) {
        var words = text.split(separator: " ").map(String.init)
        var weight = FC_WEIGHT_REGULAR, slant = FC_SLANT_ROMAN, width = FC_WIDTH_NORMAL
        while words.count > 1, let last = words.last {
            let key = last.lowercased().filter { $0 != "-" }
            if let w = FontDescription.weights[key] { weight = w }
            else if let s = FontDescription.slants[key] { slant = s }
            else if let w = FontDescription.widths[key] { width = w }
            else { break }
            words.removeLast()
        }
        family = words.joined(separator: " ")
        self.weight = weight
        self.slant = slant
        self.width = width
    }
}

/// fontconfig, used under one lock (its calls are few, and cached above it).
enum FontLookup {
    /// Generic families fontconfig maps to a configured font; any match stands for them.
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "emoji", "system-ui", "cursive", "fantasy"]

    private final class State: @unchecked Sendable {
        var config: OpaquePointer?
        var started = false
        var fallbacks: [FontDescription: [FallbackEntry]] = [:]
        var emoji: FontFace??
    }

    /// A fallback font and the characters it has.
    struct FallbackEntry: @unchecked Sendable {
        let face: FontFace
        let family: String
        /// The font's character set, owned by the fallback list (kept for the process).
        let charset: OpaquePointer?

        func has(_ scalar: Unicode.Scalar) -> Bool {
            guard let charset else { return false }
            return FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0
        }
    }

    private static let state = Mutex(State())

    private static func withConfig<T>(_ body: (OpaquePointer?, State) -> T) -> T {
        state.withLock { s in
            if !s.started {
                s.started = true
                s.config = FcInitLoadConfigAndFonts()
            }
            return body(s.config, s)
        }
    }

    /// A pattern for a description, with the configuration's and the defaults' substitutions.
    private static func pattern(_ description: FontDescription, config: OpaquePointer?) -> OpaquePointer? {
        guard let p = FcPatternCreate() else { return nil }
        description.family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: description.family.utf8.count + 1) {
                _ = FcPatternAddString(p, FC_FAMILY, $0)
            }
        }
        FcPatternAddInteger(p, FC_WEIGHT, description.weight)
        FcPatternAddInteger(p, FC_SLANT, description.slant)
        FcPatternAddInteger(p, FC_WIDTH, description.width)
        FcConfigSubstitute(config, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        return p
    }

    private static func string(_ pattern: OpaquePointer?, _ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func face(of pattern: OpaquePointer?) -> FontFace? {
        guard let file = string(pattern, FC_FILE) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFace(path: file, index: Int(index))
    }

    /// The face fontconfig matches for a description, or nil when no installed font has
    /// the family (fontconfig always offers something; a stand-in family is refused).
    static func match(_ description: FontDescription) -> FontFace? {
        withConfig { config, _ in
            guard let p = pattern(description, config: config) else { return nil }
            defer { FcPatternDestroy(p) }
            var result = FcResultNoMatch
            guard let found = FcFontMatch(config, p, &result) else { return nil }
            defer { FcPatternDestroy(found) }
            let wanted = description.family.lowercased()
            if !genericFamilies.contains(wanted) {
                var n: Int32 = 0
                var same = false
                while let family = string(found, FC_FAMILY, n) {
                    if family.lowercased() == wanted { same = true; break }
                    n += 1
                }
                guard same else { return nil }
            }
            return face(of: found)
        }
    }

    /// fontconfig's fallback list for a description, best first, trimmed to the fonts
    /// that add characters (as Pango uses it); made once per description.
    static func fallbacks(for description: FontDescription) -> [FallbackEntry] {
        withConfig { config, s in
            if let kept = s.fallbacks[description] { return kept }
            var entries: [FallbackEntry] = []
            if let p = pattern(description, config: config) {
                var result = FcResultNoMatch
                // The set is kept for the process: its character sets are read from it.
                if let set = FcFontSort(config, p, 1, nil, &result) {
                    let count = Int(set.pointee.nfont)
                    for i in 0..<count {
                        guard let font = set.pointee.fonts[i] else { continue }
                        var charset: OpaquePointer?
                        guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                              let f = face(of: font) else { continue }
                        entries.append(FallbackEntry(face: f, family: string(font, FC_FAMILY) ?? f.path, charset: charset))
                    }
                }
                FcPatternDestroy(p)
            }
            s.fallbacks[description] = entries
            return entries
        }
    }

    /// The colour emoji font fontconfig names for the `emoji` family, if one is installed.
    static func emojiFace() -> FontFace? {
        if let known = state.withLock({ $0.emoji }) { return known }
        let found = match(FontDescription("emoji"))
        state.withLock { $0.emoji = .some(found) }
        return found
    }
}

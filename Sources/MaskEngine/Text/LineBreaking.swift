/// Where a line of text may break, and the lines a width leaves (for `wrapped` text), and
/// the ellipsis cut of `truncation`.
///
/// Break opportunities follow the main rules of Unicode line breaking (UAX #14) rather
/// than all of them: after a run of spaces; after a hyphen before a letter; before and
/// after an ideograph, kana, Hangul syllable, full-width form or emoji (so CJK breaks
/// between characters) except before closing punctuation and small kana ("。", "」",
/// "ッ") and after opening punctuation ("「"); never inside a grapheme cluster. Thai and
/// Lao, which UAX #14 breaks with a dictionary, break only at spaces. A word wider than
/// the line breaks between grapheme clusters, as `CATextLayer` does.
enum LineBreaking {
    /// Characters that may not start a line (UAX #14 classes CL, CP, EX, IS, NS, and
    /// Japanese small kana, CJ).
    private static let noStart: Set<Unicode.Scalar> = Set("。、，．：；！？）」』】〕〉》〗〙・ー…‥ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ,.:;!?)]}%".unicodeScalars)
        .union(Set("\u{FF09}\u{FF0C}\u{FF0E}\u{FF1A}\u{FF1B}\u{FF01}\u{FF1F}\u{FF3D}\u{FF5D}".unicodeScalars))
    /// Characters that may not end a line (class OP).
    private static let noEnd: Set<Unicode.Scalar> = Set("（「『【〔〈《〖〘([{".unicodeScalars)
        .union(Set("\u{FF08}\u{FF3B}\u{FF5B}".unicodeScalars))

    /// True for characters that break on both sides like ideographs (UAX #14 class ID).
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return s.properties.isEmojiPresentation
        }
    }

    private static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\u{3000}" || (s.properties.generalCategory == .spaceSeparator
            && s != "\u{A0}" && s != "\u{202F}" && s != "\u{2007}")
    }

    /// The logical indices where a grapheme cluster starts (always 0 when non-empty).
    static func clusterStarts(of text: [Unicode.Scalar]) -> [Int] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text)
        var starts: [Int] = []
        var index = 0
        for cluster in String(view) {
            starts.append(index)
            index += cluster.unicodeScalars.count
        }
        return starts
    }

    /// For each index 1..<count, whether a line may break before that character.
    static func opportunities(in text: [Unicode.Scalar]) -> Set<Int> {
        var result = Set<Int>()
        for start in clusterStarts(of: text) where start > 0 {
            let before = text[start - 1], here = text[start]
            if isSpace(here) { continue }
            if isSpace(before) { result.insert(start); continue }
            if noStart.contains(here) || noEnd.contains(before) { continue }
            if (before == "-" || before == "\u{2010}") && here.properties.isAlphabetic { result.insert(start); continue }
            if isIdeographic(here) || isIdeographic(before) { result.insert(start) }
        }
        return result
    }

    /// The lines of `text` no wider than `width` (pixels), given each character's advance:
    /// greedy, at the last opportunity that fits; spaces where a line breaks are dropped.
    static func wrap(_ text: [Unicode.Scalar], advances: [Double], width: Double) -> [Range<Int>] {
        guard !text.isEmpty, advances.count == text.count else { return [0..<text.count] }
        let allowed = opportunities(in: text)
        let clusters = Set(clusterStarts(of: text))
        var lines: [Range<Int>] = []
        var start = 0
        while start < text.count {
            var used = 0.0, lastBreak: Int?, lastCluster: Int?
            var end = text.count
            var i = start
            while i < text.count {
                if i > start {
                    if allowed.contains(i) { lastBreak = i }
                    if clusters.contains(i) { lastCluster = i }
                }
                used += advances[i]
                // Trailing spaces hang past the edge, as in every text stack.
                if used > width, !isSpace(text[i]) {
                    if let cut = lastBreak ?? lastCluster { end = cut }
                    else { end = min(text.count, nextCluster(after: i, in: clusters, count: text.count)) }
                    break
                }
                i += 1
            }
            var trimmed = end
            while trimmed > start, isSpace(text[trimmed - 1]) { trimmed -= 1 }
            lines.append(start..<trimmed)
            start = end
            while start < text.count, isSpace(text[start]), end < text.count { start += 1 }
        }
        return lines
    }

    private static func nextCluster(after i: Int, in starts: Set<Int>, count: Int) -> Int {
        var j = i + 1
        while j < count, !starts.contains(j) { j += 1 }
        return j
    }

    /// The characters kept when a line of these advances is cut to `width` with an
    /// ellipsis of width `ellipsis` at `mode`'s place: whole grapheme clusters from the
    /// start (`end`), the end (`start`), or both (`middle`, the shorter side first).
    static func truncate(_ text: [Unicode.Scalar], advances: [Double], width: Double, ellipsis: Double,
                         mode: TextTruncation) -> [Unicode.Scalar] {
        let starts = clusterStarts(of: text)
        let bounds = starts + [text.count]
        let widths = starts.indices.map { k in advances[bounds[k]..<bounds[k + 1]].reduce(0, +) }
        let room = width - ellipsis
        var head = 0, tail = starts.count, headWidth = 0.0, tailWidth = 0.0
        func fits(_ k: Int) -> Bool { headWidth + tailWidth + widths[k] <= room }
        func takeHead() -> Bool {
            guard head < tail, fits(head) else { return false }
            headWidth += widths[head]
            head += 1
            return true
        }
        func takeTail() -> Bool {
            guard head < tail, fits(tail - 1) else { return false }
            tailWidth += widths[tail - 1]
            tail -= 1
            return true
        }
        switch mode {
        case .none: return text
        case .end: while takeHead() {}
        case .start: while takeTail() {}
        case .middle: while headWidth <= tailWidth ? (takeHead() || takeTail()) : (takeTail() || takeHead()) {}
        }
        var kept = Array(text[0..<bounds[head]])
        while let last = kept.last, isSpace(last) { kept.removeLast() }
        var rest = Array(text[bounds[tail]...])
        while let first = rest.first, isSpace(first) { rest.removeFirst() }
        return kept + ["\u{2026}"] + rest
    }
}

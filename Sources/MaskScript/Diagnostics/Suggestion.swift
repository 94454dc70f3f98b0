/// "Did you mean" suggestions: the known word closest to a misspelt one.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a
    /// plausible typo (at most a third of the word's length, and at least one edit allowed).
    static func closest(to word: String, among candidates: [String]) -> String? {
        // Long words are never typos of our short keywords and property names; skipping
        // them keeps the quadratic distance cheap on hostile input.
        guard word.count <= 64 else { return nil }
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Edit distance over Unicode scalars, case-insensitive, where swapping two adjacent
    /// letters counts as one edit (optimal string alignment), so `widht` is one edit
    /// from `width`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().unicodeScalars), b = Array(b.lowercased().unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}

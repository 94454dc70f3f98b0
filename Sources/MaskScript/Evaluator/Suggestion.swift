/// "Did you mean" help: the known name closest to a misspelt one.
enum Suggestion {
    /// The candidate with the smallest edit distance to `name`, if it is close enough
    /// (at most a third of the name's length, and at least 1 edit allowed).
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates.sorted() where candidate != name {
            let d = distance(target, Array(candidate.lowercased()), limit: limit)
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// " (did you mean `x`?)" or "".
    static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// Levenshtein distance, giving up early once every path exceeds `limit`.
    private static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            var rowMin = current[0]
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
                rowMin = min(rowMin, current[j + 1])
            }
            if rowMin > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

/// "Did you mean" for command-line words: the known option or command a mistyped one
/// most likely meant.
enum Spelling {
    /// The candidate `word` most likely stands for, or nil when none is close.
    ///
    /// Two tests, in order: a typo (at most one edit per three letters, counting a swap of
    /// neighbours as one edit, so `--fromat` finds `--format`), then a shared start of at
    /// least two letters after the dashes, longest first (so `--foo` finds `--format` and
    /// `--out` finds `--output`). Ties go to the earlier candidate.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let bare = stripDashes(word)
        guard !bare.isEmpty, bare.count <= 64 else { return nil }
        let limit = max(1, bare.count / 3)
        var best: (candidate: String, score: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(bare, stripDashes(candidate))
            if distance <= limit, distance < (best?.score ?? Int.max) { best = (candidate, distance) }
        }
        if let best { return best.candidate }
        var longest: (candidate: String, length: Int)?
        for candidate in candidates {
            let shared = zip(bare, stripDashes(candidate)).prefix { $0 == $1 }.count
            if shared >= 2, shared > (longest?.length ?? 0) { longest = (candidate, shared) }
        }
        return longest?.candidate
    }

    /// ` (did you mean 'X'?)` for the suggestion, or the empty string.
    static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func stripDashes(_ word: String) -> [Character] {
        Array(word.drop { $0 == "-" })
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps
    /// of neighbouring characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}

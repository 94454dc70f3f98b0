import MaskScript

/// "Did you mean" for command-line words: the known option or command a mistyped one
/// most likely meant.
enum OptionSuggestion {
    /// The candidate `word` most likely stands for, or nil when none is close.
    ///
    /// Two tests, in order, on the words without their leading dashes: a typo, by the rule
    /// the language's own messages use (`--fromat` finds `--format`), then a shared start
    /// of at least two letters, longest first (`--foo` finds `--format`, `--out` finds
    /// `--output`). Ties go to the earlier candidate.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let bare = stripDashes(word)
        guard !bare.isEmpty else { return nil }
        let bareCandidates = candidates.map(stripDashes)
        if let typo = Spelling.closest(to: bare, among: bareCandidates),
           let index = bareCandidates.firstIndex(of: typo) {
            return candidates[index]
        }
        var longest: (candidate: String, length: Int)?
        for (candidate, bareCandidate) in zip(candidates, bareCandidates) {
            let shared = zip(bare, bareCandidate).prefix { $0 == $1 }.count
            if shared >= 2, shared > (longest?.length ?? 0) { longest = (candidate, shared) }
        }
        return longest?.candidate
    }

    /// ` (did you mean 'X'?)` for the suggestion, or the empty string.
    static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func stripDashes(_ word: String) -> String {
        String(word.drop { $0 == "-" })
    }
}

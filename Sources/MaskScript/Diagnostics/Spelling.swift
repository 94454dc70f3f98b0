/// "Did you mean" for hosts: the same closeness rule the language's own messages use.
public enum Spelling {
    /// The candidate nearest to `word`, if it is close enough to be a plausible typo.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        Suggestion.closest(to: word, among: candidates)
    }
}

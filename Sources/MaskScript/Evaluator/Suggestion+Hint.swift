extension Suggestion {
    /// "; did you mean `x`?" for the closest candidate, or "" when none is close. It goes
    /// last in a message, so nothing follows its question mark.
    static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates.sorted()).map { "; did you mean `\($0)`?" } ?? ""
    }
}

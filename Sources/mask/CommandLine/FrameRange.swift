/// The frames `--frames A:B` selects: A through B inclusive, whole numbers with
/// 0 ≤ A ≤ B. Whether B exists depends on the scene, so that is checked after the
/// script has run.
struct FrameRange: Equatable {
    /// The first frame to render.
    let first: Int
    /// The last frame to render (inclusive).
    let last: Int

    /// Parses `A:B`.
    /// - Throws: `UsageError` for anything but two whole numbers with A ≤ B.
    init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = WholeNumber.parse(parts[0]),
              let last = WholeNumber.parse(parts[1]) else {
            throw UsageError("invalid value '\(text)' for '--frames': expected A:B with whole numbers, such as 0:29",
                             command: .render)
        }
        guard first <= last else {
            throw UsageError("invalid value '\(text)' for '--frames': the first frame \(first) comes after the last \(last)",
                             command: .render)
        }
        self.first = first
        self.last = last
    }

    /// The frames as a range.
    var frames: ClosedRange<Int> { first...last }
}

import Foundation

/// What a test sees of one analysis's run, and where it holds it, so that a newer change
/// provably arrives while the script runs and the test observes the run stop by an event
/// (a `window/logMessage`), not by timing.
///
/// Made only in debug builds, and only when `MASK_TEST_LSP_HOLD` names the document
/// version to hold (`LSPCommand`): the run of that version's analysis pauses at its first
/// cancellation poll, after saying `running`, until a newer change of the document is
/// waiting; when the run ends, it says whether it was cancelled or ran to its end.
struct AnalysisWatch: Sendable {
    /// Called at the run's first cancellation poll; returns when the run may go on.
    let running: @Sendable () -> Void
    /// Called once the run has ended: `cancelled` when it stopped at a cancellation poll.
    let ended: @Sendable (_ cancelled: Bool) -> Void

    /// The message a test reads for each event of a held analysis.
    static func message(version: Int, _ event: String) -> String {
        "analysis of version \(version): \(event)"
    }
}

import Foundation
import MaskEngine
import MaskScript

/// What the preview shows, as the latest build left it, and the news of each build for
/// the page's event streams.
///
/// The build loop publishes; connection threads read snapshots and wait for the next one.
final class PreviewState: @unchecked Sendable {
    /// One build's outcome.
    struct Snapshot: Sendable {
        /// Counts builds from 1; 0 before the first.
        var generation = 0
        /// The last scene that built, with its frames and exports; nil until one does.
        var picture: PreviewPicture?
        /// The errors of the latest build, or nil when it was good.
        var problem: PreviewProblem?
    }

    /// Guards `current`; signalled on each publication.
    private let condition = NSCondition()
    private var current = Snapshot()

    /// The latest snapshot.
    func snapshot() -> Snapshot {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Publishes a good build: its picture replaces the last, its errors are gone.
    func publish(_ picture: PreviewPicture) {
        update { $0.picture = picture; $0.problem = nil }
    }

    /// Publishes a broken build: the last good picture stays, with these errors over it.
    func publish(_ problem: PreviewProblem) {
        update { $0.problem = problem }
    }

    private func update(_ change: (inout Snapshot) -> Void) {
        condition.lock()
        current.generation += 1
        change(&current)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to `timeout` for a build after `generation`; nil on timeout.
    func waitForBuild(after generation: Int, timeout: Duration) -> Snapshot? {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while current.generation <= generation {
            guard condition.wait(until: deadline) else { return current.generation > generation ? current : nil }
        }
        return current
    }
}

/// The errors of a build that failed, as the terminal shows them and one by one.
struct PreviewProblem: Sendable {
    /// One error (or note) with its place, when it has one.
    struct Item: Sendable {
        var severity: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        /// The rendering with the source line and caret.
        var text: String
    }

    /// Every item.
    var items: [Item]

    /// The whole text, as `mask render` prints it.
    var text: String { items.map(\.text).joined(separator: "\n") }

    /// The problem a failed build reports.
    init(_ failure: CommandFailure) {
        switch failure {
        case let .diagnostics(list, source):
            let renderer = DiagnosticRenderer(colored: false)
            items = list.diagnostics.map { d in
                Item(severity: d.severity.rawValue, message: d.message, file: d.fileName, line: d.range.start.line,
                     column: d.range.start.column,
                     text: renderer.render([d], source: source, imported: list.importedSources))
            }
        case .input(let message), .interrupted(_, let message?):
            items = [Item(severity: "error", message: message, text: "mask: error: \(message)")]
        case .usage(let error):
            items = [Item(severity: "error", message: error.message, text: "mask: error: \(error.message)")]
        case .interrupted(_, nil):
            items = [Item(severity: "error", message: "interrupted", text: "mask: interrupted")]
        }
    }
}

/// The global variables changed in each open transaction (`Snapshot`), so a failed run
/// puts back only those instead of the values of every global saved before each run
/// (which made n top-level declarations cost O(n²) in a REPL).
///
/// A global's box reports to this journal the first time it is written in a transaction;
/// restoring writes around it.
final class GlobalChanges {
    /// One open transaction: the boxes written (with their values before) and the
    /// globals added, in order.
    private struct Level {
        let id: Int
        var written: [(box: Box, value: Value?)] = []
        var added: [String] = []
    }

    private var levels: [Level] = []
    private var nextID = 1

    /// The transaction boxes write into now, or 0 when none is open.
    private(set) var current = 0

    /// Opens a transaction inside the current one.
    func begin() {
        levels.append(Level(id: nextID))
        current = nextID
        nextID += 1
    }

    /// Closes the innermost transaction, keeping its changes: the enclosing one, if any,
    /// takes over what they replaced, to put it back if it fails.
    func keep() {
        guard let level = levels.popLast() else { return }
        current = levels.last?.id ?? 0
        guard !levels.isEmpty else { return }
        levels[levels.count - 1].written += level.written
        levels[levels.count - 1].added += level.added
    }

    /// Closes the innermost transaction, undoing its changes: every box written gets its
    /// value before back (latest first, so the earliest value wins), and the globals
    /// added are removed from `globals`.
    func undo(_ globals: inout [String: Box]) {
        guard let level = levels.popLast() else { return }
        current = levels.last?.id ?? 0
        for (box, value) in level.written.reversed() { box.restore(value) }
        for name in level.added { globals[name] = nil }
    }

    /// Called by a box the first time it is written in the current transaction.
    func record(_ box: Box, value: Value?) {
        guard !levels.isEmpty else { return }
        levels[levels.count - 1].written.append((box, value))
    }

    /// Adds a global box in the current transaction; it reports its writes from now on.
    func add(_ name: String, _ box: Box, to globals: inout [String: Box]) {
        box.journal = self
        globals[name] = box
        guard !levels.isEmpty else { return }
        levels[levels.count - 1].added.append(name)
    }
}

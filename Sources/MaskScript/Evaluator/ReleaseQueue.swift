import Foundation

/// Frees chains of closures one link at a time: a value released from inside a release
/// waits on this thread's queue until the outer release loop reaches it, so freeing a
/// chain a million closures long takes a loop, not a recursion a million deep.
final class ReleaseQueue {
    private var items: [Value] = []
    private var draining = false

    private static let key = "MaskScript.ReleaseQueue"

    /// Takes `value` and releases it now, or after the release already under way on
    /// this thread.
    static func release(_ value: inout Value?) {
        let queue: ReleaseQueue
        if let existing = Thread.current.threadDictionary[key] as? ReleaseQueue {
            queue = existing
        } else {
            queue = ReleaseQueue()
            Thread.current.threadDictionary[key] = queue
        }
        // Taken, not copied: the queue must hold the only reference when it drops it.
        if let taken = value.take() { queue.items.append(taken) }
        guard !queue.draining else { return }
        queue.draining = true
        while !queue.items.isEmpty {
            // Dropping the last reference here may queue more values; the loop takes them.
            _ = queue.items.removeLast()
        }
        queue.draining = false
    }
}

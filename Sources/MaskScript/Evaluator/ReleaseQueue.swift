import Foundation

/// Frees chains of closures one link at a time: a value released from inside a release
/// waits on this thread's queue until the outer release loop reaches it, so freeing a
/// chain a million closures long takes a loop, not a recursion a million deep.
final class ReleaseQueue {
    private var items: [Value] = []
    private var draining = false

    /// Each thread's queue, kept in a POSIX thread-specific slot (released when the thread
    /// ends). Foundation's `threadDictionary` did the same, but bridged every look-up
    /// through `NSDictionary` and a dynamic cast, a visible part of a script's start-up.
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ReleaseQueue>.fromOpaque(pointer).release() }
        }
        return made == 0 ? key : nil
    }()

    private static let dictionaryKey = "MaskScript.ReleaseQueue"

    /// This thread's queue, made on first use.
    private static var current: ReleaseQueue {
        guard let slot else {
            // No slot left in the process (an embedder used them all): the thread's
            // dictionary holds the queue instead.
            if let existing = Thread.current.threadDictionary[dictionaryKey] as? ReleaseQueue { return existing }
            let queue = ReleaseQueue()
            Thread.current.threadDictionary[dictionaryKey] = queue
            return queue
        }
        if let pointer = pthread_getspecific(slot) {
            return Unmanaged<ReleaseQueue>.fromOpaque(pointer).takeUnretainedValue()
        }
        let queue = ReleaseQueue()
        // The slot owns one reference, given back by the destructor above.
        let owned = Unmanaged.passRetained(queue)
        if pthread_setspecific(slot, owned.toOpaque()) != 0 { owned.release() }
        return queue
    }

    /// Takes `value` and releases it now, or after the release already under way on
    /// this thread.
    static func release(_ value: inout Value?) {
        let queue = current
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

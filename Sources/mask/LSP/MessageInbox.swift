import Foundation

/// The messages read from the client and not yet handled, filled by a reader thread so
/// the server can see, while it analyses a document, that a newer version of that
/// document has arrived (and stop the superseded analysis).
final class MessageInbox: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var waiting: [IncomingMessage] = []
    private var first = 0
    /// How many waiting messages open, change or close each document.
    private var changes: [String: Int] = [:]
    /// True while the reader has nothing more to frame: blocked on empty input.
    private var readerIdle = false
    private var ended = false

    /// Starts a thread that reads frames from `reader` until the end of input.
    init(reading reader: MessageReader) {
        let thread = Thread { [self] in
            var reader = reader
            while true {
                // About to wait for the client: until more comes, what was read is all there is.
                if !reader.hasInput { setIdle() }
                guard let frame = reader.next() else { return finish() }
                put(IncomingMessage(frame))
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// What `next` gives.
    enum Event {
        /// A message to handle.
        case message(IncomingMessage)
        /// No message is waiting and the reader waits for input: the changes handled so
        /// far are the newest there are.
        case quiet
        /// Input has ended and every message was taken.
        case end
    }

    /// True when a waiting message opens, changes or closes `uri`: an analysis of the
    /// document's current text would be thrown away.
    func hasChange(of uri: String) -> Bool {
        condition.withLock { changes[uri, default: 0] > 0 }
    }

    /// Returns once a waiting message opens, changes or closes `uri`, or input has ended.
    func waitForChange(of uri: String) {
        condition.lock()
        defer { condition.unlock() }
        while changes[uri, default: 0] == 0, !ended { condition.wait() }
    }

    /// The next message, waiting for one; or `.quiet` as soon as none is waiting and the
    /// reader waits for the client, when `orQuiet` (the server has work for such a pause).
    func next(orQuiet: Bool) -> Event {
        condition.lock()
        defer { condition.unlock() }
        while first == waiting.count, !ended {
            if orQuiet, readerIdle { return .quiet }
            condition.wait()
        }
        guard first < waiting.count else { return .end }
        let message = waiting[first]
        first += 1
        if first == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            first = 0
        }
        if let uri = message.changedDocument {
            changes[uri, default: 1] -= 1
            if changes[uri] == 0 { changes[uri] = nil }
        }
        return .message(message)
    }

    private func put(_ message: IncomingMessage) {
        condition.withLock {
            waiting.append(message)
            if let uri = message.changedDocument { changes[uri, default: 0] += 1 }
            readerIdle = false
            condition.broadcast()
        }
    }

    private func setIdle() {
        condition.withLock {
            readerIdle = true
            condition.broadcast()
        }
    }

    private func finish() {
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }
}

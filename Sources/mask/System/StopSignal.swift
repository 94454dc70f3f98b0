import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM, turned into a flag that work loops poll.
///
/// The handler only stores the signal number, which is async-signal-safe. The script
/// runner polls `isRequested` through `ScriptOptions.isCancelled`; render workers poll it
/// before each frame and finish the frame in hand, so the atomic write of that frame
/// completes (or fails and cleans up) and no temporary file is left behind. The command
/// then exits with 128 + the signal number.
enum StopSignal {
    /// The signal received, 0 while none has arrived.
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers for SIGINT and SIGTERM.
    static func install() {
        // Touch the flag first: a static's first use runs its initializer, which must not
        // happen inside the handler.
        _ = received.load(ordering: .relaxed)
        signal(SIGINT) { StopSignal.record($0) }
        signal(SIGTERM) { StopSignal.record($0) }
    }

    /// The signal that asked us to stop, or nil.
    static var signalNumber: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// True once a signal has asked us to stop.
    static var isRequested: Bool { signalNumber != nil }

    /// Called from the signal handler: remembers the first signal.
    private static func record(_ signal: Int32) {
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
}

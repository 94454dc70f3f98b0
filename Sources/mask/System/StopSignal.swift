import Foundation
import Synchronization

/// SIGINT (Ctrl-C), SIGTERM, SIGHUP (the terminal closed) and SIGPIPE (the reader of our
/// output went away), turned into a flag that work loops poll.
///
/// The handler only stores the signal number, which is async-signal-safe. The script
/// runner polls `isRequested` through `ScriptOptions.isCancelled`; renders poll it before
/// each frame and, through the renderer's `isCancelled`, every few milliseconds of a
/// frame's drawing, so a long frame ends too. A frame stopped is dropped before anything
/// of it is written; a frame being written completes its atomic write (or fails and
/// cleans up), so no temporary file is left behind. The command then exits with 128 +
/// the signal number.
enum StopSignal {
    /// The signal received, 0 while none has arrived.
    private static let received = Atomic<Int32>(0)
    /// True while nothing would be left half done by ending the process at once (reading,
    /// parsing and checking a script, which poll nothing): a signal then exits at once
    /// with 128 + its number instead of waiting, maybe for seconds, for a poll.
    private static let exitsAtOnce = Atomic<Bool>(false)

    /// The signals that stop the command between frames.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Installs the handlers for the stopping signals, and ignores SIGXFSZ: past a file
    /// size limit (`ulimit -f`) the write then fails with EFBIG, which the atomic frame
    /// writer reports and cleans up after, instead of the signal killing the process
    /// with a temporary file left behind.
    static func install() {
        // Touch the flag first: a static's first use runs its initializer, which must not
        // happen inside the handler.
        _ = received.load(ordering: .relaxed)
        _ = exitsAtOnce.load(ordering: .relaxed)
        for number in stopping {
            signal(number) { StopSignal.record($0) }
        }
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The signal that asked us to stop, or nil.
    static var signalNumber: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// True once a signal has asked us to stop.
    static var isRequested: Bool { signalNumber != nil }

    /// Runs `body` (which writes no file) so that a stopping signal ends the process at once.
    static func exitingAtOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        exitsAtOnce.store(true, ordering: .sequentiallyConsistent)
        defer { exitsAtOnce.store(false, ordering: .sequentiallyConsistent) }
        if let signal = signalNumber { _exit(128 + signal) }
        return try body()
    }

    /// Called from the signal handler: remembers the first signal, or ends the process
    /// when nothing is in hand (`_exit` is async-signal-safe).
    private static func record(_ signal: Int32) {
        if exitsAtOnce.load(ordering: .sequentiallyConsistent) { _exit(128 + signal) }
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .relaxed)
    }
}

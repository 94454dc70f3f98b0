/// How a frame being drawn learns that it should stop: a frame can be long (the default
/// budget allows about a second of work, a raised one minutes), and a stop request (a
/// signal, a closed connection, a cancelled task) must not wait for its end.
///
/// The work the frame counts against `RenderBudget.work` is also spent here, as it is
/// done: the layers as the walk enters them, and the long loops (a shadow's or a
/// feather's blur, an expansion) row by row. Every `interval` units the check is asked
/// once, so its cost is a subtraction per layer or row and one call every few
/// milliseconds, whatever the scene. When the check says stop, `spend` throws
/// `CancellationError` and the frame unwinds as it does for any error: nothing of it is
/// delivered, and the thread's buffers serve the next frame as before.
///
/// One belongs to each `BufferPool` (one thread's), set for the span of a frame.
final class FrameStop {
    /// The work between two checks by default: about a millisecond of a release build's drawing.
    static let defaultInterval = 4_000_000

    /// The work between two checks (tests make it small to see many checks in a small frame).
    var interval = FrameStop.defaultInterval

    /// Asked every `interval` units of work: true stops the frame.
    private var isCancelled: () -> Bool = { false }
    /// The work left before the next check.
    private var untilCheck = FrameStop.defaultInterval

    /// Runs `body` (a frame) with `isCancelled` asked as its work is spent, and no check after.
    func during<T>(_ isCancelled: () -> Bool, _ body: () throws -> T) throws -> T {
        try withoutActuallyEscaping(isCancelled) { check in
            self.isCancelled = check
            untilCheck = interval
            // The closure must not outlive the call (`withoutActuallyEscaping` checks it).
            defer { self.isCancelled = { false } }
            return try body()
        }
    }

    /// Counts `units` of work about to be done, and asks the check when `interval` have
    /// passed since it was last asked.
    /// - Throws: `CancellationError` when the check says stop.
    @inline(__always)
    func spend(_ units: Int) throws {
        untilCheck &-= units
        if untilCheck <= 0 { try check() }
    }

    /// Asks the check now.
    /// - Throws: `CancellationError` when it says stop.
    func check() throws {
        untilCheck = interval
        if isCancelled() { throw CancellationError() }
    }
}

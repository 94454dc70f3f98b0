import Foundation
import Synchronization

/// The work shared by the render threads: which frame is next, how many are written,
/// and the first failure.
///
/// Threads take frames in increasing order and never hold more than one image each, so
/// memory stays at one frame per job however long the render. They render, encode and
/// write (under temporary names) in parallel but rename in turn, frame after frame, so the
/// files appear in order and an interrupted or failed render leaves exactly the frames
/// before some point.
final class FrameQueue: Sendable {
    /// A frame that could not be rendered or written, and why.
    struct Failure: Sendable {
        /// The frame.
        let frame: Int
        /// The complete message.
        let message: String
    }

    /// The frames to render.
    let frames: ClosedRange<Int>
    private let nextFrame: Atomic<Int>
    private let written = Atomic<Int>(0)
    private let failure = Mutex<Failure?>(nil)
    /// The frame whose turn it is to be written; changed and waited for under `turn`.
    private let nextToWrite: Atomic<Int>
    private let turn = NSCondition()

    /// Polled before each frame is taken: true stops the render after the frames in hand.
    private let shouldStop: @Sendable () -> Bool

    /// A queue over `frames`, stopped by a stop signal (`StopSignal`) unless `shouldStop`
    /// says otherwise (the REPL's Ctrl-C returns to the prompt instead).
    init(frames: ClosedRange<Int>, shouldStop: @escaping @Sendable () -> Bool = { StopSignal.isRequested }) {
        self.frames = frames
        self.shouldStop = shouldStop
        nextFrame = Atomic(frames.lowerBound)
        nextToWrite = Atomic(frames.lowerBound)
    }

    /// The next frame to render, or nil when they are all taken, a frame has failed or
    /// `shouldStop` asked us to stop.
    func take() -> Int? {
        guard !shouldStop(), failure.withLock({ $0 == nil }) else { return nil }
        let frame = nextFrame.wrappingAdd(1, ordering: .relaxed).oldValue
        return frame <= frames.upperBound ? frame : nil
    }

    /// Waits until every frame before `frame` is written; false when the render failed
    /// meanwhile, and `frame` must not be written.
    func waitForTurn(_ frame: Int) -> Bool {
        turn.lock()
        defer { turn.unlock() }
        while nextToWrite.load(ordering: .relaxed) != frame {
            if firstFailure != nil { return false }
            turn.wait()
        }
        return firstFailure == nil
    }

    /// Records `frame` written, and gives the turn to the next one.
    func markWritten(_ frame: Int) {
        written.add(1, ordering: .relaxed)
        turn.lock()
        nextToWrite.store(frame + 1, ordering: .relaxed)
        turn.broadcast()
        turn.unlock()
    }

    /// How many frames are written so far.
    var writtenCount: Int { written.load(ordering: .relaxed) }

    /// Records a failure; when several frames fail, the lowest one is kept, so the
    /// message does not depend on thread timing.
    func fail(_ new: Failure) {
        failure.withLock { current in
            if current.map({ new.frame < $0.frame }) ?? true { current = new }
        }
        // Threads waiting for their turn behind a frame that will never be written.
        turn.lock()
        turn.broadcast()
        turn.unlock()
    }

    /// The failure kept, if any.
    var firstFailure: Failure? { failure.withLock { $0 } }
}

import Synchronization

/// The work shared by the render threads: which frame is next, how many are written,
/// and the first failure.
///
/// Threads take frames in increasing order and never hold more than one image each, so
/// memory stays at one frame per job however long the render.
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

    /// A queue over `frames`.
    init(frames: ClosedRange<Int>) {
        self.frames = frames
        nextFrame = Atomic(frames.lowerBound)
    }

    /// The next frame to render, or nil when they are all taken, a frame has failed or a
    /// signal asked us to stop.
    func take() -> Int? {
        guard !StopSignal.isRequested, failure.withLock({ $0 == nil }) else { return nil }
        let frame = nextFrame.wrappingAdd(1, ordering: .relaxed).oldValue
        return frame <= frames.upperBound ? frame : nil
    }

    /// Records a frame written.
    func markWritten() {
        written.add(1, ordering: .relaxed)
    }

    /// How many frames are written so far.
    var writtenCount: Int { written.load(ordering: .relaxed) }

    /// Records a failure; when several frames fail, the lowest one is kept, so the
    /// message does not depend on thread timing.
    func fail(_ new: Failure) {
        failure.withLock { current in
            if current.map({ new.frame < $0.frame }) ?? true { current = new }
        }
    }

    /// The failure kept, if any.
    var firstFailure: Failure? { failure.withLock { $0 } }
}

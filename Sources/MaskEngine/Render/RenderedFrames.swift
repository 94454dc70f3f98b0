import Foundation

/// One frame of `Renderer.frames(_:jobs:)`: its number and its image.
public struct RenderedFrame: Sendable {
    /// The frame number.
    public let index: Int
    /// The frame, `canvas.width × canvas.height`, opaque.
    public let image: Image
}

extension Renderer {
    /// The frames as an asynchronous sequence, in order, rendered on `jobs` threads a few
    /// frames ahead of the consumer (`renderFrames(_:jobs:isCancelled:_:)` on a thread of
    /// its own). Cancelling the task that iterates, or leaving the loop, stops the render.
    ///
    /// ```swift
    /// for try await frame in renderer.frames(jobs: 4) {
    ///     try frame.image.write(toFile: "frame_\(frame.index).png")
    /// }
    /// ```
    /// - Parameters:
    ///   - frames: the frame numbers; every frame of the scene by default.
    ///   - jobs: how many threads render at once (at least 1).
    public func frames(_ frames: Range<Int>? = nil, jobs: Int = 1) -> RenderedFrames {
        RenderedFrames(renderer: self, frames: frames ?? frameIndices, jobs: jobs)
    }
}

/// The frames of a render as an `AsyncSequence` (see `Renderer.frames(_:jobs:)`). Each
/// iteration renders the frames again. Iterating throws `CancellationError` when its task
/// is cancelled and `FrameError` for a frame that could not be rendered.
public struct RenderedFrames: AsyncSequence, Sendable {
    public typealias Element = RenderedFrame

    let renderer: Renderer
    let frames: Range<Int>
    let jobs: Int

    /// Starts the render.
    public func makeAsyncIterator() -> Iterator {
        let channel = FrameChannel()
        let (renderer, frames, jobs) = (self.renderer, self.frames, self.jobs)
        do {
            try SystemThread.start(stackSize: Renderer.threadStackSize) {
                do {
                    try renderer.renderFrames(frames, jobs: jobs, isCancelled: { channel.isCancelled },
                                              prepare: { { index, image in RenderedFrame(index: index, image: image) } }) { _, frame in
                        channel.send(frame)
                    }
                    channel.finish(.success(()))
                } catch {
                    channel.finish(.failure(error))
                }
            }
        } catch {
            // The first `next()` throws it, as it would a frame's error.
            channel.finish(.failure(FrameError(frame: frames.lowerBound, error: error)))
        }
        return Iterator(lifetime: Lifetime(channel: channel))
    }

    /// Gives the frames one after another.
    public struct Iterator: AsyncIteratorProtocol {
        let lifetime: Lifetime

        /// The next frame, or nil after the last.
        /// - Throws: `CancellationError` when the task is cancelled, `FrameError`.
        public mutating func next() async throws -> RenderedFrame? {
            try await lifetime.channel.receive()
        }
    }

    /// Stops the render when the last copy of an iterator goes away (a loop left early).
    final class Lifetime: Sendable {
        let channel: FrameChannel

        init(channel: FrameChannel) {
            self.channel = channel
        }

        deinit { channel.cancel() }
    }
}

/// Hands frames from the render thread to the consumer one at a time: the render thread
/// blocks until the frame before is taken, so at most one frame waits beyond the render's
/// own window.
final class FrameChannel: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var buffered: RenderedFrame?
    private var waiting: CheckedContinuation<RenderedFrame?, any Error>?
    private var ending: Result<Void, any Error>?
    private var cancelled = false

    /// True once the consumer is gone or its task was cancelled.
    var isCancelled: Bool { condition.withLock { cancelled } }

    /// The render thread: hands over a frame, waiting while the one before is not taken.
    func send(_ frame: RenderedFrame) {
        condition.lock()
        while buffered != nil, !cancelled { condition.wait() }
        guard !cancelled else { return condition.unlock() }
        if let consumer = waiting {
            waiting = nil
            condition.unlock()
            consumer.resume(returning: frame)
        } else {
            buffered = frame
            condition.unlock()
        }
    }

    /// The render thread: the render ended, with this result.
    func finish(_ result: Result<Void, any Error>) {
        condition.lock()
        ending = result
        let consumer = waiting
        waiting = nil
        if consumer != nil { ending = .success(()) }
        condition.unlock()
        consumer?.resume(with: result.map { nil })
    }

    /// The consumer left or its task was cancelled: stops the render thread.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        let consumer = waiting
        waiting = nil
        condition.unlock()
        consumer?.resume(throwing: CancellationError())
    }

    /// The consumer: the next frame, nil at the end.
    func receive() async throws -> RenderedFrame? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (consumer: CheckedContinuation<RenderedFrame?, any Error>) in
                condition.lock()
                if cancelled {
                    condition.unlock()
                    consumer.resume(throwing: CancellationError())
                } else if let frame = buffered {
                    buffered = nil
                    condition.broadcast()
                    condition.unlock()
                    consumer.resume(returning: frame)
                } else if let result = ending {
                    // A failure is thrown once; after it the sequence is over.
                    ending = .success(())
                    condition.unlock()
                    consumer.resume(with: result.map { nil })
                } else {
                    waiting = consumer
                    condition.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }
}

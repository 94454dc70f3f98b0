import Foundation
import Synchronization

/// The one frame loop behind `Renderer.renderFrames` (and so `mask render`, the REPL's
/// `:render` and `Renderer.frames`): worker threads render frames and prepare each (encode
/// it, say) in parallel; the calling thread receives them in order.
///
/// Workers take positions in increasing order and do not start one more than `window`
/// ahead of the next to deliver, so memory stays a few frames whatever the length of the
/// render. When a frame fails, no worker starts another; the frames before it are still
/// delivered, then its error is thrown, so what a render leaves behind is always the
/// frames before some point, and the error reported is the first in order whatever the
/// timing. The bytes delivered do not depend on the number of workers. Once the loop is
/// stopped (cancelled, or a frame or `body` failed), the frames in hand stop too, within
/// a few milliseconds of drawing (`FrameStop`), and none of them is delivered.
final class FrameLoop<Prepared: Sendable>: @unchecked Sendable {
    /// How many positions there are, and the frame number at each.
    private let count: Int
    private let frameAt: @Sendable (Int) -> Int
    private let window: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextToRender = 0
    private var nextToDeliver = 0
    private var done: [Int: Prepared] = [:]
    private var failure: (position: Int, error: any Error)?
    private var stopped = false
    /// `stopped`, read without the lock by the workers' frames as they draw.
    private let abandoned = Atomic<Bool>(false)

    init<Frames: RandomAccessCollection<Int> & Sendable>(frames: Frames, window: Int) {
        count = frames.count
        frameAt = { frames[frames.index(frames.startIndex, offsetBy: $0)] }
        self.window = max(1, window)
    }

    /// One worker: takes the next position within the window, renders its frame into
    /// `buffers`, which it keeps from frame to frame, and prepares it with its own
    /// `prepare` step.
    func work(_ renderer: Renderer, buffers: RenderBuffers, prepare: (_ index: Int, _ image: Image) throws -> Prepared) {
        while let position = take() {
            let frame = frameAt(position)
            let result: Result<Prepared, any Error>
            do {
                result = try renderer.renderFrame(frame, using: buffers, isCancelled: { abandoned.load(ordering: .relaxed) }) { image in
                    Result { try prepare(frame, image) }
                }
            } catch {
                result = .failure(FrameError(frame: frame, error: error))
            }
            condition.withLock {
                switch result {
                case .success(let value): done[position] = value
                case .failure(let error):
                    if position < (failure?.position ?? .max) { failure = (position, error) }
                }
                condition.broadcast()
            }
            if case .failure = result { return }
        }
    }

    /// The next position to render, or nil when all are taken, one failed, or the loop stopped.
    private func take() -> Int? {
        condition.withLock {
            while !stopped, failure == nil, nextToRender < count, nextToRender >= nextToDeliver + window {
                condition.wait()
            }
            guard !stopped, failure == nil, nextToRender < count else { return nil }
            defer { nextToRender += 1 }
            return nextToRender
        }
    }

    /// What the calling thread gets next.
    enum Delivery {
        case frame(index: Int, Prepared)
        case failed(any Error)
        case cancelled
        case end
    }

    /// The next frame in order once it is ready; `isCancelled` is asked before each frame
    /// and every few milliseconds while waiting, on the calling thread.
    func next(isCancelled: () -> Bool) -> Delivery {
        while true {
            if isCancelled() { return .cancelled }
            let ready: Delivery? = condition.withLock {
                if nextToDeliver == count { return .end }
                if let value = done.removeValue(forKey: nextToDeliver) {
                    defer { nextToDeliver += 1 }
                    condition.broadcast()
                    return .frame(index: frameAt(nextToDeliver), value)
                }
                if let failure, failure.position == nextToDeliver { return .failed(failure.error) }
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
                return nil
            }
            if let ready { return ready }
        }
    }

    /// Stops the workers after the frames in hand.
    func stop() {
        abandoned.store(true, ordering: .relaxed)
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Lets go of the frames prepared but never delivered (the render stopped or failed),
    /// on the calling thread once the workers are done: what they hold (a staged file that
    /// removes itself) is released before `renderFrames` returns, not whenever the last
    /// worker thread's closure happens to be freed.
    func discardUndelivered() {
        let undelivered = condition.withLock {
            defer { done = [:] }
            return done
        }
        withExtendedLifetime(undelivered) {}
    }
}

/// A frame that `Renderer.renderFrames` could not render: its number and the renderer's error.
public struct FrameError: Error, CustomStringConvertible {
    /// The frame number.
    public let frame: Int
    /// Why it could not be rendered (`RenderError`, `SceneError`, ...).
    public let error: any Error

    /// `cannot render frame 12: REASON`.
    public var description: String { "cannot render frame \(frame): \(error)" }
}

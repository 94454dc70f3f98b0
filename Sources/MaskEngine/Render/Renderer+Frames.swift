import Foundation

extension Renderer {
    /// Every frame number of the scene, `0 ..< frameCount` (empty when the count is not
    /// representable).
    public var frameIndices: Range<Int> { 0..<(scene.frameCount ?? 0) }

    /// The stack of each render thread: 8 MiB, the main thread's usual size, so a deep
    /// layer tree renders on any number of threads.
    public static let threadStackSize = 8 << 20

    /// Renders frames on `jobs` threads and hands each to `body` in order, on the calling
    /// thread, as soon as it and every frame before it are done. A frame starts at most
    /// `2 × jobs` ahead of the next one due, so a long render holds only a few frames.
    /// The images are the same for every `jobs`.
    /// - Parameters:
    ///   - frames: the frame numbers; every frame of the scene by default.
    ///   - jobs: how many threads render at once (at least 1).
    ///   - isCancelled: asked on the calling thread before each frame is delivered and
    ///     while waiting for one; when it returns true the render stops, the frames being
    ///     drawn within a few milliseconds of their work (see `render(at:using:isCancelled:_:)`).
    ///   - body: receives each frame number and image.
    /// - Throws: `CancellationError` when cancelled, `FrameError` for the first frame (in
    ///   order) that could not be rendered, after every frame before it was delivered,
    ///   and whatever `body` throws.
    public func renderFrames(_ frames: Range<Int>? = nil, jobs: Int = 1, isCancelled: () -> Bool = { false },
                             _ body: (_ index: Int, _ image: Image) throws -> Void) throws {
        try renderFrames(frames ?? frameIndices, jobs: jobs, isCancelled: isCancelled, prepare: { { _, image in image } }, body)
    }

    /// Renders frames on `jobs` threads, turns each into a value with `prepare` on the
    /// thread that rendered it (encoding frames in parallel, for example), and hands the
    /// values to `body` in the order of `frames`, on the calling thread. This is the one
    /// frame loop: the other `renderFrames`, `frames(_:jobs:)` and `mask render` use it.
    /// - Parameters:
    ///   - frames: the frame numbers, in the order to deliver them.
    ///   - jobs: how many threads render at once (at least 1).
    ///   - isCancelled: asked on the calling thread before each delivery and while waiting.
    ///   - prepare: called once on each render thread; gives that thread's step from a
    ///     frame number and its image (valid only during the call) to the value delivered,
    ///     so a step may keep its own buffers from frame to frame.
    ///   - body: receives each frame number and its prepared value.
    /// - Throws: `CancellationError` when cancelled, `FrameError` for the first frame (in
    ///   order) that could not be rendered, what `prepare`'s step throws for the first
    ///   frame it fails on, and what `body` throws; in each case after the frames before it
    ///   were delivered and every thread has stopped.
    public func renderFrames<Frames: RandomAccessCollection<Int> & Sendable, Prepared: Sendable>(
        _ frames: Frames, jobs: Int, isCancelled: () -> Bool = { false },
        prepare: @escaping @Sendable () -> (_ index: Int, _ image: Image) throws -> Prepared,
        _ body: (_ index: Int, _ prepared: Prepared) throws -> Void) throws {
        guard !frames.isEmpty else { return }
        let threads = max(1, min(jobs, frames.count))
        let loop = FrameLoop<Prepared>(frames: frames, window: 2 * threads)
        let group = DispatchGroup()
        for started in 0..<threads {
            group.enter()
            do {
                try SystemThread.start(stackSize: Renderer.threadStackSize) { [self] in
                    let (buffers, step) = (RenderBuffers(), prepare())
                    loop.work(self, buffers: buffers, prepare: step)
                    group.leave()
                    // The thread's buffers (tens of megabytes) and its step's are freed
                    // after the caller is let go, not before: a short render returns
                    // (and `mask render` exits) without waiting for the unmapping.
                    withExtendedLifetime((buffers, step)) {}
                }
            } catch {
                group.leave()
                // Fewer threads than asked render the frames all the same; none cannot.
                if started > 0 { break }
                throw FrameError(frame: frames[frames.startIndex], error: error)
            }
        }
        defer {
            loop.stop()
            group.wait()
            loop.discardUndelivered()
        }
        while true {
            switch loop.next(isCancelled: isCancelled) {
            case .frame(let index, let value): try body(index, value)
            case .failed(let error): throw error
            case .cancelled: throw CancellationError()
            case .end: return
            }
        }
    }
}

import Dispatch
import Foundation
import MaskEngine

/// Renders a run of frames on `jobs` threads and writes each frame as soon as it is done.
///
/// Each file is written atomically by `ImageWriter` (a temporary name in
/// the same directory, then a rename), so an interrupted render never leaves a partial
/// frame, and only the frames' own names are ever written. The bytes of every frame are
/// the same whatever `jobs` is: each depends only on the scene and its index.
struct FrameSequenceWriter {
    /// Renders the frames.
    let renderer: Renderer
    /// Where the frames go; it must exist.
    let directory: String
    /// The file format.
    let format: ImageFormat
    /// How many threads render at once.
    let jobs: Int
    /// Polled between frames: true stops the render (a stop signal, or the REPL's Ctrl-C).
    var shouldStop: @Sendable () -> Bool = { StopSignal.isRequested }

    /// The stack of each render thread: 8 MiB.
    static let threadStackSize = 8 << 20

    /// Renders and writes `frames`, showing progress on `progress` if given; returns how
    /// many were written (fewer when `shouldStop` stopped it).
    /// - Throws: `CommandFailure.input` naming the first frame that failed, or
    ///   `.interrupted` with a summary of what was written.
    @discardableResult
    func write(_ frames: ClosedRange<Int>, progress: ProgressLine?) throws(CommandFailure) -> Int {
        let queue = FrameQueue(frames: frames, shouldStop: shouldStop)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, frames.count) {
            group.enter()
            let thread = Thread { [self] in
                work(queue)
                group.leave()
            }
            // The main thread's usual size, so a deep layer tree renders with any --jobs.
            thread.stackSize = FrameSequenceWriter.threadStackSize
            thread.start()
        }
        if let progress {
            // Shown at once, so even a render shorter than one update interval says what it did.
            progress.update(done: 0)
            var shown = 0
            while group.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                let done = queue.writtenCount
                if done != shown { progress.update(done: done) }
                shown = done
            }
            progress.clear()
        } else {
            group.wait()
        }

        if let signal = StopSignal.signalNumber {
            throw .interrupted(signal: signal, summary: "interrupted; \(queue.writtenCount) of \(frames.count) frames written")
        }
        if let failure = queue.firstFailure { throw .input(failure.message) }
        return queue.writtenCount
    }

    /// One thread's loop: take a frame, render, encode and write it under a temporary name,
    /// rename it when every earlier frame is written, until the queue says stop. The thread keeps its render buffers
    /// and its file buffer from frame to frame.
    private func work(_ queue: FrameQueue) {
        let buffers = RenderBuffers()
        let writer = ImageWriter()
        while let frame = queue.take() {
            let path = FrameFileName.path(ofFrame: frame, format: format, in: directory)
            do {
                let written = try renderer.renderFrame(frame, using: buffers) { image in
                    Result { try writer.write(image, toFile: path, format: format) { queue.waitForTurn(frame) } }
                }
                switch written {
                case .failure(let error):
                    queue.fail(.init(frame: frame, message: "\(error)"))
                    return
                case .success(false):
                    return
                case .success(true):
                    break
                }
            } catch {
                queue.fail(.init(frame: frame, message: "cannot render frame \(frame): \(RenderFailure.message(error))"))
                return
            }
            queue.markWritten(frame)
        }
    }
}

import Foundation
import MaskEngine
import MaskScript

/// Renders a run of frames on `jobs` threads and writes each frame as soon as it and the
/// ones before it are done, through the library's one frame loop
/// (`Renderer.renderFrames(_:jobs:isCancelled:prepare:_:)`): the render threads encode
/// their frames and write them under temporary names in parallel, and the files are
/// renamed into place in order.
///
/// Each file is written atomically (a temporary name in the same directory, then a
/// rename; a staged frame that is never renamed is removed), so an interrupted or failed render leaves exactly the frames before some
/// point and never a partial one, and only the frames' own names are ever written. The
/// bytes of every frame are the same whatever `jobs` is: each depends only on the scene
/// and its index.
struct FrameSequenceWriter {
    /// Renders the frames.
    let renderer: Renderer
    /// Where the frames go; it must exist.
    let directory: String
    /// The file format.
    let format: ImageFormat
    /// How many threads render at once.
    let jobs: Int
    /// Where the script made the scene's layers, for errors at their lines.
    var sources: SourceMap?
    /// Polled between frames: true stops the render (a stop signal, or the REPL's Ctrl-C).
    var shouldStop: () -> Bool = { StopSignal.isRequested }

    /// Renders and writes `frames`, showing progress on `progress` if given; returns how
    /// many were written (fewer when `shouldStop` stopped it).
    /// - Throws: `CommandFailure.input` naming the first frame that failed, or
    ///   `.interrupted` with a summary of what was written.
    @discardableResult
    func write(_ frames: ClosedRange<Int>, progress: ProgressLine?) throws(CommandFailure) -> Int {
        let (directory, format) = (self.directory, self.format)
        var written = 0
        progress?.update(done: 0)
        defer { progress?.clear() }
        do {
            try renderer.renderFrames(frames, jobs: jobs, isCancelled: shouldStop, prepare: {
                // Each render thread keeps its encoding buffer and compressor.
                let writer = ImageWriter()
                // Written at once under a temporary name; only the rename waits for the
                // frames before it, so one thread's file write does not hold up another's.
                return { frame, image in
                    let path = FrameFileName.path(ofFrame: frame, format: format, in: directory)
                    return try writer.stage(image, toFile: path, format: format, preparing: FrameFileSpace.reserve)
                }
            }) { _, staged in
                try staged.commit()
                written += 1
                progress?.update(done: written)
            }
        } catch is CancellationError {
            // Stopped: by a signal (reported below), or by the REPL's Ctrl-C.
        } catch let failure as FrameError {
            throw RenderFailure.failure(failure.error, doing: "cannot render frame \(failure.frame)", sources: sources)
        } catch {
            throw .input("\(error)")
        }
        if let signal = StopSignal.signalNumber {
            throw .interrupted(signal: signal, summary: "interrupted; \(written) of \(frames.count) frames written")
        }
        return written
    }
}

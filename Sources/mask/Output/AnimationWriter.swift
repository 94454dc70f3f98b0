import Foundation
import MaskEngine
import MaskScript

/// Renders frames on `jobs` threads and hands them, in order, to one `AnimationSink`
/// (an APNG file, ffmpeg making a GIF, MP4 or WebM, or a contact sheet), through the
/// library's one frame loop (`Renderer.renderFrames(_:jobs:isCancelled:prepare:_:)`): the
/// render threads turn their frames into RGB in parallel, and a frame starts at most
/// `2 × jobs` ahead of the next one due, so memory stays a few frames whatever the length
/// of the animation. The sink sees the same bytes for every `jobs`.
struct AnimationWriter {
    /// Renders the frames.
    let renderer: Renderer
    /// How many threads render at once.
    let jobs: Int
    /// Where the script made the scene's layers, for errors at their lines.
    var sources: SourceMap?

    /// Renders `frames`, in the order given, into `sink`, then finishes it; on failure or
    /// a stop signal the sink is abandoned, so no file remains.
    /// - Throws: `CommandFailure.input` naming the frame or the sink's reason, or
    ///   `.interrupted`.
    func write(_ frames: [Int], to sink: AnimationSink, progress: ProgressLine?) throws(CommandFailure) {
        progress?.update(done: 0)
        var sent = 0
        do {
            try renderer.renderFrames(frames, jobs: jobs, isCancelled: { StopSignal.isRequested },
                                      prepare: { { _, image in image.opaqueRGB() } }) { _, rgb in
                try rgb.withUnsafeBufferPointer { try sink.append(rgb: $0) }
                sent += 1
                progress?.update(done: sent)
            }
        } catch {
            progress?.clear()
            sink.abandon()
            if let signal = StopSignal.signalNumber { throw .interrupted(signal: signal, summary: "interrupted; no animation written") }
            if let failure = error as? FrameError {
                throw RenderFailure.failure(failure.error, doing: "cannot render frame \(failure.frame)", sources: sources)
            }
            throw .input("\(error)")
        }
        progress?.clear()
        if let signal = StopSignal.signalNumber {
            sink.abandon()
            throw .interrupted(signal: signal, summary: "interrupted; no animation written")
        }
        do { try sink.finish() } catch { throw .input("\(error)") }
    }
}

extension Image {
    /// The RGB bytes of an opaque image (a rendered frame): its premultiplied colour,
    /// which for opaque pixels is the colour itself.
    func opaqueRGB() -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeBufferPointer { px in
            rgb.withUnsafeMutableBufferPointer { out in
                var o = 0
                var i = 0
                while i < px.count {
                    out[o] = px[i]
                    out[o + 1] = px[i + 1]
                    out[o + 2] = px[i + 2]
                    o += 3
                    i += 4
                }
            }
        }
        return rgb
    }
}

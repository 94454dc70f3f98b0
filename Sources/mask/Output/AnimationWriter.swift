import Foundation
import MaskEngine

/// Renders frames on `jobs` threads and hands them, in order, to one `AnimationSink`
/// (an APNG file, ffmpeg making a GIF, MP4 or WebM, or a contact sheet).
///
/// Frames finish out of order when several threads render; a finished frame waits in a
/// small window until the ones before it have gone to the sink. A thread does not start a
/// frame more than `2 × jobs` ahead of the next one due, so memory stays a few frames
/// whatever the length of the animation. The sink sees the same bytes for every `jobs`.
struct AnimationWriter {
    /// Renders the frames.
    let renderer: Renderer
    /// How many threads render at once.
    let jobs: Int

    /// Renders `frames`, in the order given, into `sink`, then finishes it; on failure or
    /// a stop signal the sink is abandoned, so no file remains.
    /// - Throws: `CommandFailure.input` naming the frame or the sink's reason, or
    ///   `.interrupted`.
    func write(_ frames: [Int], to sink: AnimationSink, progress: ProgressLine?) throws(CommandFailure) {
        let window = OrderedFrames(frames: frames, window: 2 * jobs)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, frames.count) {
            group.enter()
            let thread = Thread { [renderer] in
                window.work(renderer)
                group.leave()
            }
            thread.stackSize = FrameSequenceWriter.threadStackSize
            thread.start()
        }
        progress?.update(done: 0)
        var sinkError: Error?
        var sent = 0
        while let rgb = window.nextInOrder() {
            do {
                try rgb.withUnsafeBufferPointer { try sink.append(rgb: $0) }
            } catch {
                sinkError = error
                window.stop()
                break
            }
            sent += 1
            progress?.update(done: sent)
        }
        group.wait()
        progress?.clear()

        if let signal = StopSignal.signalNumber {
            sink.abandon()
            throw .interrupted(signal: signal, summary: "interrupted; no animation written")
        }
        if let sinkError {
            sink.abandon()
            throw .input("\(sinkError)")
        }
        if let failure = window.failure {
            sink.abandon()
            throw .input(failure)
        }
        do { try sink.finish() } catch { throw .input("\(error)") }
    }
}

/// The frames of one animation as the render threads finish them, released in order.
/// Positions count in `frames`, the frame numbers to render in the order to send them.
private final class OrderedFrames: @unchecked Sendable {
    private let frames: [Int]
    private let window: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextToRender = 0
    private var nextToSend = 0
    private var done: [Int: [UInt8]] = [:]
    private var stopped = false
    private var failureMessage: String?
    private var failedPosition: Int?

    init(frames: [Int], window: Int) {
        self.frames = frames
        self.window = max(window, 1)
    }

    /// One render thread: take the next frame within the window, render it, leave it.
    /// The thread keeps its render buffers from frame to frame.
    func work(_ renderer: Renderer) {
        let buffers = RenderBuffers()
        while let position = take() {
            let frame = frames[position]
            do {
                let rgb = try renderer.renderFrame(frame, using: buffers) { $0.opaqueRGB() }
                condition.withLock {
                    done[position] = rgb
                    condition.broadcast()
                }
            } catch {
                fail("cannot render frame \(frame): \(RenderFailure.message(error))", at: position)
                return
            }
        }
    }

    /// The position of the next frame to render, or nil when all are taken or the render
    /// stopped.
    private func take() -> Int? {
        condition.withLock {
            while !stopped, !StopSignal.isRequested, nextToRender < frames.count, nextToRender >= nextToSend + window {
                _ = condition.wait(until: Date().addingTimeInterval(0.1))
            }
            guard !stopped, !StopSignal.isRequested, nextToRender < frames.count else { return nil }
            defer { nextToRender += 1 }
            return nextToRender
        }
    }

    /// The next frame in order once it is rendered; nil at the end, on failure or stop.
    func nextInOrder() -> [UInt8]? {
        condition.withLock {
            while !stopped, !StopSignal.isRequested, nextToSend < frames.count, done[nextToSend] == nil {
                _ = condition.wait(until: Date().addingTimeInterval(0.1))
            }
            guard !stopped, !StopSignal.isRequested, let rgb = done.removeValue(forKey: nextToSend) else { return nil }
            nextToSend += 1
            condition.broadcast()
            return rgb
        }
    }

    /// Stops every thread (the sink failed).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Records a render failure; the earliest frame's message is kept.
    private func fail(_ message: String, at position: Int) {
        condition.withLock {
            if position < (failedPosition ?? .max) {
                failureMessage = message
                failedPosition = position
            }
            stopped = true
            condition.broadcast()
        }
    }

    /// Why a frame could not be rendered, if one could not.
    var failure: String? { condition.withLock { failureMessage } }
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

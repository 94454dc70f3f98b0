import MaskEngine
import MaskScript

/// `mask render`: runs a script, then writes its frames, one still image, one animation
/// file or a contact sheet.
struct RenderCommand {
    /// The validated command line.
    let options: RenderOptions

    /// Runs the script and writes the output.
    /// - Throws: `CommandFailure` for errors in the script, frames out of range, an output
    ///   that cannot be written, or a signal.
    func run() throws(CommandFailure) {
        try write(try ScriptRunner.scene(ofScriptAt: options.scriptPath))
    }

    /// Writes what the options ask for of a scene a script built; errors point at its lines.
    func write(_ built: BuiltScene) throws(CommandFailure) {
        try write(built.scene, sources: built.sourceMap)
    }

    /// Writes what the options ask for of a scene already built.
    /// - Throws: `CommandFailure` for frames out of range, an output that cannot be
    ///   written, or a signal.
    func write(_ scene: Scene, sources: SourceMap? = nil) throws(CommandFailure) {
        let renderer = Renderer(scene: scene, budget: options.settings.budget)
        let started = ContinuousClock.now
        let showsProgress = !options.settings.quiet && StandardStreams.errorIsTerminal
        func frameCount() throws(CommandFailure) -> Int {
            guard let count = scene.frameCount, count >= 1 else { throw .input("the scene has too many frames to render") }
            return count
        }
        switch options.target {
        case .sequence(let directory, _, _, _):
            AbandonedTemporaries.remove(in: directory) { StaleFrames.frameNumber($0) != nil }
        case .still(_, let file, _), .animation(let file, _, _), .sheet(let file, _, _, _, _):
            AbandonedTemporaries.remove(besides: file)
        }
        switch options.target {
        case let .still(time, file, format):
            try writeStill(renderer, at: time, to: file, format: format, sources: sources)
        case let .sequence(directory, format, range, clean):
            let count = try frameCount()
            let frames = try selectedFrames(range, of: count)
            try Directory.create(directory)
            let writer = FrameSequenceWriter(renderer: renderer, directory: directory, format: format, jobs: options.settings.jobs,
                                             sources: sources)
            try writer.write(frames, progress: showsProgress ? ProgressLine(total: frames.count) : nil)
            try reportStaleFrames(in: directory, frameCount: count, clean: clean)
            finalLine("wrote \(frames.count) \(frames.count == 1 ? "frame" : "frames") to \(directory)/", frames: frames.count, since: started)
        case let .animation(file, format, range):
            let frames = try selectedFrames(range, of: try frameCount())
            let sink: AnimationSink
            do {
                switch format {
                case .apng: sink = try AnimatedPNGWriter(path: file, width: scene.canvas.width, height: scene.canvas.height, fps: scene.canvas.fps)
                case .gif: sink = try FFmpegEncoder(path: file, format: .gif, width: scene.canvas.width, height: scene.canvas.height, fps: scene.canvas.fps)
                case .mp4: sink = try FFmpegEncoder(path: file, format: .mp4, width: scene.canvas.width, height: scene.canvas.height, fps: scene.canvas.fps)
                case .webm: sink = try FFmpegEncoder(path: file, format: .webm, width: scene.canvas.width, height: scene.canvas.height, fps: scene.canvas.fps)
                }
            } catch {
                throw .input("\(error)")
            }
            let writer = AnimationWriter(renderer: renderer, jobs: options.settings.jobs, sources: sources)
            try writer.write(Array(frames), to: sink, progress: showsProgress ? ProgressLine(total: frames.count) : nil)
            finalLine("wrote \(file) (\(frames.count) \(frames.count == 1 ? "frame" : "frames"))", frames: frames.count, since: started)
        case let .sheet(file, format, range, cells, columns):
            let frames = ContactSheet.frames(cells, over: try selectedFrames(range, of: try frameCount()))
            let sheet = ContactSheet(path: file, format: format, scene: scene, frames: frames, columns: columns)
            let writer = AnimationWriter(renderer: renderer, jobs: options.settings.jobs, sources: sources)
            try writer.write(frames, to: sheet, progress: showsProgress ? ProgressLine(total: frames.count) : nil)
            finalLine("wrote \(file) (a sheet of \(frames.count) \(frames.count == 1 ? "frame" : "frames"))", frames: frames.count, since: started)
        }
    }

    /// What a target writes, for messages: `frames/`, `out.gif`, `sheet.png`.
    static func describe(_ target: RenderOptions.Target) -> String {
        switch target {
        case .sequence(let directory, _, _, _): directory.hasSuffix("/") ? directory : directory + "/"
        case .still(_, let file, _), .animation(let file, _, _), .sheet(let file, _, _, _, _): file
        }
    }

    /// On a terminal (and without `--quiet`), what was written, how long it took and how fast.
    private func finalLine(_ what: String, frames: Int, since start: ContinuousClock.Instant) {
        guard !options.settings.quiet, StandardStreams.errorIsTerminal else { return }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        let rate = seconds > 0 ? String(format: " (%.0f frames/s)", Double(frames) / seconds) : ""
        StandardStreams.writeError(what + " in " + ProgressLine.duration(seconds) + rate + "\n")
    }

    /// Warns about frame files beyond the scene's last frame, or removes them with `--clean`.
    private func reportStaleFrames(in directory: String, frameCount: Int, clean: Bool) throws(CommandFailure) {
        let stale = StaleFrames.find(in: directory, frameCount: frameCount)
        guard let first = stale.first, let last = stale.last else { return }
        if clean {
            try StaleFrames.remove(stale, from: directory)
            return
        }
        let files = stale.count == 1 ? "1 frame file (\(first))" : "\(stale.count) frame files (\(first) to \(last))"
        StandardStreams.writeError("mask: warning: '\(directory)' holds \(files) from past the scene's last frame "
            + "\(frameCount - 1); '--clean' removes them\n")
    }

    /// The frames `--frames` selects, checked against the scene's frame count.
    private func selectedFrames(_ range: FrameRange?, of count: Int) throws(CommandFailure) -> ClosedRange<Int> {
        guard let range else { return 0...(count - 1) }
        guard range.last < count else {
            let frames = count == 1 ? "1 frame (0:0)" : "\(count) frames (0:\(count - 1))"
            throw .input("'--frames \(range.first):\(range.last)' is out of range: the script made a scene of \(frames)")
        }
        return range.frames
    }

    private func writeStill(_ renderer: Renderer, at time: Double, to file: String,
                            format: ImageFormat, sources: SourceMap?) throws(CommandFailure) {
        let image: Image
        do {
            // A stop signal ends a long frame while it is drawn, before anything is written.
            image = try renderer.render(at: time, using: RenderBuffers(), isCancelled: { StopSignal.isRequested }) { $0 }
        } catch {
            if error is CancellationError, let signal = StopSignal.signalNumber {
                throw .interrupted(signal: signal, summary: "interrupted; \(file) not written")
            }
            throw RenderFailure.failure(error, doing: "cannot render the frame at \(time)s", sources: sources)
        }
        do { try image.write(toFile: file, format: format) } catch { throw .input("\(error)") }
    }
}

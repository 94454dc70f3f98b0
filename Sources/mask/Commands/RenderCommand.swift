import MaskEngine

/// `mask render`: runs a script, then writes its frames (or one still image).
struct RenderCommand {
    /// The validated command line.
    let options: RenderOptions

    /// Runs the script and writes the output.
    /// - Throws: `CommandFailure` for errors in the script, frames out of range, an output
    ///   that cannot be written, or a signal.
    func run() throws(CommandFailure) {
        let scene = try ScriptRunner.scene(ofScriptAt: options.scriptPath)
        let renderer = Renderer(scene: scene)
        switch options.target {
        case let .still(time, file, format):
            try writeStill(renderer, at: time, to: file, format: format)
        case let .sequence(directory, format, range):
            guard let count = scene.frameCount, count >= 1 else {
                throw .input("the scene has too many frames to render")
            }
            let frames = try selectedFrames(range, of: count)
            try Directory.create(directory)
            let writer = FrameSequenceWriter(renderer: renderer, directory: directory, format: format, jobs: options.jobs)
            let showsProgress = !options.quiet && StandardStreams.errorIsTerminal
            try writer.write(frames, progress: showsProgress ? ProgressLine(total: frames.count) : nil)
        }
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
                            format: ImageFormat) throws(CommandFailure) {
        let image: Image
        do { image = try renderer.render(at: time) } catch {
            throw .input("cannot render the frame at \(time)s: \(error)")
        }
        do { try image.write(toFile: file, format: format) } catch { throw .input("\(error)") }
    }
}

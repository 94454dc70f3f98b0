import Foundation
import MaskEngine
import MaskScript

/// The commands that render: `:show`, `:save` and `:render`. Ctrl-C stops a frame while it
/// is drawn, `:show` between rows and `:render` between frames.
extension ReplSession {
    /// `:show [T]`: the frame at time T drawn in the terminal, as large as fits it.
    func show(_ argument: String) throws(ReplError) {
        let image = try frame(at: try time(argument))
        let palette = TerminalPicture.Palette.from(environment: ProcessInfo.processInfo.environment)
        // The picture and the next prompt fit the terminal, as `mask watch`'s does.
        let picture = TerminalPicture(image: image, columns: TerminalPicture.fittingColumns(for: image, reservedRows: 2), palette: palette)
        for row in 0..<picture.rowCount {
            if Interrupt.take() {
                Console.error("interrupted")
                return
            }
            Console.out(picture.line(row))
        }
    }

    /// `:save FILE [T]`: the frame at time T written as PNG or PPM, chosen by extension.
    func save(_ argument: String) throws(ReplError) {
        let path = String(argument.prefix { !$0.isWhitespace })
        guard !path.isEmpty else { throw ReplError("`:save` needs a file name, such as `frame.png`") }
        guard ImageFormat(pathExtension: path) != nil else {
            throw ReplError("cannot tell the format of `\(path)`; use a .png or .ppm name")
        }
        let time = try self.time(String(argument.dropFirst(path.count)))
        let image = try frame(at: time)
        do { try image.write(toFile: path) } catch { throw ReplError(String(describing: error)) }
        Console.out("saved \(path) (\(image.width)×\(image.height), t = \(time.shortDescription)s)")
    }

    /// `:render DIR`: every frame into DIR as `frame_00000.png`, ... (as `mask render`), with progress on
    /// standard error.
    func render(_ directory: String) throws(ReplError) {
        guard !directory.isEmpty else { throw ReplError("`:render` needs a folder name") }
        let scene = interpreter.scene
        do { try interpreter.finish(at: SourceRange(at: SourceLocation(line: 1, column: 1, offset: 0))) } catch {
            throw ReplError(error.message)
        }
        guard let count = scene.frameCount else { throw ReplError("the scene has too many frames to render") }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReplError("cannot create the folder `\(directory)`: \(error.localizedDescription)")
        }
        // The same frame loop as `mask render`: parallel, in order, whole files only.
        var writer = FrameSequenceWriter(renderer: Renderer(scene: scene), directory: directory, format: .png,
                                         jobs: RenderSettings.defaultJobs, sources: interpreter.sourceMap)
        writer.shouldStop = { Interrupt.isPending }
        let written: Int
        do {
            written = try writer.write(0...(count - 1), progress: mode == .interactive ? ProgressLine(total: count) : nil)
        } catch {
            if case .diagnostics(let list, _) = error {
                report(list)
                throw .reported
            }
            throw ReplError(error.message)
        }
        if Interrupt.take() {
            Console.error("interrupted after \(written) of \(count) frames")
        } else {
            Console.error("rendered \(count) frames into \(directory)")
        }
    }

    /// The frame at time `t` of the scene built so far.
    /// - Throws: `ReplError.reported` when Ctrl-C stops it while it is drawn (said as `:show` says it).
    private func frame(at t: Double) throws(ReplError) -> Image {
        do {
            return try Renderer(scene: interpreter.scene).render(at: t, using: RenderBuffers(), isCancelled: { Interrupt.isPending }) { $0 }
        } catch is CancellationError {
            Interrupt.take()
            Console.error("interrupted")
            throw .reported
        } catch {
            throw failure(error, doing: "cannot render the frame at \(t.shortDescription)s")
        }
    }

    /// The error of a frame that could not be drawn: printed as diagnostics at the line of
    /// the layer or property that caused it (`SourceMap`), or else as a message.
    private func failure(_ error: Error, doing: String) -> ReplError {
        guard case .diagnostics(let list, _) = RenderFailure.failure(error, doing: doing, sources: interpreter.sourceMap) else {
            return ReplError("\(doing): \(RenderFailure.message(error))")
        }
        report(list)
        return .reported
    }
}

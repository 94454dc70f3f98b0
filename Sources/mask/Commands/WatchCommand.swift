import CReadline
import Foundation
import MaskEngine
import MaskScript

/// `mask watch FILE.mask [--at T | --sheet OUT.png | -o OUT]`: builds the scene, shows or
/// writes it, and does it again every time the script or an image or font it uses
/// changes, until Ctrl-C.
///
/// A save with errors shows the diagnostics (on a terminal, in place of the last
/// picture) and the next good save recovers. Without an output, on a terminal the
/// animation plays in the terminal at the canvas fps (the REPL's half-block picture),
/// or the frame at `--at T` stands still; written outputs print the line `mask render`
/// would. Standard output stays the script's `print` output when it is not a terminal.
struct WatchCommand {
    /// The validated command line.
    let options: WatchOptions

    /// The terminal escapes the preview uses.
    private enum Escape {
        static let clear = "\u{1B}[H\u{1B}[2J", home = "\u{1B}[H", clearBelow = "\u{1B}[J"
        static let hideCursor = "\u{1B}[?25l", showCursor = "\u{1B}[?25h"
    }

    /// Watches until a stop signal; returns the exit status (0: stopped by the user).
    /// - Throws: `CommandFailure` when the file system cannot be watched.
    func run() throws(CommandFailure) -> Int32 {
        let watcher = try FileWatcher()
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let previewing: Bool
        if case .preview = options.mode { previewing = onTerminal } else { previewing = false }
        if previewing { StandardStreams.writeOutput(Escape.hideCursor) }
        defer { if previewing { StandardStreams.writeOutput(Escape.showCursor + "\n") } }

        var build = 0
        var used: [String] = []
        while !StopSignal.isRequested {
            build += 1
            // Watched before the script is read, so a save while it runs starts the next build.
            watcher.watch([options.scriptPath] + used)
            let resolver = RecordingResolver(baseDirectory: Script.folder(of: options.scriptPath))
            var built: BuiltScene?
            do {
                built = try ScriptRunner.scene(ofScriptAt: options.scriptPath, resources: resolver, exitsOnSignal: false)
            } catch {
                if StopSignal.isRequested { break }
                if previewing { StandardStreams.writeOutput(Escape.clear) }
                report(error)
            }
            used = resolver.usedFiles
            watcher.watch([options.scriptPath] + used)
            if let built, !StopSignal.isRequested {
                let scene = built.scene
                switch options.mode {
                case let .preview(time, frames):
                    if previewing {
                        if try play(built, time: time, frames: frames, until: watcher) { continue }
                        break
                    }
                    if !options.settings.quiet { status("build \(build): ok, \(scene.frameCount ?? 0) frames") }
                case .render(let target):
                    do {
                        var settings = options.settings
                        settings.quiet = true
                        try RenderCommand(options: RenderOptions(scriptPath: options.scriptPath, target: target,
                                                                 settings: settings)).write(built)
                        if !options.settings.quiet { status("build \(build): wrote \(RenderCommand.describe(target))") }
                    } catch {
                        if StopSignal.isRequested { break }
                        report(error)
                    }
                }
            }
            if !options.settings.quiet, !previewing { status("watching \(options.scriptPath) for changes (Ctrl-C stops)") }
            while !StopSignal.isRequested, !watcher.waitForChange(timeout: 0.5) {}
        }
        return ExitStatus.success
    }

    /// Plays the animation (or shows one frame) in the terminal until a watched file
    /// changes (true) or a stop signal arrives (false). Frames follow the wall clock, so
    /// a slow frame is skipped rather than slowing the animation down.
    private func play(_ built: BuiltScene, time: Double?, frames range: FrameRange?,
                      until watcher: FileWatcher) throws(CommandFailure) -> Bool {
        let scene = built.scene
        let renderer = Renderer(scene: scene, budget: options.settings.budget)
        let count = max(scene.frameCount ?? 1, 1)
        let first = min(range?.first ?? 0, count - 1), last = min(range?.last ?? count - 1, count - 1)
        let palette = TerminalPicture.Palette.from(environment: ProcessInfo.processInfo.environment)
        let start = ContinuousClock.now
        StandardStreams.writeOutput(Escape.clear)
        var shown: Int?
        let buffers = RenderBuffers()
        while !StopSignal.isRequested {
            let elapsed = (ContinuousClock.now - start) / .seconds(1)
            let frame = time == nil ? first + Int(elapsed * scene.canvas.fps) % (last - first + 1) : -1
            if frame != shown {
                let image: Image
                do {
                    // A stop signal ends a long frame while it is drawn.
                    image = try renderer.render(at: time ?? scene.canvas.time(ofFrame: frame), using: buffers,
                                                isCancelled: { StopSignal.isRequested }) { $0 }
                } catch is CancellationError {
                    return false
                } catch {
                    StandardStreams.writeOutput(Escape.clear)
                    report(RenderFailure.failure(error, doing: "cannot render the frame", sources: built.sourceMap))
                    return watchUntilChange(watcher)
                }
                StandardStreams.writeOutput(Escape.home + picture(image, palette: palette) + Escape.clearBelow)
                shown = frame
            }
            if time != nil { return watchUntilChange(watcher) }
            let frameDuration = 1 / scene.canvas.fps
            let untilNextFrame = frameDuration - elapsed.truncatingRemainder(dividingBy: frameDuration)
            if watcher.waitForChange(timeout: max(0.001, min(untilNextFrame, 0.5))) { return true }
        }
        return false
    }

    /// Waits for a change (true) or a stop signal (false).
    private func watchUntilChange(_ watcher: FileWatcher) -> Bool {
        while !StopSignal.isRequested {
            if watcher.waitForChange(timeout: 0.5) { return true }
        }
        return false
    }

    /// The image as half-block text fitting the terminal, and a caption line.
    private func picture(_ image: Image, palette: TerminalPicture.Palette) -> String {
        // Two rows kept: the caption, and the cursor's line.
        let picture = TerminalPicture(image: image, columns: TerminalPicture.fittingColumns(for: image, reservedRows: 2), palette: palette)
        let lines = (0..<picture.rowCount).map { picture.line($0) + "\u{1B}[K" }
        return lines.joined(separator: "\n") + "\n\(options.scriptPath): watching (Ctrl-C stops)\u{1B}[K"
    }

    /// Prints a failure as `mask render` would, and carries on.
    private func report(_ failure: CommandFailure) {
        _ = MaskTool.report(failure)
    }

    /// A status line on standard error.
    private func status(_ text: String) {
        StandardStreams.writeError("mask watch: \(text)\n")
    }
}

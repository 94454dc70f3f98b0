import Foundation
import MaskEngine
import MaskScript

/// `mask serve FILE.mask [--port N] [--host ADDR]`: a live preview in the browser.
///
/// The main thread builds the scene and rebuilds it whenever the script, or an image,
/// font or script it uses, changes (the watcher of `mask watch`), publishing each build
/// to `PreviewState`; the server's threads answer the page from the latest build
/// (`PreviewRoutes`), rendering frames on the render threads of `FramePool`. The page
/// hears of each build over server-sent events and keeps its playhead.
struct ServeCommand {
    /// The validated command line.
    let options: ServeOptions

    /// Serves until a stop signal; returns the exit status (0: stopped by the user).
    /// - Throws: `CommandFailure.input` when the address cannot be listened on or the
    ///   files cannot be watched.
    func run() throws(CommandFailure) -> Int32 {
        let server = try HTTPServer(host: options.host, port: options.port)
        let watcher = try FileWatcher()
        let state = PreviewState()
        let routes = PreviewRoutes(state: state, frames: try FramePool(jobs: options.settings.jobs),
                                   page: PreviewPage.html(title: title, sheetFrames: options.sheetFrames,
                                                          animations: PreviewExports.availableAnimations),
                                   title: title, settings: options.settings)
        watcher.watch([options.scriptPath])
        var used = build(into: state, watching: watcher)
        try server.start(routes)
        defer { server.stop() }
        StandardStreams.writeOutput("serving http://\(server.address)/\n")
        if server.address.hasPrefix("127.") == false, server.address.hasPrefix("[::1]") == false {
            StandardStreams.writeError("mask serve: warning: listening on \(options.host): other machines can connect; "
                + "only requests addressed to \(server.address), localhost or 127.0.0.1 are answered\n")
        }
        while !StopSignal.isRequested {
            while !StopSignal.isRequested, !watcher.waitForChange(timeout: 0.5) {}
            if StopSignal.isRequested { break }
            watcher.watch([options.scriptPath] + used)
            used = build(into: state, watching: watcher)
        }
        return ExitStatus.success
    }

    /// Builds the scene once and publishes the outcome; returns the files the script used.
    private func build(into state: PreviewState, watching watcher: FileWatcher) -> [String] {
        // The caller watches the files of the last build before this one reads them, so
        // a save while the script runs starts the next build.
        let resolver = RecordingResolver(baseDirectory: Script.folder(of: options.scriptPath))
        let generation = state.snapshot().generation + 1
        do {
            let built = try ScriptRunner.scene(ofScriptAt: options.scriptPath, resources: resolver)
            state.publish(PreviewPicture(built: built, generation: generation, budget: options.settings.budget))
            if !options.settings.quiet {
                StandardStreams.writeError("mask serve: build \(generation): ok, \(built.scene.frameCount ?? 0) frames\n")
            }
        } catch {
            if !StopSignal.isRequested {
                _ = MaskTool.report(error)
                state.publish(PreviewProblem(error))
            }
        }
        watcher.watch([options.scriptPath] + resolver.usedFiles)
        return resolver.usedFiles
    }

    /// The script's name without folder and `.mask`, in letters, digits, `-`, `_` and
    /// `.` only: the name of downloads and the page's title.
    private var title: String {
        var name = options.scriptPath.split(separator: "/").last.map(String.init) ?? ""
        if name.lowercased().hasSuffix(".mask") { name.removeLast(5) }
        let safe = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil
            || "-_.".unicodeScalars.contains($0)) })
        return safe.isEmpty ? "animation" : safe
    }
}

import MaskEngine
import MaskScript

/// `mask check FILE.mask [--lottie]`: parses and runs the script, then checks what
/// `render` would refuse (its first frame: fonts and glyphs, nesting, the render budget)
/// and, with `--lottie`, everything `export` would refuse, all at once. Writes nothing;
/// prints nothing on success but the script's own `print` output.
struct CheckCommand {
    /// The script, as typed.
    let scriptPath: String
    /// Also report every construct the Lottie export refuses.
    var lottie = false

    /// Runs the check.
    /// - Throws: `CommandFailure` for an unreadable file, errors in the script (each at
    ///   its line), or a signal.
    func run() throws(CommandFailure) {
        let built = try ScriptRunner.scene(ofScriptAt: scriptPath)
        var found: [DiagnosticList] = []
        // The frame writes nothing: a stop signal while it is drawn ends the process at once.
        if let error = StopSignal.exitingAtOnce({ built.firstFrameError(budget: RenderSettings().budget) }) {
            let failure = RenderFailure.failure(error, doing: "cannot render frame 0", sources: built.sourceMap)
            guard case .diagnostics(let list, _) = failure else { throw failure }
            found.append(list)
        }
        if lottie {
            found += LottieExporter(scene: built.scene).refusals().map { built.diagnostics(for: $0) }
        }
        guard let first = found.first, let source = first.source else { return }
        throw .diagnostics(DiagnosticList(merging: found) ?? first, source)
    }
}

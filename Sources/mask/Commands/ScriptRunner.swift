import MaskEngine
import MaskScript

/// Reads, parses and runs a script file: the part `render` and `check` share.
enum ScriptRunner {
    /// The scene the script at `path` builds, with where it made each layer. Its `print` output goes to standard output;
    /// relative image and font paths resolve against the script's folder (through
    /// `resources` when given).
    /// - Throws: `CommandFailure.input` when the file cannot be read, `.diagnostics` for
    ///   syntax errors (all of them) or the run-time error, `.interrupted` on a signal.
    static func scene(ofScriptAt path: String, resources: (any ResourceResolver)? = nil) throws(CommandFailure) -> BuiltScene {
        let bytes: [UInt8]
        do { bytes = try ScriptFile.read(path) } catch { throw .input(error.description) }
        let source = SourceFile(name: path, bytes: bytes)
        let script: Script
        do { script = try Script(source: source) } catch { throw .diagnostics(error, source) }
        let options = ScriptOptions(
            resources: resources ?? FileResolver(baseDirectory: Script.folder(of: path)),
            output: { StandardStreams.writeOutput($0 + "\n") },
            // A warning inside an imported file is shown without a line of it.
            warn: { warning in
                let shown = warning.fileName == source.name ? source : nil
                StandardStreams.writeError(DiagnosticRenderer(colored: StandardStreams.colorsErrors).render(warning, source: shown) + "\n")
            },
            isCancelled: { StopSignal.isRequested })
        do {
            return try script.build(options: options)
        } catch {
            if let signal = StopSignal.signalNumber { throw .interrupted(signal: signal, summary: nil) }
            throw .diagnostics(error, source)
        }
    }
}

import MaskEngine
import MaskScript

/// Reads, parses and runs a script file: the part `render` and `check` share.
enum ScriptRunner {
    /// The scene the script at `path` builds, with where it made each layer. Its `print` output goes to standard output;
    /// relative image and font paths resolve against the script's folder (through
    /// `resources` when given).
    /// - Throws: `CommandFailure.input` when the file cannot be read, `.diagnostics` for
    ///   syntax errors (all of them) or the run-time error, `.interrupted` on a signal.
    /// - Parameter exitsOnSignal: whether a signal while the script is read and checked
    ///   (which poll no stop flag) ends the process at once; `watch`, which must restore
    ///   the terminal first, says no.
    static func scene(ofScriptAt path: String, resources: (any ResourceResolver)? = nil,
                      exitsOnSignal: Bool = true) throws(CommandFailure) -> BuiltScene {
        let (script, source) = exitsOnSignal
            ? try StopSignal.exitingAtOnce { () throws(CommandFailure) in try load(path) } : try load(path)
        let options = ScriptOptions(
            resources: resources ?? FileResolver(baseDirectory: Script.folder(of: path)),
            output: { StandardStreams.writeOutput($0 + "\n") },
            // A warning inside an imported file is shown without a line of it.
            warn: { warning in
                let shown = warning.fileName == source.name ? source : nil
                StandardStreams.writeError(DiagnosticRenderer(colored: StandardStreams.colorsErrors).render(warning, source: shown) + "\n")
            },
            isCancelled: { StopSignal.isRequested })
        do throws(DiagnosticList) {
            return try script.build(options: options)
        } catch {
            if let signal = StopSignal.signalNumber { throw .interrupted(signal: signal, summary: nil) }
            throw .diagnostics(error, source)
        }
    }

    /// The script at `path`, parsed and checked, and its source.
    private static func load(_ path: String) throws(CommandFailure) -> (Script, SourceFile) {
        let bytes: [UInt8]
        do { bytes = try ScriptFile.read(path) } catch { throw .input(error.description) }
        let source = SourceFile(name: path, bytes: bytes)
        do { return (try Script(source: source), source) } catch { throw .diagnostics(error, source) }
    }
}

import MaskEngine
import MaskScript

/// Reads, parses and runs a script file: the part `render` and `check` share.
enum ScriptRunner {
    /// The scene the script at `path` builds. Its `print` output goes to standard output;
    /// relative image and font paths resolve against the script's folder (through
    /// `resources` when given).
    /// - Throws: `CommandFailure.input` when the file cannot be read, `.diagnostics` for
    ///   syntax errors (all of them) or the run-time error, `.interrupted` on a signal.
    /// - Parameter exitsOnSignal: whether a signal while the script is read and checked
    ///   (which poll no stop flag) ends the process at once; `watch`, which must restore
    ///   the terminal first, says no.
    static func scene(ofScriptAt path: String, resources: (any ResourceResolver)? = nil,
                      exitsOnSignal: Bool = true) throws(CommandFailure) -> Scene {
        let (script, source) = exitsOnSignal
            ? try StopSignal.exitingAtOnce { () throws(CommandFailure) in try load(path) } : try load(path)
        let options = ScriptOptions(
            resources: resources ?? FileResolver(baseDirectory: Script.folder(of: path)),
            output: { StandardStreams.writeOutput($0 + "\n") },
            isCancelled: { StopSignal.isRequested })
        do throws(DiagnosticList) {
            return try script.run(options: options)
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

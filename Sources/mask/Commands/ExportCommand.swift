import MaskEngine

/// `mask export FILE.mask -o OUT.json`: runs the script and writes its scene and whole
/// timeline as a Lottie animation (`LottieExporter`). The file is written whole or not at
/// all; a feature Lottie cannot express is an error naming it and the layer.
struct ExportCommand {
    /// The validated command line.
    let options: ExportOptions

    /// Runs the export.
    /// - Throws: `CommandFailure` for script errors, what Lottie cannot express, or an
    ///   output that cannot be written.
    func run() throws(CommandFailure) {
        let scene = try ScriptRunner.scene(ofScriptAt: options.script)
        let bytes: [UInt8]
        // Building the JSON polls no stop flag and writes nothing: a signal ends it at once.
        do { bytes = try StopSignal.exitingAtOnce { () throws(LottieExportError) in try LottieExporter(scene: scene).data() } } catch {
            throw .input(error.description)
        }
        AbandonedTemporaries.remove(besides: options.output)
        do { try TemporaryFile.replace(options.output, with: bytes + Array("\n".utf8)) } catch {
            throw .input("cannot write '\(options.output)': \(WriteFailure.reason(of: error))")
        }
    }
}

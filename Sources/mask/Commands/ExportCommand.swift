import MaskEngine
import MaskScript

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
        let bytes = try ExportCommand.lottie(of: try ScriptRunner.scene(ofScriptAt: options.script))
        do { try TemporaryFile.replace(options.output, with: bytes) } catch {
            throw .input("cannot write \(options.output): \(error)")
        }
    }

    /// The bytes of the Lottie file of a built script: its JSON and a newline.
    /// - Throws: `CommandFailure.diagnostics` at the line of what Lottie cannot express.
    static func lottie(of built: BuiltScene) throws(CommandFailure) -> [UInt8] {
        do { return try LottieExporter(scene: built.scene).data() + Array("\n".utf8) } catch {
            let list = built.diagnostics(for: error)
            guard let source = list.source else { throw .input(error.description) }
            throw .diagnostics(list, source)
        }
    }
}

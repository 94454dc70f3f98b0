/// `mask check FILE.mask`: parses and runs the script, renders nothing. Prints nothing on
/// success but the script's own `print` output.
struct CheckCommand {
    /// The script, as typed.
    let scriptPath: String

    /// Runs the check.
    /// - Throws: `CommandFailure` for an unreadable file, errors in the script, or a signal.
    func run() throws(CommandFailure) {
        _ = try ScriptRunner.scene(ofScriptAt: scriptPath)
    }
}

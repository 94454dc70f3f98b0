import MaskEngine
import MaskScript

/// `mask fmt FILE.mask... [--check | -w]`: the canonical layout of each script
/// (`ScriptFormatter`). A script with syntax errors is reported and never rewritten.
struct FormatCommand {
    /// The validated command line.
    let options: FormatOptions

    /// Formats every file; returns the exit status: 0, or 1 when a file could not be read
    /// or parsed, or (with `--check`) is not formatted.
    func run() -> Int32 {
        var status = ExitStatus.success
        for path in options.files {
            do {
                try format(path, status: &status)
            } catch {
                _ = MaskTool.report(error)
                status = ExitStatus.failure
            }
        }
        return status
    }

    private func format(_ path: String, status: inout Int32) throws(CommandFailure) {
        let bytes: [UInt8]
        do { bytes = try ScriptFile.read(path) } catch { throw .input(error.description) }
        let source = SourceFile(name: path, bytes: bytes)
        let formatted: [UInt8]
        do { formatted = try ScriptFormatter.formattedBytes(source) } catch { throw .diagnostics(error, source) }
        let unchanged = formatted == bytes
        switch options.mode {
        case .print:
            StandardStreams.writeOutput(formatted)
        case .check:
            if !unchanged {
                StandardStreams.writeError("mask fmt: \(path) is not formatted\n")
                status = ExitStatus.failure
            }
        case .write:
            guard !unchanged else { return }
            do { try ScriptRewriter.rewrite(path, with: formatted) } catch { throw .input(error.description) }
        }
    }
}

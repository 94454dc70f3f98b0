import Foundation

/// Temporary files that a killed render left behind (`SIGKILL`, a power cut in the middle
/// of a frame): `.NAME.tmp-PID-RANDOM`, the names `TemporaryFile` and the frame writers
/// give, beside the files they were to become.
///
/// A render removes those of its own outputs' names whose process no longer exists, so a
/// folder rendered into again is clean. A temporary of a live process (another render
/// writing the same folder, or this one) is left alone.
enum AbandonedTemporaries {
    /// Removes from `folder` the temporaries of the outputs whose names `isOutput`
    /// accepts, when the process that made them is gone; failures are ignored (the
    /// render itself reports an unwritable folder).
    static func remove(in folder: String, outputs isOutput: (String) -> Bool) {
        let prefix = folder.isEmpty ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        for name in Directory.names(in: folder.isEmpty ? "." : folder) {
            guard let (output, pid) = parse(name), isOutput(output), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(prefix + name)
        }
    }

    /// The output name and process id in a temporary's name, or nil for any other name.
    static func parse(_ name: String) -> (output: String, pid: pid_t)? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let output = name[name.index(after: name.startIndex)..<marker.lowerBound]
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard !output.isEmpty, parts.count == 2, WholeNumber.parse(parts[1]) != nil,
              let pid = WholeNumber.parse(parts[0]), pid > 0, let id = pid_t(exactly: pid) else { return nil }
        return (String(output), id)
    }

    /// For an output file: removes the abandoned temporaries of that one name.
    static func remove(besides path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        remove(in: folder) { $0 == name }
    }
}

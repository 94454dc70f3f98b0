/// The script among a command's positional words: every command reads one script, and
/// says alike what is missing or too much.
enum ScriptWord {
    /// The one script of `files`.
    /// - Parameter usage: the command line to show when it is missing, after `mask `
    ///   ("export FILE.mask -o OUT.json").
    /// - Throws: `UsageError` when there is none, or more than one.
    static func one(of files: [String], command: HelpTopic, usage: String) throws(UsageError) -> String {
        guard let script = files.first else {
            throw UsageError("missing the script to \(command.rawValue): mask \(usage)", command: command)
        }
        try atMostOne(of: files, command: command)
        return script
    }

    /// Checks that `files` holds no more than one script.
    /// - Throws: `UsageError` naming the second word.
    static func atMostOne(of files: [String], command: HelpTopic) throws(UsageError) {
        guard files.count <= 1 else {
            throw UsageError("unexpected argument '\(files[1])': \(command.rawValue) takes one script", command: command)
        }
    }
}

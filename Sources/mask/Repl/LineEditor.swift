import CReadline
import Foundation

/// The state readline's C callbacks read: they are `@convention(c)` functions, which
/// capture nothing. Only the main thread touches it, inside `readline`.
private nonisolated(unsafe) var completionSource: ((_ prefix: String, _ line: String, _ wordStart: Int) -> Completion.Result)?
private nonisolated(unsafe) var completionMatches: [String] = []
private nonisolated(unsafe) var completionIndex = 0
private nonisolated(unsafe) var cancellationHandler: (() -> Void)?

/// Called by readline for each match, with `state` 0 for the first; returns a copy it frees.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
    if state == 0 { completionIndex = 0 }
    guard completionIndex < completionMatches.count else { return nil }
    defer { completionIndex += 1 }
    return strdup(completionMatches[completionIndex])
}

/// Called by readline on Tab with the word before the cursor and its byte offsets.
private let attemptedCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
    mask_rl_set_completion_over(1)
    guard let text else { return nil }
    let line = String(cString: mask_rl_line_buffer())
    let result = completionSource?(String(cString: text), line, Int(start))
    completionMatches = result?.matches ?? []
    completionIndex = 0
    if result?.appendsSpace == false { mask_rl_set_completion_append_character(0) }
    return rl_completion_matches(text, completionGenerator)
}

/// Called by readline when a signal interrupts its read, and while it waits for a key.
/// On Ctrl-C: move to a new line,
/// drop what was typed and show the main prompt again.
private let signalHook: @convention(c) () -> Int32 = {
    guard Interrupt.take() else { return 0 }
    cancellationHandler?()
    rl_set_prompt(LineEditor.prompt)
    rl_replace_line("", 0)
    rl_crlf()
    rl_on_new_line()
    rl_redisplay()
    return 0
}

/// Line input through GNU readline: prompts, editing, history kept in a file, and
/// completion.
final class LineEditor {
    /// The prompt for a new input.
    static let prompt = "mask> "
    /// The prompt while a bracket is still open.
    static let continuationPrompt = "...> "
    /// The most history entries kept, in memory and in the file.
    static let historyLimit: Int32 = 1000

    private let historyPath: String?
    private var lastEntry: String?

    /// Sets readline up and loads the history file, if there is one.
    /// - Parameter historyPath: where history is kept; nil keeps none.
    init(historyPath: String?) {
        self.historyPath = historyPath
        mask_rl_set_name()
        mask_rl_set_word_breaks()
        mask_rl_set_completion_function(attemptedCompletion)
        mask_rl_set_signal_hook(signalHook)
        using_history()
        stifle_history(LineEditor.historyLimit)
        mask_history_keep_multiline_entries()
        if let historyPath { read_history(historyPath) }
    }

    /// The function Tab asks for candidates: (word, line, UTF-8 offset of the word).
    var completer: ((_ prefix: String, _ line: String, _ wordStart: Int) -> Completion.Result)? {
        get { completionSource }
        set { completionSource = newValue }
    }

    /// Reads one line, or nil at end of input (Ctrl-D on an empty line).
    func readLine(continuing: Bool) -> String? {
        guard let raw = readline(continuing ? LineEditor.continuationPrompt : LineEditor.prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Called when Ctrl-C cancels the line being typed, before the main prompt shows again.
    var onCancel: (() -> Void)? {
        get { cancellationHandler }
        set { cancellationHandler = newValue }
    }

    /// Adds an input (one line, or a block of several) to the history, unless it is blank
    /// or repeats the previous entry.
    func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), line != lastEntry else { return }
        add_history(line)
        using_history()
        lastEntry = line
    }

    /// Writes the history file, keeping its last `historyLimit` entries.
    func saveHistory() {
        guard let historyPath else { return }
        write_history(historyPath)
        history_truncate_file(historyPath, LineEditor.historyLimit)
    }
}

import Foundation
import MaskScript

/// A command typed at the prompt: a line starting with `:`.
enum ReplCommand: String, CaseIterable {
    case help, tree, show, save, render, timeline, value, load, reset, quit

    /// How the command is typed, for `:help`.
    var usage: String {
        switch self {
        case .help: return ":help"
        case .tree: return ":tree"
        case .show: return ":show [T]"
        case .save: return ":save FILE [T]"
        case .render: return ":render DIR"
        case .timeline: return ":timeline"
        case .value: return ":value EXPR at T"
        case .load: return ":load FILE"
        case .reset: return ":reset"
        case .quit: return ":quit"
        }
    }

    /// What the command does, for `:help`.
    var summary: String {
        switch self {
        case .help: return "list these commands"
        case .tree: return "the layer tree: kinds, names and frames at the time cursor"
        case .show: return "draw the frame at time T (default: the time cursor) in the terminal"
        case .save: return "write the frame at time T (default: the time cursor) as PNG or PPM, by extension"
        case .render: return "write every frame into DIR (frame_00000.png, ...); Ctrl-C stops"
        case .timeline: return "every animation: target, begin, end, repeat, ease"
        case .value: return "a property's value at time T, e.g. `:value box.opacity at 0.5`"
        case .load: return "run a file into this session (its relative paths resolve against its folder)"
        case .reset: return "forget everything: variables, layers, animations"
        case .quit: return "leave (Ctrl-D on an empty line does too)"
        }
    }

    /// The text of `:help`.
    static var helpText: String {
        let width = allCases.map(\.usage.count).max() ?? 0
        let lines = allCases.map { command in
            "  " + command.usage + String(repeating: " ", count: width - command.usage.count) + "  " + command.summary
        }
        return (["Type statements to run them; an expression prints its value. Commands:"] + lines).joined(separator: "\n")
    }

    /// Splits a command line (`:save out.png 1.5`) into its command and the rest.
    /// - Throws: `ReplError` naming the closest command for an unknown one.
    static func parse(_ line: String) throws(ReplError) -> (command: ReplCommand, argument: String) {
        let body = line.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace })
        let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        guard let command = ReplCommand(rawValue: name) else {
            let names = allCases.map(\.rawValue)
            let starting = names.filter { !name.isEmpty && $0.hasPrefix(name) }
            let closest = Spelling.closest(to: name, among: names) ?? (starting.count == 1 ? starting.first : nil)
            let hint = closest.map { "; did you mean `:\($0)`?" }
            throw ReplError("unknown command `:\(name)`" + (hint ?? "; type `:help` for the list"))
        }
        return (command, argument)
    }
}

/// A REPL command that could not be carried out; printed as `error: MESSAGE`.
struct ReplError: Error {
    /// The message, in the voice of the diagnostics; nil when the problem was already
    /// reported as diagnostics of the command's argument.
    let message: String?

    /// Creates an error with a message.
    init(_ message: String) {
        self.message = message
    }

    private init() {
        message = nil
    }

    /// An error whose diagnostics are already printed.
    static let reported = ReplError()
}

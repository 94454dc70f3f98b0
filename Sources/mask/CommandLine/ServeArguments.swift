#if canImport(Glibc)
import Glibc
#endif

/// Parses the words after `mask serve`: one script, `--port N`, `--host ADDR`,
/// `--sheet N`, `--jobs N`, `--max-frame-memory SIZE`, `--max-frame-work N` and `--quiet`.
enum ServeArguments {
    /// Every option `serve` accepts, for "did you mean" hints.
    static let optionNames = ["--port", "-p", "--host", "--sheet", "--jobs", "-j", "--max-frame-memory", "--max-frame-work",
                              "--quiet", "-q", "--help", "-h"]

    /// The options the words ask for, or nil when they ask for help.
    /// - Throws: `UsageError` for an unknown option, a bad value, or a missing or extra script.
    static func parse(_ words: [String]) throws(UsageError) -> ServeOptions? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var files: [String] = []
        var options = ServeOptions(scriptPath: "")
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case let .option(name, attached):
                func value(_ what: String) throws(UsageError) -> String {
                    try stream.value(of: name, attached: attached, expecting: what, command: .serve)
                }
                switch name {
                case "-p", "--port":
                    options.port = try number(try value("a port number, 0 for any free one"), name, in: 0...65_535)
                case "--host":
                    let host = try value("an IP address such as 127.0.0.1")
                    guard ServeOptions.isNumericAddress(host) || host == "localhost" else {
                        throw UsageError("invalid value '\(host)' for '--host': expected an IP address such as 127.0.0.1 "
                            + "or ::1, or localhost", command: .serve)
                    }
                    options.host = host == "localhost" ? ServeOptions.defaultHost : host
                case "--sheet":
                    options.sheetFrames = try number(try value("a number of frames"), name, in: 0...RenderOptions.maxSheetFrames)
                case "-j", "--jobs":
                    options.settings.jobs = try number(try value("a number of jobs"), name, in: 1...RenderSettings.maxJobs)
                case "--max-frame-memory":
                    options.settings.frameMemory = try RenderArguments.size(command: .serve, try value("a size such as 4G or 512M"),
                                                                            name, examples: "4G, 512M or 1000000")
                case "--max-frame-work":
                    options.settings.frameWork = try RenderArguments.size(command: .serve, try value("a number of pixels such as 8G"),
                                                                          name, examples: "8G or 1000000000")
                case "-q", "--quiet":
                    guard attached == nil else { throw UsageError("option '\(name)' takes no value", command: .serve) }
                    options.settings.quiet = true
                default:
                    throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames),
                                     command: .serve)
                }
            }
        }
        options.scriptPath = try ScriptWord.one(of: files, command: .serve, usage: "serve FILE.mask")
        return options
    }

    private static func number(_ text: String, _ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = WholeNumber.parse(text), range.contains(n) else {
            throw UsageError("invalid value '\(text)' for '\(option)': expected a whole number from "
                + "\(range.lowerBound) to \(range.upperBound)", command: .serve)
        }
        return n
    }
}

/// A validated `mask serve` command line.
struct ServeOptions: Equatable {
    /// The port when `--port` is not given.
    static let defaultPort = 8147
    /// The address when `--host` is not given: this machine only.
    static let defaultHost = "127.0.0.1"
    /// The frames of the contact-sheet strip unless `--sheet` says otherwise.
    static let defaultSheetFrames = 12

    /// The script, as typed.
    var scriptPath: String
    /// The address to listen on, numeric (IPv4 or IPv6).
    var host = ServeOptions.defaultHost
    /// The port; 0 lets the system pick a free one.
    var port = ServeOptions.defaultPort
    /// The frames of the page's contact-sheet strip (0: no strip).
    var sheetFrames = ServeOptions.defaultSheetFrames
    /// How frames are made (`--jobs` render threads, the render budget, `--quiet`).
    var settings = RenderSettings()

    /// True for an IPv4 or IPv6 address written in digits.
    static func isNumericAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}

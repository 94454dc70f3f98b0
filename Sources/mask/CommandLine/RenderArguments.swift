import MaskEngine

/// Parses the words after `mask render` into `RenderOptions`.
///
/// Options and the file may come in any order; `--` ends the options. `-h`/`--help`
/// anywhere before `--` asks for the help instead, whatever else is wrong.
enum RenderArguments {
    /// Every option `render` accepts, for "did you mean" hints.
    static let optionNames = ["--output", "-o", "--format", "--frames", "--jobs", "-j", "--at", "--quiet", "-q", "--help", "-h"]

    /// The options the words ask for, or nil when they ask for help.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, a missing
    ///   or extra file, or options that do not go together.
    static func parse(_ words: [String]) throws(UsageError) -> RenderOptions? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var files: [String] = []
        var output: String?, format: ImageFormat?, frames: FrameRange?, time: Double?
        var jobs = RenderOptions.defaultJobs, quiet = false

        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                files.append(word)
            case let .option(name, attached):
                func value(_ what: String) throws(UsageError) -> String {
                    try stream.value(of: name, attached: attached, expecting: what, command: .render)
                }
                switch name {
                case "-o", "--output":
                    let path = try value("a directory, or with --at a file")
                    guard !path.isEmpty else { throw UsageError("option '\(name)' needs a non-empty path", command: .render) }
                    output = path
                case "--format": format = try parseFormat(try value("ppm or png"))
                case "--frames": frames = try FrameRange(parsing: try value("A:B"))
                case "-j", "--jobs": jobs = try parseJobs(try value("a number of jobs"))
                case "--at": time = try parseTime(try value("a time in seconds"))
                case "-q", "--quiet":
                    guard attached == nil else { throw UsageError("option '\(name)' takes no value", command: .render) }
                    quiet = true
                default:
                    throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames), command: .render)
                }
            }
        }

        guard let scriptPath = files.first else {
            throw UsageError("missing the script to render: mask render FILE.mask", command: .render)
        }
        guard files.count == 1 else {
            throw UsageError("unexpected argument '\(files[1])': render takes one script", command: .render)
        }
        let target: RenderOptions.Target
        if let time {
            target = try stillTarget(time: time, output: output, format: format, frames: frames)
        } else {
            target = .sequence(directory: output ?? RenderOptions.defaultDirectory, format: format ?? .ppm, frames: frames)
        }
        return RenderOptions(scriptPath: scriptPath, target: target, jobs: jobs, quiet: quiet)
    }

    /// `--at`: one image, named by `-o`, whose extension gives the format.
    private static func stillTarget(time: Double, output: String?, format: ImageFormat?,
                                    frames: FrameRange?) throws(UsageError) -> RenderOptions.Target {
        guard frames == nil else {
            throw UsageError("'--at' renders one image and cannot be combined with '--frames'", command: .render)
        }
        guard let file = output else {
            throw UsageError("'--at' needs the image to write: -o FILE.ppm or -o FILE.png", command: .render)
        }
        guard let fileFormat = ImageFormat(pathExtension: file) else {
            throw UsageError("cannot tell the image format of '\(file)': with '--at', name the file .ppm or .png",
                             command: .render)
        }
        if let format, format != fileFormat {
            throw UsageError("'--format \(format.rawValue)' does not match the extension of '\(file)'", command: .render)
        }
        return .still(time: time, file: file, format: fileFormat)
    }

    private static func parseFormat(_ text: String) throws(UsageError) -> ImageFormat {
        guard let format = ImageFormat(rawValue: text.lowercased()) else {
            throw UsageError("invalid value '\(text)' for '--format': expected ppm or png", command: .render)
        }
        return format
    }

    private static func parseJobs(_ text: String) throws(UsageError) -> Int {
        guard let jobs = WholeNumber.parse(text), (1...RenderOptions.maxJobs).contains(jobs) else {
            throw UsageError("invalid value '\(text)' for '--jobs': expected a whole number from 1 to \(RenderOptions.maxJobs)",
                             command: .render)
        }
        return jobs
    }

    private static func parseTime(_ text: String) throws(UsageError) -> Double {
        guard let time = DecimalNumber.parse(text) else {
            throw UsageError("invalid value '\(text)' for '--at': expected a time in seconds, 0 or more, such as 1.5",
                             command: .render)
        }
        return time
    }
}

import MaskEngine

/// Parses the words after `mask render` (or `mask watch`, which takes the same options)
/// into `RenderOptions`.
///
/// Options and the file may come in any order; `--` ends the options. `-h`/`--help`
/// anywhere before `--` asks for the help instead, whatever else is wrong.
enum RenderArguments {
    /// Every option `render` accepts, for "did you mean" hints.
    static let optionNames = ["--output", "-o", "--format", "--frames", "--jobs", "-j", "--at", "--sheet",
                              "--sheet-frames", "--columns", "--clean", "--max-frame-memory", "--max-frame-work", "--quiet", "-q", "--help", "-h"]

    /// The options as the words give them, before they are checked against each other.
    private struct Given {
        var files: [String] = []
        var output: String?, format: RenderOptions.Format?, frames: FrameRange?, time: Double?
        var sheet: String?, sheetFrames: Int?, columns: Int?
        var clean = false
        var settings = RenderSettings()
    }

    /// The options the words after `mask render` ask for, or nil when they ask for help.
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, a missing
    ///   or extra file, or options that do not go together.
    static func parse(_ words: [String]) throws(UsageError) -> RenderOptions? {
        guard let (given, script) = try collect(words, command: .render) else { return nil }
        return RenderOptions(scriptPath: script, target: try target(given, script: script, command: .render),
                             settings: given.settings)
    }

    /// The options the words after `mask watch` ask for, or nil when they ask for help:
    /// render's, where naming no output (`-o`, `--sheet` or `--format`) previews in the
    /// terminal instead of writing frames.
    /// - Throws: `UsageError` as `parse` does.
    static func parseWatch(_ words: [String]) throws(UsageError) -> WatchOptions? {
        guard let (given, script) = try collect(words, command: .watch) else { return nil }
        let mode: WatchOptions.Mode
        if given.output == nil, given.sheet == nil, given.format == nil {
            guard !given.clean else {
                throw UsageError("'--clean' removes stale frames from a frame folder; name it with '-o'", command: .watch)
            }
            guard given.time == nil || given.frames == nil else {
                throw UsageError("'--at' shows one frame and cannot be combined with '--frames'", command: .watch)
            }
            mode = .preview(time: given.time, frames: given.frames)
        } else {
            mode = .render(try target(given, script: script, command: .watch))
        }
        return WatchOptions(scriptPath: script, mode: mode, settings: given.settings)
    }

    /// The options as given, and the script, or nil when the words ask for help.
    private static func collect(_ words: [String], command: HelpTopic) throws(UsageError) -> (Given, String)? {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var stream = ArgumentStream(words)
        var given = Given()
        while let argument = stream.next() {
            switch argument {
            case .positional(let word):
                given.files.append(word)
            case let .option(name, attached):
                func value(_ what: String) throws(UsageError) -> String {
                    try stream.value(of: name, attached: attached, expecting: what, command: command)
                }
                func flag() throws(UsageError) -> Bool {
                    guard attached == nil else { throw UsageError("option '\(name)' takes no value", command: command) }
                    return true
                }
                switch name {
                case "-o", "--output": given.output = try path(command: command, try value("a directory, an animation file, or with --at an image"), name)
                case "--format": given.format = try parseFormat(command: command, try value(RenderOptions.Format.names.joined(separator: ", ")))
                case "--frames": given.frames = try FrameRange(parsing: try value("A:B"))
                case "-j", "--jobs": given.settings.jobs = try parseJobs(command: command, try value("a number of jobs"))
                case "--at": given.time = try parseTime(command: command, try value("a time in seconds"))
                case "--sheet": given.sheet = try path(command: command, try value("the sheet's image, .png or .ppm"), name)
                case "--sheet-frames":
                    given.sheetFrames = try count(command: command, try value("a number of frames"), name, in: 1...RenderOptions.maxSheetFrames)
                case "--columns": given.columns = try count(command: command, try value("a number of columns"), name, in: 1...RenderOptions.maxSheetFrames)
                case "--clean": given.clean = try flag()
                case "--max-frame-memory":
                    given.settings.frameMemory = try size(command: command, try value("a size such as 4G or 512M"), name,
                                                 examples: "4G, 512M or 1000000")
                case "--max-frame-work":
                    given.settings.frameWork = try size(command: command, try value("a number of pixels such as 8G"), name,
                                               examples: "8G or 1000000000")
                case "-q", "--quiet": given.settings.quiet = try flag()
                default:
                    throw UsageError("unknown option '\(name)'" + OptionSuggestion.hint(for: name, among: optionNames), command: command)
                }
            }
        }

        let scriptPath = try ScriptWord.one(of: given.files, command: command, usage: "\(command.rawValue) FILE.mask")
        return (given, scriptPath)
    }

    /// What to write, from options that must agree with each other.
    private static func target(_ given: Given, script: String, command: HelpTopic) throws(UsageError) -> RenderOptions.Target {
        func refuse(_ message: String) -> UsageError { UsageError(message, command: command) }
        if given.sheet == nil {
            if given.sheetFrames != nil { throw refuse("'--sheet-frames' needs '--sheet FILE.png'") }
            if given.columns != nil { throw refuse("'--columns' needs '--sheet FILE.png'") }
        }
        if given.clean, given.sheet != nil || given.time != nil {
            throw refuse("'--clean' removes stale frames from a frame folder; it does not go with '--at' or '--sheet'")
        }
        if let sheet = given.sheet {
            guard given.time == nil else { throw refuse("'--sheet' and '--at' each write one image; give one of them") }
            guard given.output == nil else { throw refuse("'--sheet' names its own file; leave out '-o'") }
            let format = try imageFormat(command: command, of: sheet, for: "--sheet", given.format)
            return .sheet(file: sheet, format: format, frames: given.frames,
                          count: given.sheetFrames ?? RenderOptions.defaultSheetFrames,
                          columns: given.columns ?? RenderOptions.defaultSheetColumns)
        }
        if let time = given.time {
            guard given.frames == nil else { throw refuse("'--at' renders one image and cannot be combined with '--frames'") }
            guard let file = given.output else { throw refuse("'--at' needs the image to write: -o FILE.ppm or -o FILE.png") }
            return .still(time: time, file: file, format: try imageFormat(command: command, of: file, for: "--at", given.format))
        }
        var animation: AnimationFormat?
        var frameFormat = ImageFormat.ppm
        switch given.format {
        case .animation(let format)?: animation = format
        case .image(let format)?: frameFormat = format
        case nil: animation = given.output.flatMap(AnimationFormat.init(pathExtension:))
        }
        if let animation {
            guard !given.clean else { throw refuse("'--clean' removes stale frames from a frame folder, not from an animation") }
            return .animation(file: given.output ?? defaultAnimationFile(for: script, format: animation),
                              format: animation, frames: given.frames)
        }
        let output = given.output ?? RenderOptions.defaultDirectory
        if ImageFormat(pathExtension: output) == nil, let unknown = unknownExtension(of: output) {
            throw refuse("cannot tell what to write for '-o \(output)': '.\(unknown)' is not a format mask writes "
                + "(animations: " + AnimationFormat.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
                + "; images: .png, .ppm); without an extension, '-o DIR' writes a folder of frames")
        }
        if ImageFormat(pathExtension: output) != nil {
            throw refuse("'-o \(output)' names one image, but render writes a folder of frames: add '--at T' "
                + "for the frame at T seconds, use '--sheet \(output)' for a contact sheet, or '--format apng' "
                + "for an animated PNG")
        }
        return .sequence(directory: output, format: frameFormat, frames: given.frames, clean: given.clean)
    }

    /// The extension of a path's last component (`anim.mov` → `mov`), nil when it has
    /// none: no dot but a leading one (`.frames`), or a path ending in `/` (a folder).
    static func unknownExtension(of path: String) -> String? {
        guard !path.hasSuffix("/"), let name = path.split(separator: "/").last,
              let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : String(ext)
    }

    /// Where `--format gif` (and the other animations) writes without `-o`: the script's
    /// name with the format's extension, in the current directory (`intro.mask` → `intro.gif`).
    static func defaultAnimationFile(for script: String, format: AnimationFormat) -> String {
        var name = script.split(separator: "/").last.map(String.init) ?? "animation"
        if name.lowercased().hasSuffix(".mask") { name.removeLast(5) }
        return (name.isEmpty ? "animation" : name) + "." + format.rawValue
    }

    /// The image format of a one-image output, from its extension, which `--format` may
    /// repeat but not contradict.
    private static func imageFormat(command: HelpTopic, of file: String, for option: String,
                                    _ format: RenderOptions.Format?) throws(UsageError) -> ImageFormat {
        guard let fileFormat = ImageFormat(pathExtension: file) else {
            throw UsageError("cannot tell the image format of '\(file)': with '\(option)', name the file .ppm or .png",
                             command: command)
        }
        if let format, format != .image(fileFormat) {
            throw UsageError("'--format \(format.name)' does not match the extension of '\(file)'", command: command)
        }
        return fileFormat
    }

    private static func path(command: HelpTopic, _ text: String, _ option: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("option '\(option)' needs a non-empty path", command: command) }
        return text
    }

    private static func parseFormat(command: HelpTopic, _ text: String) throws(UsageError) -> RenderOptions.Format {
        guard let format = RenderOptions.Format(text.lowercased()) else {
            throw UsageError("invalid value '\(text)' for '--format': expected "
                + RenderOptions.Format.names.joined(separator: ", "), command: command)
        }
        return format
    }

    /// A size with an optional binary suffix (`ByteSize`); `serve` parses its budget with it too.
    static func size(command: HelpTopic, _ text: String, _ option: String, examples: String) throws(UsageError) -> Int {
        guard let value = ByteSize.parse(text) else {
            throw UsageError("invalid value '\(text)' for '\(option)': expected a size such as \(examples)", command: command)
        }
        return value
    }

    private static func count(command: HelpTopic, _ text: String, _ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = WholeNumber.parse(text), range.contains(n) else {
            throw UsageError("invalid value '\(text)' for '\(option)': expected a whole number from "
                + "\(range.lowerBound) to \(range.upperBound)", command: command)
        }
        return n
    }

    private static func parseJobs(command: HelpTopic, _ text: String) throws(UsageError) -> Int {
        guard let jobs = WholeNumber.parse(text), (1...RenderSettings.maxJobs).contains(jobs) else {
            throw UsageError("invalid value '\(text)' for '--jobs': expected a whole number from 1 to \(RenderSettings.maxJobs)",
                             command: command)
        }
        return jobs
    }

    private static func parseTime(command: HelpTopic, _ text: String) throws(UsageError) -> Double {
        guard let time = DecimalNumber.parse(text) else {
            throw UsageError("invalid value '\(text)' for '--at': expected a time in seconds, 0 or more, such as 1.5",
                             command: command)
        }
        return time
    }
}

import MaskEngine

/// A validated `mask render` command line.
struct RenderOptions: Equatable {
    /// What to write.
    enum Target: Equatable {
        /// Frames `frames` (all of them when nil) as `DIRECTORY/frame_NNNNN.EXT`.
        case sequence(directory: String, format: ImageFormat, frames: FrameRange?)
        /// The single image at `time` seconds, to `file`.
        case still(time: Double, file: String, format: ImageFormat)
    }

    /// The frame directory when `-o` is not given.
    static let defaultDirectory = "frames"
    /// The most `--jobs` allows: far beyond any useful parallelism, low enough that a typo
    /// such as `--jobs 4000` cannot start thousands of threads.
    static let maxJobs = 64

    /// The script, as typed (diagnostics use this name).
    var scriptPath: String
    /// What to write.
    var target: Target
    /// How many frames render at once.
    var jobs: Int
    /// True to silence the progress line.
    var quiet: Bool

    /// The default for `--jobs`: the processors this process may use, within 1...`maxJobs`.
    static var defaultJobs: Int {
        min(max(ProcessorCount.active, 1), maxJobs)
    }
}

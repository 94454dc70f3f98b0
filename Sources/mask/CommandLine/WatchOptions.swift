/// A validated `mask watch` command line.
struct WatchOptions: Equatable {
    /// What each rebuild does.
    enum Mode: Equatable {
        /// Play the animation (`frames`, all when nil) in the terminal, or show the frame at `time`.
        case preview(time: Double?, frames: FrameRange?)
        /// Write what `mask render` would.
        case render(RenderOptions.Target)
    }

    /// The script, as typed.
    var scriptPath: String
    /// What each rebuild does.
    var mode: Mode
    /// How frames are made, as for render (`--quiet` prints only diagnostics).
    var settings: RenderSettings
}

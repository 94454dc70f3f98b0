import MaskEngine

/// The options `mask render` and `mask watch` share: how frames are made.
struct RenderSettings: Equatable {
    /// The most `--jobs` allows: far beyond any useful parallelism, low enough that a typo
    /// such as `--jobs 4000` cannot start thousands of threads.
    static let maxJobs = 64

    /// The default for `--jobs`: the processors this process may use, within 1...`maxJobs`.
    static var defaultJobs: Int {
        min(max(ProcessorCount.active, 1), maxJobs)
    }

    /// `--jobs`: how many frames render at once; the processors' count when not given
    /// (asked only then: Foundation reads the cgroup limits to answer).
    var jobs: Int {
        get { givenJobs ?? RenderSettings.defaultJobs }
        set { givenJobs = newValue }
    }
    private var givenJobs: Int? = nil
    /// `--quiet`: no progress line (render), only diagnostics (watch).
    var quiet = false
    /// `--max-frame-memory`: the offscreen buffers one frame may use, in bytes (nil: the
    /// engine's default budget).
    var frameMemory: Int? = nil
    /// `--max-frame-work`: the pixels one frame may draw (nil: the default budget).
    var frameWork: Int? = nil

    /// What one frame may cost: the defaults, with the options' overrides.
    var budget: RenderBudget {
        var budget = RenderBudget()
        if let frameMemory { budget.bufferBytes = frameMemory }
        if let frameWork { budget.work = frameWork }
        return budget
    }
}

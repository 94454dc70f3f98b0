import Foundation

/// The progress line on standard error: `frame 12/91  24.3 fps  ETA 3.2s`, rewritten in
/// place with `\r` and cleared when the render ends.
struct ProgressLine {
    /// How many frames the render writes.
    let total: Int
    private let start = ContinuousClock.now

    /// Starts timing a render of `total` frames.
    init(total: Int) {
        self.total = total
    }

    /// Shows that `done` frames are written.
    func update(done: Int) {
        var text = "frame \(done)/\(total)"
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        if done > 0, elapsed > 0 {
            let rate = Double(done) / elapsed
            text += "  " + String(format: "%.1f", rate) + " fps  ETA " + ProgressLine.duration(Double(total - done) / rate)
        }
        StandardStreams.writeError("\r" + text + "\u{1B}[K")
    }

    /// Erases the line.
    func clear() {
        StandardStreams.writeError("\r\u{1B}[K")
    }

    /// `3.2s` under a minute, `4m05s` under an hour, `1h02m` beyond.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--" }
        if seconds < 59.95 { return String(format: "%.1fs", seconds) }
        guard seconds < 1e9 else { return "--" }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3600, whole / 60 % 60)
    }
}

/// The output of a scene: frame size, frame rate, length and backdrop.
public struct Canvas: Sendable, Equatable {
    /// Frame width in pixels (1...`Image.maxDimension`).
    public var width: Int
    /// Frame height in pixels (1...`Image.maxDimension`).
    public var height: Int
    /// Frames per second (> 0).
    public var fps: Double
    /// The length in seconds; nil means "until the last finite change".
    public var duration: Double?
    /// The opaque colour under every frame.
    public var background: Color

    /// Creates canvas settings; the defaults are LANGUAGE.md's.
    public init(width: Int = 320, height: Int = 240, fps: Double = 30, duration: Double? = nil, background: Color = .black) {
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.background = background
    }

    /// The time of frame `k`: `k / fps`.
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// The number of frames for a length of `duration` seconds: `floor(duration × fps) + 1`,
    /// so both the first and the final state are rendered; nil when that count is not
    /// representable.
    public func frameCount(for duration: Double) -> Int? {
        let n = (duration * fps + 1e-9).rounded(.down)
        guard n.isFinite, n >= 0, n < Double(Int32.max) else { return nil }
        return Int(n) + 1
    }
}

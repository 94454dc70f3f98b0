/// One property's values at every frame of a stretch of the timeline, written as a Lottie
/// property: a static value when it never changes, otherwise keyframes at the frames
/// where the sampled curve bends. Between two kept keyframes every dropped frame lies on
/// the straight line between them (within `tolerance`), so a player interpolating
/// linearly shows the sampled value at every frame.
struct LottieTrack {
    /// The frame number of the first sample.
    let firstFrame: Int
    /// The samples, one per frame, each a vector of the property's components.
    let samples: [[Double]]
    /// The largest difference from the sample that a dropped frame may show, in the
    /// property's Lottie units (pixels, percent, degrees, colour fractions).
    var tolerance = 1e-3

    /// A track of `samples` starting at frame `firstFrame`.
    init(firstFrame: Int, samples: [[Double]], tolerance: Double = 1e-3) {
        self.firstFrame = firstFrame
        self.samples = samples
        self.tolerance = tolerance
    }

    /// True when every sample equals the first.
    var isConstant: Bool { samples.allSatisfy { $0 == samples.first } }

    /// The indices of the samples kept as keyframes: the first, the last, and each frame
    /// where a straight line from the previous keyframe no longer fits.
    func keyIndices() -> [Int] {
        let n = samples.count
        guard n > 1 else { return n == 1 ? [0] : [] }
        var keys = [0]
        var a = 0
        while a < n - 1 {
            var b = a + 1
            while b + 1 < n && fits(from: a, to: b + 1) { b += 1 }
            keys.append(b)
            a = b
        }
        return keys
    }

    private func fits(from a: Int, to c: Int) -> Bool {
        let va = samples[a], vc = samples[c]
        guard va.count == vc.count else { return false }
        let span = Double(c - a)
        for j in (a + 1)..<c {
            let vj = samples[j]
            guard vj.count == va.count else { return false }
            let f = Double(j - a) / span
            for d in va.indices where abs(va[d] + (vc[d] - va[d]) * f - vj[d]) > tolerance { return false }
        }
        return true
    }

    /// The Lottie property `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`.
    /// - Parameters:
    ///   - encode: turns one sample into its static Lottie value (a number, a list, a shape).
    ///   - keyframe: the same as a keyframe's `s`, which is always a list; `encode` when nil.
    func property(_ encode: ([Double]) -> LottieJSON, keyframe: ((([Double]) -> LottieJSON))? = nil) -> LottieJSON {
        guard let first = samples.first else { return .object([("a", .number(0)), ("k", .number(0))]) }
        if isConstant { return .object([("a", .number(0)), ("k", encode(first))]) }
        let keys = keyIndices()
        var frames: [LottieJSON] = []
        for (n, key) in keys.enumerated() {
            var members: [(String, LottieJSON)] = [("t", .number(Double(firstFrame + key))), ("s", keyframe.map { $0(samples[key]) } ?? encode(samples[key]))]
            if n + 1 < keys.count {
                // Linear: the handles lie on the diagonal.
                members.append(("o", .object([("x", .numbers([0])), ("y", .numbers([0]))])))
                members.append(("i", .object([("x", .numbers([1])), ("y", .numbers([1]))])))
            }
            frames.append(.object(members))
        }
        return .object([("a", .number(1)), ("k", .array(frames))])
    }

    /// A property of one number per frame.
    static func scalar(_ firstFrame: Int, _ values: [Double], tolerance: Double = 1e-3) -> LottieJSON {
        LottieTrack(firstFrame: firstFrame, samples: values.map { [$0] }, tolerance: tolerance)
            .property({ .number($0.first ?? 0) }, keyframe: { .numbers([$0.first ?? 0]) })
    }

    /// A property of a vector (a point, a scale, a colour) per frame.
    static func vector(_ firstFrame: Int, _ values: [[Double]], tolerance: Double = 1e-3) -> LottieJSON {
        LottieTrack(firstFrame: firstFrame, samples: values, tolerance: tolerance).property({ .numbers($0) })
    }
}

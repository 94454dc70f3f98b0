/// One property's values at every frame of a stretch of the timeline, written as a Lottie
/// property: a static value when it never changes, otherwise keyframes at the frames
/// where the sampled curve bends. Between two kept keyframes every dropped frame lies on
/// the straight line between them, or on one of the scene's cubic eases written as
/// Lottie's bezier handles (within `tolerance`), so a player shows the sampled value at
/// every frame.
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

    /// The samples kept as keyframes, each with the curve to the next: the first, the
    /// last, and wherever neither a straight line nor (up to one of the scene's cycle
    /// boundaries) one of its eases fits the frames since the previous keyframe.
    func keys(eases: LottieEases = LottieEases.current) -> [(index: Int, curve: LottieEases.Curve)] {
        let n = samples.count
        guard n > 1 else { return n == 1 ? [(0, .linear)] : [] }
        var keys: [(index: Int, curve: LottieEases.Curve)] = []
        var a = 0
        while a < n - 1 {
            var b = a + 1
            while b + 1 < n && fits(from: a, to: b + 1, .linear) { b += 1 }
            var curve = LottieEases.Curve.linear
            let start = Double(firstFrame + a)
            // An eased cycle running at this keyframe may carry the curve further.
            for cycle in eases.cycles where cycle.begin <= start + 1e-9 && cycle.end > start + 1e-9 {
                // Clamped before converting: a cycle may run far past the samples.
                let reach = min(cycle.end + 1e-9, Double(firstFrame + n - 1))
                let last = Int(reach.rounded(.down)) - firstFrame
                let span = cycle.end - cycle.begin
                // The frame at the cycle's end may already show what follows it (an
                // animation over, its layer back at the model value): then the cycle
                // carries the curve up to the frame before.
                for c in [last, last - 1] where c > b + 1 {
                    guard let piece = cycle.curve.piece(from: (start - cycle.begin) / span,
                                                        to: (Double(firstFrame + c) - cycle.begin) / span),
                          fits(from: a, to: c, piece) else { continue }
                    b = c
                    curve = piece
                    break
                }
            }
            keys.append((a, curve))
            a = b
        }
        keys.append((n - 1, .linear))
        return keys
    }

    private func fits(from a: Int, to c: Int, _ curve: LottieEases.Curve) -> Bool {
        let va = samples[a], vc = samples[c]
        guard va.count == vc.count else { return false }
        let span = Double(c - a)
        for j in (a + 1)..<c {
            let vj = samples[j]
            guard vj.count == va.count else { return false }
            let f = curve == .linear ? Double(j - a) / span : curve.progress(Double(j - a) / span)
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
        let kept = keys()
        var frames: [LottieJSON] = []
        for (n, key) in kept.enumerated() {
            var members: [(String, LottieJSON)] = [("t", .number(Double(firstFrame + key.index))),
                                                   ("s", keyframe.map { $0(samples[key.index]) } ?? encode(samples[key.index]))]
            if n + 1 < kept.count, kept[n + 1].index == key.index + 1,
               LottieEases.current.steps.contains(firstFrame + key.index + 1) {
                // A step: the value holds until the next keyframe.
                members.append(("h", .number(1)))
            } else if n + 1 < kept.count {
                let c = key.curve
                members.append(("o", .object([("x", .numbers([c.x1])), ("y", .numbers([c.y1]))])))
                members.append(("i", .object([("x", .numbers([c.x2])), ("y", .numbers([c.y2]))])))
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

    /// A property of a vector (a point, a scale) per frame.
    static func vector(_ firstFrame: Int, _ values: [[Double]], tolerance: Double = 1e-3) -> LottieJSON {
        LottieTrack(firstFrame: firstFrame, samples: values, tolerance: tolerance).property({ .numbers($0) })
    }

    /// As `vector`, for values in 0...1 that a player reads as bytes (colours, gradient
    /// stops): written as `LottieJSON.fraction`.
    static func fractions(_ firstFrame: Int, _ values: [[Double]], tolerance: Double = 1e-3) -> LottieJSON {
        LottieTrack(firstFrame: firstFrame, samples: values, tolerance: tolerance).property({ .array($0.map(LottieJSON.fraction)) })
    }
}

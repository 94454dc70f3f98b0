/// What the keyframe writer may use between two keyframes besides a straight line: the
/// cycles of the scene's animations with cubic eases (Core Animation's `easeIn`,
/// `easeOut`, `easeInOut` and `cubic`), which Lottie's bezier handles express exactly,
/// also over part of a cycle (a cycle that begins between frames, or is cut short).
struct LottieEases: Sendable {
    /// One cubic timing curve: Lottie's out handle (x1, y1) and in handle (x2, y2).
    struct Curve: Sendable, Hashable {
        let x1: Double, y1: Double, x2: Double, y2: Double

        /// The eased progress at a time fraction.
        func progress(_ f: Double) -> Double {
            Easing.cubic(x1, y1, x2, y2).progress(f)
        }

        /// The same curve played backwards (the return of an autoreversing animation).
        var reversed: Curve { Curve(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1) }

        /// The straight line.
        static let linear = Curve(x1: 0, y1: 0, x2: 1, y2: 1)

        /// The part of the curve between time fractions `u0` and `u1`, rescaled to a
        /// timing curve of its own (a piece of a cubic Bézier is a cubic Bézier); nil
        /// when the value does not change over it.
        func piece(from u0: Double, to u1: Double) -> Curve? {
            let s0 = parameter(at: u0), s1 = parameter(at: u1)
            guard s1 > s0 else { return nil }
            // de Casteljau: the curve between parameters s0 and s1.
            let p: [(Double, Double)] = [(0, 0), (x1, y1), (x2, y2), (1, 1)]
            func point(_ s: Double) -> (Double, Double) {
                let m = 1 - s
                let a = m * m * m, b = 3 * m * m * s, c = 3 * m * s * s, d = s * s * s
                return (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
            }
            func derivative(_ s: Double) -> (Double, Double) {
                let m = 1 - s
                let a = 3 * m * m, b = 6 * m * s, c = 3 * s * s
                return (a * (p[1].0 - p[0].0) + b * (p[2].0 - p[1].0) + c * (p[3].0 - p[2].0),
                        a * (p[1].1 - p[0].1) + b * (p[2].1 - p[1].1) + c * (p[3].1 - p[2].1))
            }
            let q0 = point(s0), q3 = point(s1), d0 = derivative(s0), d1 = derivative(s1)
            let h = (s1 - s0) / 3
            let q1 = (q0.0 + d0.0 * h, q0.1 + d0.1 * h), q2 = (q3.0 - d1.0 * h, q3.1 - d1.1 * h)
            let w = q3.0 - q0.0, v = q3.1 - q0.1
            guard w > 1e-12, abs(v) > 1e-12 else { return nil }
            let piece = Curve(x1: (q1.0 - q0.0) / w, y1: (q1.1 - q0.1) / v, x2: (q2.0 - q0.0) / w, y2: (q2.1 - q0.1) / v)
            guard (0...1).contains(piece.x1), (0...1).contains(piece.x2) else { return nil }
            return piece
        }

        /// The Bézier parameter where the curve's x is `u` (x increases for x1, x2 in 0...1).
        private func parameter(at u: Double) -> Double {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let s = (lo + hi) / 2, m = 1 - s
                let x = 3 * m * m * s * x1 + 3 * m * s * s * x2 + s * s * s
                if x < u { lo = s } else { hi = s }
            }
            return (lo + hi) / 2
        }
    }

    /// One eased run: from frame `begin` to frame `end` (fractional), along `curve`.
    struct Cycle: Sendable {
        let begin: Double, end: Double, curve: Curve
    }

    /// Every eased half cycle of the scene's animations, repeats and `forever` unrolled.
    var cycles: [Cycle] = []
    /// The frames at which a step shows first (a property set, a layer joining the tree
    /// or leaving it for a mask): a change onto such a frame from the one before is a
    /// hold keyframe, as Core Animation shows a step, not a ramp between frames.
    var steps: Set<Int> = []

    /// The eases in force while a document is being built (none by default: straight
    /// lines only).
    @TaskLocal static var current = LottieEases()

    /// The cubic form of an easing; nil for linear and for a spring, which is baked.
    static func curve(_ easing: Easing) -> Curve? {
        switch easing {
        case .linear, .spring: return nil
        case .easeIn: return Curve(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: return Curve(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: return Curve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case let .cubic(x1, y1, x2, y2): return Curve(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// The eased cycles of a scene's timeline over its first `frameCount` frames.
    init(scene: Scene, frameCount: Int) {
        let fps = scene.canvas.fps, last = Double(frameCount) / fps
        var cycles: [Cycle] = []
        for entry in scene.timeline.entries {
            guard case .animation(let animation) = entry, let curve = LottieEases.curve(animation.easing),
                  animation.keyframes.count == 2, animation.duration * fps >= 2 else { continue }
            let stop = min(last, animation.end)
            var t = animation.begin
            var forward = true
            // At most one half cycle per frame of the scene: the loop is bounded.
            var count = 0
            while t < stop, count <= frameCount {
                let end = min(t + animation.duration, animation.end)
                cycles.append(Cycle(begin: t * fps, end: end * fps, curve: forward ? curve : curve.reversed))
                t += animation.duration
                if animation.autoreverses { forward.toggle() }
                count += 1
            }
        }
        self.cycles = cycles.sorted { $0.begin < $1.begin }
        var steps: Set<Int> = []
        func step(at time: Double) {
            let frame = (time * fps - 1e-9).rounded(.up)
            if frame >= 1, frame < Double(frameCount) { steps.insert(Int(frame)) }
        }
        for entry in scene.timeline.entries {
            if case let .step(_, _, time, _) = entry { step(at: time) }
        }
        for change in scene.treeChanges { step(at: change.time) }
        self.steps = steps
    }

    init() {}
}

/// How many times an animation plays.
public enum Repetition: Sendable, Hashable, CustomStringConvertible {
    /// A number of cycles; may be fractional (2.5 plays two and a half), as `repeatCount`.
    case count(Double)
    /// Until the end of the timeline.
    case forever

    /// The count as mask script writes it (`2`, `2.5`), or `forever`.
    public var description: String {
        switch self {
        case .count(let n): return n.shortDescription
        case .forever: return "forever"
        }
    }
}

/// One animation of one property of one layer: keyframe values, timing, repetition.
///
/// A plain `from`/`to` animation is two keyframes. Sampling is a pure function of time.
public struct Animation: Sendable, Equatable {
    /// The animated layer.
    public var layer: LayerID
    /// The animated property; it must be animatable.
    public var key: PropertyKey
    /// The values passed through, at least two (`[from, to]`).
    public var keyframes: [PropertyValue]
    /// The fraction of `duration` at which each keyframe is reached, increasing from 0 to 1;
    /// nil spreads them evenly.
    public var keyTimes: [Double]?
    /// When the first cycle starts, in seconds of timeline time.
    public var begin: Double
    /// The length of one cycle in one direction, in seconds (≥ 0).
    public var duration: Double
    /// The timing curve of each cycle.
    public var easing: Easing
    /// How many cycles play.
    public var repetition: Repetition
    /// Each cycle plays forward, then backward (a cycle then lasts twice `duration`).
    public var autoreverses: Bool

    /// Creates an animation.
    public init(layer: LayerID, key: PropertyKey, keyframes: [PropertyValue], keyTimes: [Double]? = nil,
                begin: Double, duration: Double, easing: Easing = .linear,
                repetition: Repetition = .count(1), autoreverses: Bool = false) {
        self.layer = layer
        self.key = key
        self.keyframes = keyframes
        self.keyTimes = keyTimes
        self.begin = begin
        self.duration = duration
        self.easing = easing
        self.repetition = repetition
        self.autoreverses = autoreverses
    }

    /// The time of one full cycle, forward and (when autoreversing) back.
    public var cycleDuration: Double { Animation.cycleDuration(duration, autoreverses: autoreverses) }

    /// When the animation stops changing the property: `begin` plus all its cycles, or
    /// infinity for `forever`.
    public var end: Double { Animation.end(begin: begin, duration: duration, autoreverses: autoreverses, repetition: repetition) }

    /// `cycleDuration` of these fields.
    private static func cycleDuration(_ duration: Double, autoreverses: Bool) -> Double { autoreverses ? 2 * duration : duration }

    /// `end` of these fields.
    private static func end(begin: Double, duration: Double, autoreverses: Bool, repetition: Repetition) -> Double {
        switch repetition {
        case .forever: return duration > 0 ? .infinity : begin
        case .count(let n): return begin + cycleDuration(duration, autoreverses: autoreverses) * max(0, n)
        }
    }

    /// The value the property keeps after the animation ends: the last keyframe
    /// (the model value becomes `to`, as with `UIView.animate`).
    public var finalValue: PropertyValue? { keyframes.last }

    /// The value at timeline time `t`; nil before `begin`.
    /// - Throws: `InterpolationError` when keyframes cannot be interpolated.
    public func value(at t: Double) throws(InterpolationError) -> PropertyValue? {
        try withUnsafePointer(to: self) { (a) throws(InterpolationError) in try Animation.value(of: a, at: t) }
    }

    /// `value(at:)` of the animation at `a`, its fields read where they lie: a method
    /// called on an animation in a table (`StateSampler`'s) is handed a copy of it, each of
    /// its lists retained and released, counts every render thread writes.
    static func value(of a: UnsafePointer<Animation>, at t: Double) throws(InterpolationError) -> PropertyValue? {
        let begin = a.pointee.begin
        // The keyframes are not copied unless returned (a copy retains their lists).
        let keyframes = a.pointee.keyframes
        guard t >= begin, !keyframes.isEmpty else { return nil }
        let local = t - begin
        let duration = a.pointee.duration, autoreverses = a.pointee.autoreverses
        guard duration > 0, t < end(begin: begin, duration: duration, autoreverses: autoreverses, repetition: a.pointee.repetition) else {
            return keyframes.last
        }
        var f = local.truncatingRemainder(dividingBy: cycleDuration(duration, autoreverses: autoreverses)) / duration
        if autoreverses && f > 1 { f = 2 - f }
        return try sample(keyframes, keyTimes: a.pointee.keyTimes, at: a.pointee.easing.progress(f))
    }

    /// The value of `keyframes` (reached at `keyTimes`, as an animation's) at eased
    /// progress `p` (which may overshoot 0...1). The keyframes are read where they lie: a
    /// copy of one retains its lists, which every render thread samples.
    static func sample(_ keyframes: [PropertyValue], keyTimes: [Double]?, at p: Double) throws(InterpolationError) -> PropertyValue? {
        let n = keyframes.count
        guard n > 0 else { return nil }
        guard n > 1 else { return keyframes[0] }
        // Without `keyTimes` the keys are spread evenly: key k at k / (n − 1), worked out
        // where needed (an array of them per sample was an allocation per property per frame).
        func time(_ k: Int) -> Double { keyTimes?[k] ?? Double(k) / Double(n - 1) }
        // The segment holding p; overshoot uses the first or last segment.
        var i = 0
        while i < n - 2 && p >= time(i + 1) { i += 1 }
        let t0 = time(i), t1 = time(i + 1)
        let local = t1 > t0 ? (p - t0) / (t1 - t0) : (p >= t1 ? 1 : 0)
        return try keyframes.withUnsafeBufferPointer { (keyframes) throws(InterpolationError) in
            try keyframes[i].interpolated(to: keyframes[i + 1], local)
        }
    }
}

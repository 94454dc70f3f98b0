import Foundation

/// A timing curve: maps the fraction of an animation's duration that has passed to the
/// fraction of the change that shows. Pure functions, no clock.
public enum Easing: Sendable, Hashable, CustomStringConvertible {
    /// Constant speed: the progress equals the time fraction.
    case linear
    /// Core Animation's `easeIn`: cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Core Animation's `easeOut`: cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Core Animation's `easeInEaseOut`: cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2);
    /// x1 and x2 must lie in 0...1 (as for `CAMediaTimingFunction`).
    case cubic(Double, Double, Double, Double)
    /// A damped spring of mass 1 released from rest, stretched so that it settles
    /// (stays within 0.1% of the target) exactly at the end of the animation.
    /// Both values must be positive.
    case spring(damping: Double, stiffness: Double)

    /// The eased progress for a time fraction; `fraction` is clamped to 0...1. The result
    /// is 0 at 0 and 1 at 1, and may overshoot in between (springs, some cubics).
    public func progress(_ fraction: Double) -> Double {
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        if f == 0 { return 0 }
        if f == 1 { return 1 }
        switch self {
        case .linear: return f
        case .easeIn: return Easing.solveCubic(0.42, 0, 1, 1, x: f)
        case .easeOut: return Easing.solveCubic(0, 0, 0.58, 1, x: f)
        case .easeInOut: return Easing.solveCubic(0.42, 0, 0.58, 1, x: f)
        case let .cubic(x1, y1, x2, y2): return Easing.solveCubic(x1, y1, x2, y2, x: f)
        case let .spring(damping, stiffness):
            guard let spring = Spring(damping: damping, stiffness: stiffness) else { return f }
            return spring.position(at: f * spring.settlingTime)
        }
    }

    /// The y of the cubic Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1) at the parameter whose x is `x`:
    /// Newton's method from a good start, falling back to bisection, to 1e-7 in x.
    static func solveCubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double) -> Double {
        let cx1 = min(1, max(0, x1)), cx2 = min(1, max(0, x2))
        func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        func dbez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
        }
        var t = x
        for _ in 0..<8 {
            let err = bez(t, cx1, cx2) - x
            if abs(err) < 1e-7 { return bez(t, y1, y2) }
            let d = dbez(t, cx1, cx2)
            if abs(d) < 1e-6 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = bez(t, cx1, cx2)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return bez(t, y1, y2)
    }

    /// The easing as mask script writes it: `easeIn`, `cubic(x1, y1, x2, y2)`,
    /// `spring(damping, stiffness)`.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case let .cubic(a, b, c, d):
            return "cubic(\([a, b, c, d].map(\.shortDescription).joined(separator: ", ")))"
        case let .spring(d, s): return "spring(\(d.shortDescription), \(s.shortDescription))"
        }
    }
}

/// The closed-form motion of a damped spring of mass 1 from 0 to 1, released at rest.
struct Spring {
    let omega0: Double
    let zeta: Double
    /// Seconds (of the spring's own time) until it stays within 0.1% of 1.
    let settlingTime: Double

    private static let tolerance = 0.001

    init?(damping: Double, stiffness: Double) {
        guard damping.isFinite, stiffness.isFinite, damping > 0, stiffness > 0 else { return nil }
        omega0 = stiffness.squareRoot()
        zeta = damping / (2 * omega0)
        if zeta < 1 {
            // The envelope e^(-ζω₀t)·√(1 + (ζω₀/ω_d)²) bounds the error from above.
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (1 + pow(zeta * omega0 / wd, 2)).squareRoot()
            settlingTime = max(1e-6, log(amplitude / Spring.tolerance) / (zeta * omega0))
        } else {
            // Critically and over-damped springs approach 1 monotonically: bisect.
            var hi = 1.0 / omega0
            var probe = Spring(omega0: omega0, zeta: zeta, settlingTime: 0)
            while 1 - probe.position(at: hi) > Spring.tolerance && hi < 1e9 { hi *= 2 }
            var lo = 0.0
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if 1 - probe.position(at: mid) > Spring.tolerance { lo = mid } else { hi = mid }
            }
            probe = Spring(omega0: omega0, zeta: zeta, settlingTime: hi)
            settlingTime = max(1e-6, probe.settlingTime)
        }
    }

    private init(omega0: Double, zeta: Double, settlingTime: Double) {
        self.omega0 = omega0
        self.zeta = zeta
        self.settlingTime = settlingTime
    }

    /// The spring's position (0 at rest start, 1 the target) after `t` seconds.
    func position(at t: Double) -> Double {
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * omega0 * t)
            return 1 - e * (cos(wd * t) + (zeta * omega0 / wd) * sin(wd * t))
        } else if zeta == 1 {
            return 1 - exp(-omega0 * t) * (1 + omega0 * t)
        } else {
            let s = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega0 + s, r2 = -zeta * omega0 - s
            // x(t) = 1 + A·e^(r1 t) + B·e^(r2 t) with x(0) = 0 and x'(0) = 0.
            let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
            return 1 + a * exp(r1 * t) + b * exp(r2 * t)
        }
    }
}

import XCTest
@testable import MaskEngine

/// The easing curves against Core Animation's control points.
///
/// Expected values never come from `Easing` itself: each cubic is checked against a
/// brute-force dense sampling of the Bézier (`referenceY`) and against a table of values
/// computed beforehand by 200-step bisection outside the engine.
final class EasingTests: XCTestCase {
    private let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
    private let accuracy = 1e-4

    // MARK: - Reference

    /// y at x of the cubic Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1), found by sampling the
    /// parameter densely and interpolating linearly between the two samples whose x
    /// brackets the target (x is monotonic in the parameter when x1, x2 ∈ 0...1).
    private func referenceY(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        let steps = 100_000
        var previousS = 0.0, previousX = 0.0
        for i in 1...steps {
            let s = Double(i) / Double(steps)
            let sx = bezier(s, x1, x2)
            if sx >= x {
                let span = sx - previousX
                let w = span > 0 ? (x - previousX) / span : 0
                let sAtX = previousS + (s - previousS) * w
                return bezier(sAtX, y1, y2)
            }
            previousS = s
            previousX = sx
        }
        return 1
    }

    private func assertMatchesBezier(_ easing: Easing, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                                     file: StaticString = #filePath, line: UInt = #line) {
        for f in fractions {
            XCTAssertEqual(easing.progress(f), referenceY(x1, y1, x2, y2, at: f), accuracy: accuracy,
                           "\(easing) at \(f)", file: file, line: line)
        }
    }

    /// Values of the curve at 0, 0.25, 0.5, 0.75 and 1, worked out beforehand.
    private func assertTable(_ easing: Easing, _ table: [Double],
                             file: StaticString = #filePath, line: UInt = #line) {
        for (f, expected) in zip(fractions, table) {
            XCTAssertEqual(easing.progress(f), expected, accuracy: accuracy, "\(easing) at \(f)", file: file, line: line)
        }
    }

    // MARK: - Linear and Core Animation's named curves

    func testLinearIsTheIdentity() {
        for f in fractions {
            XCTAssertEqual(Easing.linear.progress(f), f, accuracy: 1e-12)
        }
    }

    func testEaseInMatchesCoreAnimation() {
        assertMatchesBezier(.easeIn, 0.42, 0, 1, 1)
        assertTable(.easeIn, [0, 0.093465, 0.315357, 0.621862, 1])
    }

    func testEaseOutMatchesCoreAnimation() {
        assertMatchesBezier(.easeOut, 0, 0, 0.58, 1)
        assertTable(.easeOut, [0, 0.378138, 0.684643, 0.906535, 1])
    }

    func testEaseInOutMatchesCoreAnimation() {
        assertMatchesBezier(.easeInOut, 0.42, 0, 0.58, 1)
        assertTable(.easeInOut, [0, 0.129162, 0.5, 0.870838, 1])
    }

    func testEaseInAndEaseOutAreMirrorImages() {
        // easeOut(x) = 1 − easeIn(1 − x): their control points are point reflections.
        for f in [0.1, 0.3, 0.6, 0.9] {
            XCTAssertEqual(Easing.easeOut.progress(f), 1 - Easing.easeIn.progress(1 - f), accuracy: accuracy)
        }
    }

    // MARK: - Custom cubics

    func testCustomCubic() {
        let easing = Easing.cubic(0.25, 0.1, 0.25, 1) // CSS `ease`
        assertMatchesBezier(easing, 0.25, 0.1, 0.25, 1)
        assertTable(easing, [0, 0.408511, 0.802403, 0.960459, 1])
    }

    func testCustomCubicWithYOutsideTheUnitRangeOvershoots() {
        // "easeInOutBack": y1 < 0 and y2 > 1, so the curve dips below 0 and rises above 1.
        let easing = Easing.cubic(0.68, -0.55, 0.265, 1.55)
        assertMatchesBezier(easing, 0.68, -0.55, 0.265, 1.55)
        assertTable(easing, [0, -0.082807, 0.60668, 1.089166, 1])
        XCTAssertLessThan(easing.progress(0.25), 0)
        XCTAssertGreaterThan(easing.progress(0.75), 1)
    }

    func testCubicWithLinearControlPointsIsLinear() {
        let easing = Easing.cubic(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        for f in [0.1, 0.25, 0.5, 0.75, 0.9] {
            XCTAssertEqual(easing.progress(f), f, accuracy: accuracy)
        }
    }

    func testCubicWithSteepControlPointsStaysAccurate() {
        // x1 = x2 = 0 makes dx/ds vanish at s = 0, where Newton's method stalls.
        assertMatchesBezier(.cubic(0, 1, 0, 1), 0, 1, 0, 1)
        assertMatchesBezier(.cubic(1, 0, 1, 0), 1, 0, 1, 0)
        for f in [0.01, 0.1, 0.9, 0.99] {
            XCTAssertEqual(Easing.cubic(1, 0, 1, 0).progress(f), referenceY(1, 0, 1, 0, at: f), accuracy: accuracy)
        }
    }

    // MARK: - Edges

    func testEveryCurveStartsAtZeroAndEndsAtOne() {
        let all: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubic(0.68, -0.55, 0.265, 1.55),
                             .spring(damping: 5, stiffness: 100), .spring(damping: 20, stiffness: 100),
                             .spring(damping: 50, stiffness: 100)]
        for easing in all {
            XCTAssertEqual(easing.progress(0), 0, "\(easing)")
            XCTAssertEqual(easing.progress(1), 1, "\(easing)")
        }
    }

    func testFractionsOutsideTheUnitRangeAreClamped() {
        XCTAssertEqual(Easing.easeIn.progress(-0.5), 0)
        XCTAssertEqual(Easing.easeIn.progress(1.5), 1)
        XCTAssertEqual(Easing.linear.progress(.nan), 0)
        XCTAssertEqual(Easing.linear.progress(.infinity), 1)
        XCTAssertEqual(Easing.linear.progress(-.infinity), 0)
    }

    // MARK: - Springs

    private func samples(_ easing: Easing, count: Int = 1_000) -> [Double] {
        (0...count).map { easing.progress(Double($0) / Double(count)) }
    }

    func testUnderdampedSpringOvershoots() {
        // ζ = c / (2√k) = 4 / 20 = 0.2: the first peak passes 1 by e^(−πζ/√(1−ζ²)) ≈ 53%.
        let values = samples(.spring(damping: 4, stiffness: 100))
        let peak = values.max() ?? 0
        XCTAssertGreaterThan(peak, 1.4)
        XCTAssertLessThan(peak, 1.6)
        XCTAssertEqual(values.first, 0)
        XCTAssertEqual(values.last, 1)
    }

    func testUnderdampedSpringSettlesByTheEnd() {
        // The spring is stretched to settle (within 0.1%) exactly at the end.
        let easing = Easing.spring(damping: 4, stiffness: 100)
        for f in stride(from: 0.995, through: 1.0, by: 0.001) {
            XCTAssertEqual(easing.progress(f), 1, accuracy: 0.0011, "at \(f)")
        }
    }

    func testCriticallyDampedSpringIsMonotonic() {
        // ζ = 20 / (2·√100) = 1.
        let values = samples(.spring(damping: 20, stiffness: 100))
        for (a, b) in zip(values, values.dropFirst()) {
            XCTAssertLessThanOrEqual(a, b + 1e-12)
        }
        XCTAssertLessThanOrEqual(values.max() ?? 2, 1)
        XCTAssertEqual(values.last, 1)
        XCTAssertGreaterThan(values[500], 0.5)
    }

    func testOverdampedSpringIsMonotonic() {
        // ζ = 60 / 20 = 3.
        let values = samples(.spring(damping: 60, stiffness: 100))
        for (a, b) in zip(values, values.dropFirst()) {
            XCTAssertLessThanOrEqual(a, b + 1e-12)
        }
        XCTAssertLessThanOrEqual(values.max() ?? 2, 1)
        XCTAssertGreaterThan(values[500], 0)
        XCTAssertLessThan(values[500], 1)
    }

    func testCriticallyDampedSpringMatchesClosedForm() {
        // x(τ) = 1 − e^(−ω₀τ)(1 + ω₀τ) with ω₀ = 10; the settling time T solves
        // 1 − x(T) = 0.001. Find T by bisection here, then compare at T/2.
        func x(_ tau: Double) -> Double { 1 - exp(-10 * tau) * (1 + 10 * tau) }
        var lo = 0.0, hi = 10.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if 1 - x(mid) > 0.001 { lo = mid } else { hi = mid }
        }
        XCTAssertEqual(Easing.spring(damping: 20, stiffness: 100).progress(0.5), x(hi / 2), accuracy: 1e-6)
    }

    func testInvalidSpringParametersBehaveAsLinear() {
        let invalid: [Easing] = [.spring(damping: 0, stiffness: 100), .spring(damping: 10, stiffness: 0),
                                 .spring(damping: -1, stiffness: 100), .spring(damping: 10, stiffness: -5),
                                 .spring(damping: .nan, stiffness: 100), .spring(damping: 10, stiffness: .infinity)]
        for easing in invalid {
            for f in fractions {
                XCTAssertEqual(easing.progress(f), f, accuracy: 1e-12, "\(easing) at \(f)")
            }
        }
    }

    // MARK: - Descriptions

    func testDescriptions() {
        XCTAssertEqual(Easing.linear.description, "linear")
        XCTAssertEqual(Easing.easeInOut.description, "easeInOut")
        XCTAssertEqual(Easing.cubic(0.5, 0, 1, 1).description, "cubic(0.5, 0, 1, 1)")
        XCTAssertEqual(Easing.spring(damping: 10, stiffness: 100).description, "spring(10, 100)")
    }
}

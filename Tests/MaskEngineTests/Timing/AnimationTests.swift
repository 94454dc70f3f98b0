import XCTest
@testable import MaskEngine

/// Sampling one `Animation`: begin and end, repetition, autoreverse, keyframes, steps.
final class AnimationTests: XCTestCase {
    private let layer = LayerID(0)

    /// An opacity-like animation of plain numbers.
    private func animation(_ keyframes: [Double], keyTimes: [Double]? = nil, begin: Double = 0, duration: Double = 1,
                           easing: Easing = .linear, repetition: Repetition = .count(1),
                           autoreverses: Bool = false) -> Animation {
        Animation(layer: layer, key: .cornerRadius, keyframes: keyframes.map { .number($0) }, keyTimes: keyTimes,
                  begin: begin, duration: duration, easing: easing, repetition: repetition,
                  autoreverses: autoreverses)
    }

    /// The number at `t`, or nil before the animation begins.
    private func value(_ a: Animation, at t: Double) throws -> Double? {
        guard let v = try a.value(at: t) else { return nil }
        guard case .number(let n) = v else { throw UnexpectedValue(expected: "a number", found: v) }
        return n
    }

    private func assertValue(_ a: Animation, at t: Double, _ expected: Double,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let v = try XCTUnwrap(try value(a, at: t), "nil at t = \(t)", file: file, line: line)
        XCTAssertEqual(v, expected, accuracy: 1e-9, "at t = \(t)", file: file, line: line)
    }

    // MARK: - One plain cycle

    func testBeforeBeginThereIsNoValue() throws {
        let a = animation([0, 10], begin: 1, duration: 2)
        XCTAssertNil(try value(a, at: 0))
        XCTAssertNil(try value(a, at: 0.999))
        XCTAssertNil(try value(a, at: -5))
    }

    func testAtBeginMidAndEnd() throws {
        let a = animation([0, 10], begin: 1, duration: 2)
        try assertValue(a, at: 1, 0)
        try assertValue(a, at: 1.5, 2.5)
        try assertValue(a, at: 2, 5)
        try assertValue(a, at: 3, 10)
    }

    func testAfterTheEndTheFinalValueStays() throws {
        let a = animation([0, 10], begin: 1, duration: 2)
        try assertValue(a, at: 3.5, 10)
        try assertValue(a, at: 1_000, 10)
        XCTAssertEqual(a.finalValue, .number(10))
    }

    func testEasingShapesTheProgress() throws {
        // easeIn at half time: 0.315357 (Core Animation's curve, see EasingTests).
        let a = animation([0, 10], duration: 2, easing: .easeIn)
        let v = try XCTUnwrap(try value(a, at: 1))
        XCTAssertEqual(v, 3.15357, accuracy: 1e-3)
    }

    func testEndAndCycleDuration() {
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2).end, 3)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2).cycleDuration, 2)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2, autoreverses: true).cycleDuration, 4)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2, autoreverses: true).end, 5)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2, repetition: .count(2.5)).end, 6)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2, repetition: .forever).end, .infinity)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 0, repetition: .forever).end, 1)
        XCTAssertEqual(animation([0, 1], begin: 1, duration: 2, repetition: .count(-3)).end, 1)
    }

    // MARK: - Repetition

    func testRepeatTwiceRestartsFromTheStart() throws {
        let a = animation([0, 10], duration: 1, repetition: .count(2))
        try assertValue(a, at: 0.5, 5)
        try assertValue(a, at: 1, 0) // the second cycle starts again from `from`
        try assertValue(a, at: 1.25, 2.5)
        try assertValue(a, at: 1.75, 7.5)
        try assertValue(a, at: 2, 10)
        try assertValue(a, at: 3, 10)
    }

    func testRepeatTwoAndAHalf() throws {
        let a = animation([0, 10], duration: 1, repetition: .count(2.5))
        try assertValue(a, at: 2.25, 2.5)
        try assertValue(a, at: 2.4, 4)
        // After the half cycle the model value is `to`, as the spec says.
        try assertValue(a, at: 2.5, 10)
        try assertValue(a, at: 4, 10)
    }

    func testRepeatForever() throws {
        let a = animation([0, 10], begin: 2, duration: 1, repetition: .forever)
        XCTAssertNil(try value(a, at: 1))
        try assertValue(a, at: 2.25, 2.5)
        try assertValue(a, at: 102.25, 2.5)
        try assertValue(a, at: 1_000_002.5, 5)
    }

    // MARK: - Autoreverse

    func testAutoreverseGoesThereAndBack() throws {
        let a = animation([0, 10], duration: 1, autoreverses: true)
        XCTAssertEqual(a.end, 2)
        try assertValue(a, at: 0.5, 5)
        try assertValue(a, at: 1, 10)
        try assertValue(a, at: 1.5, 5) // halfway back at 1.5 × duration
        try assertValue(a, at: 1.75, 2.5)
    }

    func testAutoreverseKeepsToAfterTheEnd() throws {
        let a = animation([0, 10], duration: 1, autoreverses: true)
        try assertValue(a, at: 2, 10)
        try assertValue(a, at: 5, 10)
    }

    func testAutoreverseWithRepeat() throws {
        let a = animation([0, 10], duration: 1, repetition: .count(2), autoreverses: true)
        XCTAssertEqual(a.end, 4)
        try assertValue(a, at: 2.5, 5)
        try assertValue(a, at: 3, 10)
        try assertValue(a, at: 3.75, 2.5)
        try assertValue(a, at: 4, 10)
    }

    func testAutoreverseForever() throws {
        let a = animation([0, 10], duration: 2, repetition: .forever, autoreverses: true)
        try assertValue(a, at: 40 + 1, 5)
        try assertValue(a, at: 40 + 3, 5)
        try assertValue(a, at: 40 + 3.5, 2.5)
    }

    func testAutoreverseAppliesTheEaseBackwards() throws {
        // Going back, the time fraction runs from 1 to 0 through the same curve.
        let a = animation([0, 1], duration: 1, easing: .easeIn, autoreverses: true)
        let forward = try XCTUnwrap(try value(a, at: 0.25))
        let backward = try XCTUnwrap(try value(a, at: 1.75))
        XCTAssertEqual(forward, backward, accuracy: 1e-9)
        XCTAssertEqual(forward, 0.093465, accuracy: 1e-4)
    }

    // MARK: - Keyframes

    func testKeyframesWithoutKeyTimesAreEvenlySpread() throws {
        let a = animation([0, 10, 30], duration: 2)
        try assertValue(a, at: 0, 0)
        try assertValue(a, at: 0.5, 5)
        try assertValue(a, at: 1, 10)
        try assertValue(a, at: 1.5, 20)
        try assertValue(a, at: 2, 30)
    }

    func testKeyframesWithKeyTimes() throws {
        let a = animation([0, 10, 30], keyTimes: [0, 0.2, 1], duration: 1)
        try assertValue(a, at: 0.1, 5)
        try assertValue(a, at: 0.2, 10)
        try assertValue(a, at: 0.6, 20)
        try assertValue(a, at: 1, 30)
    }

    func testEqualKeyTimesJump() throws {
        let a = animation([0, 10, 50, 60], keyTimes: [0, 0.5, 0.5, 1], duration: 1)
        try assertValue(a, at: 0.25, 5)
        try assertValue(a, at: 0.49, 9.8)
        try assertValue(a, at: 0.5, 50) // at the shared time, the later key shows
        try assertValue(a, at: 0.75, 55)
    }

    func testKeyframesOvershootUsingTheOuterSegments() throws {
        let a = animation([0, 10, 20], duration: 1)
        // Eased progress 1.2 continues the last segment; −0.2 the first.
        XCTAssertEqual(try Animation.sample(a.keyframes, keyTimes: a.keyTimes, at: 1.2), .number(24))
        XCTAssertEqual(try Animation.sample(a.keyframes, keyTimes: a.keyTimes, at: -0.2), .number(-4))
    }

    func testSingleKeyframeHoldsIt() throws {
        let a = animation([7], duration: 1)
        try assertValue(a, at: 0.5, 7)
    }

    func testColourKeyframes() throws {
        let a = Animation(layer: layer, key: .background, keyframes: [.color(.red), .color(.clear)],
                          begin: 0, duration: 1)
        XCTAssertEqual(try a.value(at: 0.5), .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
    }

    // MARK: - Zero duration

    func testZeroDurationActsAsAStep() throws {
        let a = animation([0, 10], begin: 1, duration: 0)
        XCTAssertNil(try value(a, at: 0.999))
        try assertValue(a, at: 1, 10)
        try assertValue(a, at: 2, 10)
        let forever = animation([0, 10], begin: 1, duration: 0, repetition: .forever)
        XCTAssertNil(try value(forever, at: 0.5))
        try assertValue(forever, at: 1, 10)
    }

    // MARK: - Descriptions

    func testRepetitionDescriptions() {
        XCTAssertEqual(Repetition.count(2).description, "2")
        XCTAssertEqual(Repetition.count(2.5).description, "2.5")
        XCTAssertEqual(Repetition.forever.description, "forever")
    }
}

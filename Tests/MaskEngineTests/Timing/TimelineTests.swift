import XCTest
@testable import MaskEngine

/// The timeline's overlap rule and steps, and the checks `Scene.animate` makes before an
/// animation enters the timeline.
final class TimelineTests: XCTestCase {
    private let layer = LayerID(0)

    private func animation(_ from: Double, _ to: Double, begin: Double, duration: Double,
                           repetition: Repetition = .count(1)) -> Animation {
        Animation(layer: layer, key: .rotation, keyframes: [.number(from), .number(to)],
                  begin: begin, duration: duration, repetition: repetition)
    }

    private func number(_ timeline: Timeline, at t: Double, base: Double = -1) throws -> Double {
        let v = try timeline.value(of: layer, .rotation, at: t, base: .number(base))
        guard case .number(let n) = v else { throw UnexpectedValue(expected: "a number", found: v) }
        return n
    }

    private func opacity(_ scene: Scene, _ id: LayerID, at t: Double) throws -> Double {
        let v = try scene.value(of: id, .opacity, at: t)
        guard case .number(let n) = v else { throw UnexpectedValue(expected: "a number", found: v) }
        return n
    }

    /// A scene with one plain 100×100 layer.
    private func sceneWithLayer() throws -> (Scene, LayerID) {
        var scene = Scene()
        var state = LayerState(kind: .plain)
        state.frame = Rect(0, 0, 100, 100)
        let id = try scene.addLayer(state, name: "box")
        return (scene, id)
    }

    private func assertSceneError<T>(_ expression: @autoclosure () throws -> T, _ expected: SceneError,
                                  message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? SceneError, expected, file: file, line: line)
            if let message { XCTAssertEqual("\(error)", message, file: file, line: line) }
        }
    }

    // MARK: - Overlap

    func testWithoutChangesTheBaseShows() throws {
        XCTAssertEqual(try number(Timeline(), at: 3, base: 42), 42)
    }

    func testLaterBegunWinsFromItsBeginTime() throws {
        var timeline = Timeline()
        timeline.add(.animation(animation(0, 4, begin: 0, duration: 4)))
        timeline.add(.animation(animation(10, 20, begin: 1, duration: 1)))
        XCTAssertEqual(try number(timeline, at: 0.5), 0.5, accuracy: 1e-12)  // only the first has begun
        XCTAssertEqual(try number(timeline, at: 0.999), 0.999, accuracy: 1e-12)
        XCTAssertEqual(try number(timeline, at: 1), 10, accuracy: 1e-12)     // the second takes over
        XCTAssertEqual(try number(timeline, at: 1.5), 15, accuracy: 1e-12)
        XCTAssertEqual(try number(timeline, at: 3), 20, accuracy: 1e-12)     // and keeps its final value
    }

    func testLaterBegunWinsWhateverTheOrderOfAdding() throws {
        var timeline = Timeline()
        timeline.add(.animation(animation(10, 20, begin: 2, duration: 1)))
        timeline.add(.animation(animation(0, 4, begin: 0, duration: 4)))
        XCTAssertEqual(try number(timeline, at: 1), 1, accuracy: 1e-12)
        XCTAssertEqual(try number(timeline, at: 2.5), 15, accuracy: 1e-12)
    }

    func testEqualBeginTimesLaterAddedWins() throws {
        var timeline = Timeline()
        timeline.add(.animation(animation(0, 10, begin: 1, duration: 1)))
        timeline.add(.animation(animation(100, 200, begin: 1, duration: 1)))
        XCTAssertEqual(try number(timeline, at: 1.5), 150, accuracy: 1e-12)
        XCTAssertEqual(try number(timeline, at: 5), 200, accuracy: 1e-12)
    }

    func testStepsShowTheOldValueBeforeTheirTime() throws {
        var timeline = Timeline()
        timeline.add(.step(layer: layer, key: .rotation, time: 2, value: .number(5)))
        XCTAssertEqual(try number(timeline, at: 1.999, base: 1), 1)
        XCTAssertEqual(try number(timeline, at: 2, base: 1), 5)
        XCTAssertEqual(try number(timeline, at: 9, base: 1), 5)
    }

    func testAStepDuringAnAnimationWinsFromItsTime() throws {
        var timeline = Timeline()
        timeline.add(.animation(animation(0, 10, begin: 0, duration: 10)))
        timeline.add(.step(layer: layer, key: .rotation, time: 5, value: .number(-3)))
        XCTAssertEqual(try number(timeline, at: 4), 4, accuracy: 1e-12)
        XCTAssertEqual(try number(timeline, at: 6), -3)
    }

    func testTracksAreSeparatePerLayerAndKey() throws {
        var timeline = Timeline()
        timeline.add(.step(layer: LayerID(1), key: .rotation, time: 0, value: .number(9)))
        timeline.add(.step(layer: layer, key: .scale, time: 0, value: .number(9)))
        XCTAssertEqual(try number(timeline, at: 1, base: 1), 1)
        XCTAssertEqual(timeline.keys(of: layer), [.scale])
        XCTAssertTrue(timeline.hasTrack(layer: LayerID(1), key: .rotation))
        XCTAssertFalse(timeline.hasTrack(layer: LayerID(1), key: .scale))
    }

    // MARK: - Ends

    func testFiniteEndIgnoresForeverAnimations() {
        var timeline = Timeline()
        XCTAssertEqual(timeline.finiteEnd, 0)
        timeline.add(.animation(animation(0, 1, begin: 0, duration: 1, repetition: .forever)))
        XCTAssertEqual(timeline.finiteEnd, 0)
        timeline.add(.animation(animation(0, 1, begin: 1, duration: 2)))
        XCTAssertEqual(timeline.finiteEnd, 3)
        timeline.add(.step(layer: layer, key: .rotation, time: 4, value: .number(0)))
        XCTAssertEqual(timeline.finiteEnd, 4)
        XCTAssertEqual(timeline.animations.count, 2)
        XCTAssertEqual(timeline.entries.count, 3)
    }

    // MARK: - Through the scene: steps and chains

    func testSetShowsTheOldValueBeforeItsTime() throws {
        var (scene, box) = try sceneWithLayer()
        try scene.set(.opacity, of: box, to: .number(0.5), at: 1)
        XCTAssertEqual(try opacity(scene, box, at: 0.999), 1)
        XCTAssertEqual(try opacity(scene, box, at: 1), 0.5)
        XCTAssertEqual(scene.node(box).initial.opacity, 1)
    }

    func testSetAtTheStartChangesTheInitialValue() throws {
        var (scene, box) = try sceneWithLayer()
        try scene.set(.opacity, of: box, to: .number(0.25), at: 0)
        XCTAssertEqual(scene.node(box).initial.opacity, 0.25)
        XCTAssertTrue(scene.timeline.entries.isEmpty)
    }

    func testChainsWithoutFromContinueFromThePreviousEnd() throws {
        var (scene, box) = try sceneWithLayer()
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0.2)], begin: 0, duration: 1))
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0.8)], begin: 1, duration: 1))
        XCTAssertEqual(scene.timeline.animations.map(\.keyframes),
                       [[.number(1), .number(0.2)], [.number(0.2), .number(0.8)]])
        XCTAssertEqual(try opacity(scene, box, at: 0.5), 0.6, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 1), 0.2, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 1.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 3), 0.8, accuracy: 1e-12)
    }

    func testAChainStartedMidwayContinuesFromTheCurrentValue() throws {
        var (scene, box) = try sceneWithLayer()
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)], begin: 0, duration: 2))
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(1)], begin: 1, duration: 1))
        XCTAssertEqual(scene.timeline.animations.last?.keyframes.first, .number(0.5))
        XCTAssertEqual(try opacity(scene, box, at: 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 1.5), 0.75, accuracy: 1e-12)
    }

    func testAChangeAddedLaterThatBeginsEarlierMovesTheImplicitFrom() throws {
        // LANGUAGE.md 6: `from` defaults to the value at the begin time of the finished
        // timeline, not of the timeline as it was when the animation was added.
        var (scene, box) = try sceneWithLayer()
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)], begin: 2, duration: 1))
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0.8)], begin: 3, duration: 1))
        XCTAssertEqual(try scene.set(.opacity, of: box, to: .number(0.5), at: 1), 1)
        XCTAssertEqual(scene.timeline.animations.map(\.keyframes),
                       [[.number(0.5), .number(0)], [.number(0), .number(0.8)]])
        XCTAssertEqual(try opacity(scene, box, at: 2.5), 0.25, accuracy: 1e-12)
        // A chain: the animation at 3 now starts from 0.2, so the one at 3.5 (which overlaps
        // it) from its new midpoint 0.5.
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0.6)], begin: 3.5, duration: 1))
        XCTAssertEqual(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0.2)],
                                                   begin: 2.5, duration: 0.5), from: .number(1)), 2)
        XCTAssertEqual(scene.timeline.animations.map { $0.keyframes.first },
                       [.number(0.5), .number(0.2), .number(0.5), .number(1)])
        XCTAssertEqual(try opacity(scene, box, at: 3.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 4), 0.55, accuracy: 1e-12)
    }

    func testAChangeThatBreaksALaterImplicitFromChangesNothing() throws {
        var scene = Scene()
        let shape = try scene.addLayer(LayerState(kind: .shape))
        let small = Path.oval(in: Rect(0, 0, 10, 10)), big = Path.oval(in: Rect(0, 0, 90, 90))
        try scene.set(.path, of: shape, to: .path(small), at: 0)
        try scene.animate(Animation(layer: shape, key: .path, keyframes: [.path(big)], begin: 2, duration: 1))
        let before = scene.timeline
        let triangle = Path.polygon([Point(0, 0), Point(10, 0), Point(0, 10)])
        XCTAssertThrowsError(try scene.set(.path, of: shape, to: .path(triangle), at: 1)) { error in
            guard case .interpolation? = error as? SceneError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(scene.timeline, before)
    }

    func testAnExplicitFromIsUsed() throws {
        var (scene, box) = try sceneWithLayer()
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(1)], begin: 0, duration: 1),
                          from: .number(0))
        XCTAssertEqual(try opacity(scene, box, at: 0.25), 0.25, accuracy: 1e-12)
    }

    func testValuesAreNormalisedByTheProperty() throws {
        // Opacity clamps to 0...1 when set, so an animation to 3 ends at 1.
        var (scene, box) = try sceneWithLayer()
        try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(3)], begin: 0, duration: 1),
                          from: .number(0))
        XCTAssertEqual(scene.timeline.animations.first?.keyframes, [.number(0), .number(1)])
    }

    // MARK: - Through the scene: errors

    func testAnimatingANonAnimatableKeyThrows() throws {
        var (scene, box) = try sceneWithLayer()
        assertSceneError(try scene.animate(Animation(layer: box, key: .clip, keyframes: [.bool(true)],
                                                     begin: 0, duration: 1)),
                         .property(.notAnimatable(key: .clip)),
                         message: "`clip` cannot be animated; set it to change it as a step")
        assertSceneError(try scene.animate(Animation(layer: box, key: .z, keyframes: [.number(2)],
                                                     begin: 0, duration: 1)),
                         .property(.notAnimatable(key: .z)))
        XCTAssertTrue(scene.timeline.entries.isEmpty)
    }

    func testAnimatingAPropertyOfAnotherKindThrows() throws {
        var (scene, box) = try sceneWithLayer()
        assertSceneError(try scene.animate(Animation(layer: box, key: .strokeEnd, keyframes: [.number(1)],
                                                     begin: 0, duration: 1)),
                         .property(.notApplicable(key: .strokeEnd, kind: .plain)),
                         message: "a layer has no property `strokeEnd`")
        let text = try scene.addLayer(LayerState(kind: .text))
        assertSceneError(try scene.animate(Animation(layer: text, key: .colors, keyframes: [.colors([.red])],
                                                     begin: 0, duration: 1)),
                         .property(.notApplicable(key: .colors, kind: .text)),
                         message: "a text layer has no property `colors`")
    }

    func testSettingAPropertyOfAnotherKindThrows() throws {
        var (scene, box) = try sceneWithLayer()
        assertSceneError(try scene.set(.string, of: box, to: .string("hi"), at: 1),
                         .property(.notApplicable(key: .string, kind: .plain)))
        assertSceneError(try scene.set(.string, of: box, to: .string("hi"), at: 0),
                         .property(.notApplicable(key: .string, kind: .plain)))
    }

    func testTypeMismatchMessage() throws {
        var (scene, box) = try sceneWithLayer()
        assertSceneError(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.color(.red)],
                                                     begin: 0, duration: 1)),
                         .property(.typeMismatch(key: .opacity, expected: "a number", found: "a colour")),
                         message: "`opacity` expects a number, got a colour")
        assertSceneError(try scene.set(.position, of: box, to: .number(3), at: 1),
                         .property(.typeMismatch(key: .position, expected: "a point [x, y]", found: "a number")),
                         message: "`position` expects a point [x, y], got a number")
        XCTAssertTrue(scene.timeline.entries.isEmpty)
    }

    func testKeyTimesMustMatchTheKeys() throws {
        var (scene, box) = try sceneWithLayer()
        let a = Animation(layer: box, key: .opacity, keyframes: [.number(0), .number(1), .number(0)],
                          keyTimes: [0, 1], begin: 0, duration: 1)
        assertSceneError(try scene.animate(a), .invalidTiming("`times` has 2 entries for 3 keys"),
                         message: "invalid animation timing: `times` has 2 entries for 3 keys")
    }

    func testKeyTimesMustIncreaseFromZeroToOne() throws {
        var (scene, box) = try sceneWithLayer()
        let invalid: [[Double]] = [[0, 0.6, 0.4, 1], [0, 0.5, 1.5, 1], [-0.1, 0.2, 0.5, 1],
                                   [0, 0.2, .nan, 1], [0.2, 0.4, 0.6, 1], [0, 0.3, 0.6, 0.9]]
        for times in invalid {
            let a = Animation(layer: box, key: .opacity, keyframes: [.number(0), .number(1), .number(0), .number(1)],
                              keyTimes: times, begin: 0, duration: 1)
            assertSceneError(try scene.animate(a), .invalidTiming("`times` must increase from 0 to 1"))
        }
        XCTAssertTrue(scene.timeline.entries.isEmpty)
        // Equal neighbouring times are allowed: they make a jump.
        let jump = Animation(layer: box, key: .opacity, keyframes: [.number(0), .number(1), .number(0), .number(1)],
                             keyTimes: [0, 0.5, 0.5, 1], begin: 0, duration: 1)
        XCTAssertNoThrow(try scene.animate(jump))
    }

    func testKeyframeAnimationsStartAtTheirFirstKey() throws {
        var (scene, box) = try sceneWithLayer()
        let a = Animation(layer: box, key: .opacity, keyframes: [.number(0), .number(1), .number(0.5)],
                          keyTimes: [0, 0.25, 1], begin: 0, duration: 1)
        try scene.animate(a)
        XCTAssertEqual(try opacity(scene, box, at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 0.125), 0.5, accuracy: 1e-12)
        XCTAssertEqual(try opacity(scene, box, at: 0.625), 0.75, accuracy: 1e-12)
    }

    func testInvalidTimingThrows() throws {
        var (scene, box) = try sceneWithLayer()
        assertSceneError(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)],
                                                     begin: 0, duration: -1)),
                         .invalidTiming("begin and duration must be finite, duration not negative"))
        assertSceneError(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0)],
                                                     begin: .nan, duration: 1)),
                         .invalidTiming("begin and duration must be finite, duration not negative"))
        assertSceneError(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [],
                                                     begin: 0, duration: 1)),
                         .invalidTiming("an animation needs a value to animate to"))
        assertSceneError(try scene.animate(Animation(layer: box, key: .opacity, keyframes: [.number(0), .number(1)],
                                                     begin: 0, duration: 1), from: .number(0.5)),
                         .invalidTiming("a keyframe animation takes no separate `from` value"))
    }

    func testValuesThatCannotBeInterpolatedAreRejectedUpFront() throws {
        var scene = Scene()
        let shape = try scene.addLayer(LayerState(kind: .shape))
        let oval = Path.oval(in: Rect(0, 0, 10, 10))
        let triangle = Path.polygon([Point(0, 0), Point(10, 0), Point(5, 10)])
        assertSceneError(try scene.animate(Animation(layer: shape, key: .path, keyframes: [.path(triangle)],
                                                     begin: 0, duration: 1), from: .path(oval)),
                         .interpolation(.path(.structureMismatch(from: "oval", to: "polygon of 3 points"))),
                         message: "cannot animate between paths of different structure: oval and polygon of 3 points")
        let gradient = try scene.addLayer(LayerState(kind: .gradient))
        assertSceneError(try scene.animate(Animation(layer: gradient, key: .colors, keyframes: [.colors([.red, .blue])],
                                                     begin: 0, duration: 1), from: .colors([.red])),
                         .interpolation(.lengthMismatch(1, 2)))
        XCTAssertTrue(scene.timeline.entries.isEmpty)
    }
}

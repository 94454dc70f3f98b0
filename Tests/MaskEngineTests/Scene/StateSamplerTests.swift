import XCTest
@testable import MaskEngine

/// A renderer's sampling (`StateSampler` into a thread's `LayerStates`) against the full
/// evaluation (`Scene.states(at:)`): the same states, on random scenes, at random times,
/// with one table reused from frame to frame and from scene to scene.
final class StateSamplerTests: XCTestCase {
    /// Properties every kind has, whose setters depend on other properties (`positionX`
    /// on `position`, `width` on `size`, the frame's origin on the anchor): applied in a
    /// different order, or over last frame's state, they give other states.
    private static let keys: [(PropertyKey, @Sendable (inout SplitMix) -> PropertyValue)] = [
        (.position, { .point(Point(Double($0.next() % 400), Double($0.next() % 300))) }),
        (.positionX, { .number(Double($0.next() % 400)) }),
        (.positionY, { .number(Double($0.next() % 300)) }),
        (.size, { .size(Size(Double($0.next() % 200), Double($0.next() % 100))) }),
        (.width, { .number(Double($0.next() % 200)) }),
        (.height, { .number(Double($0.next() % 100)) }),
        (.anchor, { .point(Point(Double($0.next() % 5) / 4, Double($0.next() % 5) / 4)) }),
        (.opacity, { .number(Double($0.next() % 11) / 10) }),
        (.rotation, { .number(Double($0.next() % 628) / 100) }),
        (.scale, { .number(0.5 + Double($0.next() % 20) / 10) }),
        (.cornerRadius, { .number(Double($0.next() % 30)) }),
        (.z, { .number(Double($0.next() % 5)) }),
        (.background, { .color(Color(red: Double($0.next() % 5) / 4, green: 0.5, blue: 1, alpha: Double($0.next() % 3) / 2)) }),
        (.hidden, { .bool($0.next() % 2 == 0) }),
    ]

    private static let easings: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubic(0.3, -0.4, 0.7, 1.6)]

    /// A scene of `count` layers (some nested, some shapes whose paths animate), with
    /// random steps and animations of random properties.
    private func randomScene(_ random: inout SplitMix, count: Int) throws -> Scene {
        var scene = Scene(canvas: Canvas())
        var ids: [LayerID] = []
        for i in 0..<count {
            let parent = i > 0 && random.next() % 3 == 0 ? ids[Int(random.next() % UInt64(ids.count))] : nil
            var state = LayerState(kind: i % 4 == 3 ? .shape : .plain)
            state.frame = Rect(Double(random.next() % 300), Double(random.next() % 200), 40, 30)
            if state.kind == .shape { state.path = .circle(center: Point(20, 15), radius: 5) }
            ids.append(try scene.addLayer(state, to: parent))
        }
        for _ in 0..<(count * 3) {
            let id = ids[Int(random.next() % UInt64(ids.count))]
            let begin = Double(random.next() % 30) / 10
            if scene.node(id).initial.kind == .shape, random.next() % 3 == 0 {
                let radius = Double(1 + random.next() % 40)
                try scene.animate(Animation(layer: id, key: .path, keyframes: [.path(.circle(center: Point(20, 15), radius: radius))],
                                            begin: begin, duration: 1.5))
                continue
            }
            let (key, make) = StateSamplerTests.keys[Int(random.next() % UInt64(StateSamplerTests.keys.count))]
            switch key.isAnimatable ? random.next() % 4 : 0 {
            case 0:
                try scene.set(key, of: id, to: make(&random), at: begin)
            case 1:
                let keyframes = [make(&random), make(&random), make(&random)]
                try scene.animate(Animation(layer: id, key: key, keyframes: keyframes, keyTimes: [0, 0.3, 1], begin: begin,
                                            duration: Double(1 + random.next() % 20) / 10,
                                            easing: StateSamplerTests.easings[Int(random.next() % 5)]))
            default:
                try scene.animate(Animation(layer: id, key: key, keyframes: [make(&random)], begin: begin,
                                            duration: Double(random.next() % 20) / 10,
                                            easing: StateSamplerTests.easings[Int(random.next() % 5)],
                                            repetition: random.next() % 2 == 0 ? .count(2.5) : .count(1),
                                            autoreverses: random.next() % 2 == 0))
            }
        }
        return scene
    }

    func testSampledStatesEqualTheFullEvaluationOnRandomScenes() throws {
        var random = SplitMix(seed: 0x5A3D)
        // One table for every frame of every scene, as a render thread keeps it.
        let states = LayerStates()
        for round in 0..<40 {
            let scene = try randomScene(&random, count: 1 + Int(random.next() % 24))
            let sampler = StateSampler(scene)
            for frame in 0..<12 {
                let t = frame == 0 ? 0 : Double(random.next() % 5000) / 1000
                try sampler.sample(scene, at: t, into: states)
                let expected = try scene.states(at: t)
                XCTAssertEqual(states.count, expected.count)
                for (i, state) in expected.enumerated() where states[index: i] != state {
                    XCTFail("round \(round), t = \(t): layer \(i) sampled as \(states[index: i]), evaluated as \(state)")
                    return
                }
            }
        }
    }

    func testFramesOfTwoScenesRenderTheSameBytesWithOneThreadsTable() throws {
        var random = SplitMix(seed: 0xB0B)
        let renderers = try [12, 5].map { count in
            var scene = try randomScene(&random, count: count)
            for id in scene.layerIDs {
                try scene.setInitial(.background, of: id, to: .color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6)))
            }
            return Renderer(scene: scene)
        }
        // One thread's buffers (and so one table of states) for frames of both scenes in turn.
        let buffers = RenderBuffers()
        for (i, t) in [0.0, 1.3, 0.4, 2.9, 1.3, 0.7].enumerated() {
            let renderer = renderers[i % 2]
            let kept = try renderer.render(at: t, using: buffers) { $0 }
            XCTAssertEqual(kept, try renderer.render(at: t), "scene \(i % 2), t = \(t)")
        }
    }

    /// What sampling in place rests on: every property's setter writes its own fields with
    /// a function of the value alone. Set on two unlike states, a property reads back the
    /// same, and every property that shares no field with it is left as it was.
    func testEverySetterOverwritesItsOwnFieldsAlone() throws {
        func shares(_ a: PropertyKey, _ b: PropertyKey) -> Bool {
            let masks: Set<PropertyKey> = [.mask, .masks]
            return a == b || a.parts.contains(b) || b.parts.contains(a) || (masks.contains(a) && masks.contains(b))
        }
        for kind in LayerKind.allCases {
            let keys = PropertyKey.allCases.filter { $0.applies(to: kind) }
            // Two states unlike in every property this test can vary, and a third to take values from.
            let plain = LayerState(kind: kind)
            var other = LayerState(kind: kind), source = LayerState(kind: kind)
            var random = SplitMix(seed: 0x7E57)
            for (key, make) in StateSamplerTests.keys where key.applies(to: kind) {
                try other.set(key, to: make(&random))
                try source.set(key, to: make(&random))
            }
            try other.set(.masks, to: .layers([LayerID(3)]))
            try source.set(.masks, to: .layers([LayerID(5), LayerID(6)]))
            if kind == .shape { try source.set(.path, to: .path(.circle(center: Point(3, 4), radius: 2))) }
            for key in keys {
                let value = source.value(for: key)
                for before in [plain, other] {
                    var after = before
                    try after.set(key, to: value)
                    XCTAssertEqual(after.value(for: key), value, "\(kind) \(key)")
                    for untouched in keys where !shares(untouched, key) {
                        XCTAssertEqual(after.value(for: untouched), before.value(for: untouched), "\(kind): setting \(key) changed \(untouched)")
                    }
                }
            }
        }
    }
}

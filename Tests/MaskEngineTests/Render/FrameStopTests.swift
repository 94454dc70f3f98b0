import XCTest
@testable import MaskEngine

/// A frame stopped while it is drawn (`FrameStop`): the check is asked as the work is
/// done, inside a shadow's blur and a mask's expansion too, the frame throws
/// `CancellationError` at the first check that says stop, and the buffers then render
/// the same bytes as fresh ones.
final class FrameStopTests: XCTestCase {
    /// A 96×96 canvas: a layer with a wide shadow, and a layer masked by a feathered,
    /// expanded mask, moving over two seconds so frames differ.
    private func renderer() throws -> Renderer {
        var scene = Scene(canvas: Canvas(width: 96, height: 96, fps: 10, duration: 2, background: .black))
        var shadowed = layerState(frame: Rect(20, 20, 30, 24), background: .red)
        shadowed.shadowColor = .white
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 9
        shadowed.shadowOffset = Point(5, 3)
        let caster = try scene.addLayer(shadowed)
        try scene.animate(Animation(layer: caster, key: .position, keyframes: [.point(Point(60, 50))], begin: 0, duration: 2))
        let owner = try scene.addLayer(layerState(frame: Rect(40, 40, 50, 50), background: .white))
        var mask = layerState(frame: Rect(10, 10, 20, 20), background: .white)
        mask.feather = 6
        mask.expansion = 4.5
        try scene.setMask(try scene.addLayer(mask, to: owner), of: owner)
        return Renderer(scene: scene)
    }

    /// Buffers whose frames ask their check every `interval` units of work.
    private func buffers(interval: Int = 2_000) -> RenderBuffers {
        let buffers = RenderBuffers()
        buffers.pool.stop.interval = interval
        return buffers
    }

    /// How many times a frame that is not stopped asks its check.
    private func checks(of renderer: Renderer, frame: Int, interval: Int = 2_000) throws -> Int {
        var asked = 0
        _ = try renderer.renderFrame(frame, using: buffers(interval: interval), isCancelled: { asked += 1; return false }) { _ in () }
        return asked
    }

    func testAFrameAsksItsCheckAsItsWorkIsDone() throws {
        let renderer = try renderer()
        let asked = try checks(of: renderer, frame: 5)
        // The shadow's blur alone is about 100 × 100 × 2 × 39 taps: dozens of checks.
        XCTAssertGreaterThan(asked, 50)
        // Never by default, and an unstopped frame is the frame.
        XCTAssertEqual(try checks(of: renderer, frame: 5, interval: FrameStop.defaultInterval), 0)
        let checked = try renderer.renderFrame(5, using: buffers(), isCancelled: { false }) { $0 }
        XCTAssertTrue(checked == (try renderer.renderFrame(5)))
    }

    func testTheBlurAndTheExpansionAskTheCheckInsideTheirLoops() throws {
        // One layer: its own charge is one check at most; the rest come from the loops.
        for (radius, expansion) in [(12.0, 0.0), (0.0, 20.0)] {
            var scene = blankScene(96, 96)
            var s = layerState(frame: Rect(30, 30, 20, 20), background: .red)
            s.shadowColor = .white
            s.shadowOpacity = 1
            s.shadowRadius = radius
            let owner = try scene.addLayer(s)
            if expansion > 0 {
                var mask = layerState(frame: Rect(5, 5, 10, 10), background: .white)
                mask.expansion = expansion
                try scene.setMask(try scene.addLayer(mask, to: owner), of: owner)
            }
            XCTAssertGreaterThan(try checks(of: Renderer(scene: scene), frame: 0), 10, "shadow \(radius), expansion \(expansion)")
        }
    }

    func testAStoppedFrameThrowsAtTheCheckAndLeavesTheBuffersAsFresh() throws {
        let renderer = try renderer()
        let asked = try checks(of: renderer, frame: 7)
        for stopAt in [1, 2, asked / 2, asked] {
            let buffers = buffers()
            var calls = 0
            XCTAssertThrowsError(try renderer.renderFrame(7, using: buffers, isCancelled: { calls += 1; return calls == stopAt }) { _ in
                XCTFail("a stopped frame is not delivered")
            }) { error in
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            XCTAssertEqual(calls, stopAt, "the frame stops at the first check that says so")
            // The same frame and another, rendered with the buffers of the stopped one.
            for frame in [7, 12] {
                let again = try renderer.renderFrame(frame, using: buffers) { $0 }
                XCTAssertTrue(again == (try renderer.renderFrame(frame)), "frame \(frame) after a stop at check \(stopAt)")
            }
        }
    }

    func testAStoppedFrameLoopStopsTheFramesInHand() throws {
        // The check says stop at once: the loop delivers nothing and returns; a worker's
        // frame drawn meanwhile ends at its next check instead of running to its end.
        let renderer = try renderer()
        var delivered = 0
        XCTAssertThrowsError(try renderer.renderFrames(jobs: 2, isCancelled: { true }) { _, _ in delivered += 1 }) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(delivered, 0)
    }
}

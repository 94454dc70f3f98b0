import XCTest
import Synchronization
@testable import MaskEngine

/// The one frame loop (`Renderer.renderFrames(_:jobs:...)`) and the frames as an
/// `AsyncSequence` (`Renderer.frames(_:jobs:)`): in order, the same bytes for every job
/// count, the first failure in order, cancellable.
final class FrameLoopTests: XCTestCase {
    /// 21 frames of a 32×32 square sliding and fading, so every frame differs.
    private func renderer(budget: RenderBudget = RenderBudget()) throws -> Renderer {
        var scene = Scene(canvas: Canvas(width: 32, height: 32, fps: 10, duration: 2, background: .black))
        let square = try scene.addLayer(layerState(frame: Rect(0, 0, 8, 8), background: .red))
        try scene.animate(Animation(layer: square, key: .position, keyframes: [.point(Point(28, 28))], begin: 0, duration: 2))
        try scene.animate(Animation(layer: square, key: .size, keyframes: [.size(Size(30, 30))], begin: 0, duration: 2))
        return Renderer(scene: scene, budget: budget)
    }

    func testEveryJobCountDeliversTheSameFramesInOrder() throws {
        let renderer = try renderer()
        let expected = try renderer.frameIndices.map { try renderer.renderFrame($0) }
        for jobs in [1, 2, 3, 8] {
            var indices: [Int] = [], images: [Image] = []
            try renderer.renderFrames(jobs: jobs) { index, image in
                indices.append(index)
                images.append(image)
            }
            XCTAssertEqual(indices, Array(renderer.frameIndices), "jobs \(jobs)")
            XCTAssertTrue(images == expected, "jobs \(jobs): the frames differ from frames rendered one by one")
        }
    }

    func testPreparedValuesComeInTheOrderAsked() throws {
        let renderer = try renderer()
        let order = [20, 3, 3, 0, 11]
        var seen: [Int] = []
        try renderer.renderFrames(order, jobs: 3, prepare: { { index, image in (index, image.pixels.count) } }) { index, value in
            XCTAssertEqual(index, value.0)
            XCTAssertEqual(value.1, 32 * 32 * 4)
            seen.append(index)
        }
        XCTAssertEqual(seen, order)
    }

    func testTheFirstFailingFrameIsReportedAfterTheFramesBeforeIt() throws {
        // The square grows: from some frame on it costs more work than the budget allows.
        let renderer = try renderer(budget: RenderBudget(work: 300))
        let failing = try XCTUnwrap(renderer.frameIndices.first { (try? renderer.renderFrame($0)) == nil })
        XCTAssertGreaterThan(failing, 0)
        for jobs in [1, 2, 4] {
            var delivered: [Int] = []
            XCTAssertThrowsError(try renderer.renderFrames(jobs: jobs) { index, _ in delivered.append(index) }) { error in
                let failure = error as? FrameError
                XCTAssertEqual(failure?.frame, failing, "jobs \(jobs)")
                XCTAssertTrue(failure?.error is RenderError, "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("cannot render frame \(failing): "), "\(error)")
            }
            XCTAssertEqual(delivered, Array(0..<failing), "jobs \(jobs)")
        }
    }

    func testAFailingPreparationStopsTheLoopWithItsError() throws {
        struct Refused: Error, Equatable { let frame: Int }
        let renderer = try renderer()
        var delivered: [Int] = []
        XCTAssertThrowsError(try renderer.renderFrames(0..<21, jobs: 2, prepare: { { index, _ in
            if index >= 5 { throw Refused(frame: index) }
            return index
        } }) { index, _ in delivered.append(index) }) { error in
            XCTAssertEqual(error as? Refused, Refused(frame: 5))
        }
        XCTAssertEqual(delivered, [0, 1, 2, 3, 4])
    }

    func testCancellingStopsBeforeTheNextDelivery() throws {
        let renderer = try renderer()
        var delivered = 0
        XCTAssertThrowsError(try renderer.renderFrames(jobs: 2, isCancelled: { delivered >= 4 }) { _, _ in delivered += 1 }) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(delivered, 4)
    }

    func testTheAsyncSequenceGivesTheFramesInOrder() async throws {
        let renderer = try renderer()
        var indices: [Int] = []
        for try await frame in renderer.frames(jobs: 2) {
            XCTAssertEqual(frame.image, try renderer.renderFrame(frame.index))
            indices.append(frame.index)
        }
        XCTAssertEqual(indices, Array(renderer.frameIndices))
        // Leaving the loop early stops the render; another iteration starts afresh.
        var first: [Int] = []
        for try await frame in renderer.frames(5..<21, jobs: 2) {
            first.append(frame.index)
            if first.count == 3 { break }
        }
        XCTAssertEqual(first, [5, 6, 7])
    }

    func testTheAsyncSequenceHonoursTaskCancellation() async throws {
        let renderer = try renderer()
        let received = Atomic<Int>(0)
        let task = Task {
            for try await _ in renderer.frames(jobs: 2) {
                if received.add(1, ordering: .relaxed).newValue == 2 {
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
        }
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(received.load(ordering: .relaxed), 2)
    }

    func testTheAsyncSequenceThrowsAFrameError() async throws {
        let renderer = try renderer(budget: RenderBudget(work: 300))
        var count = 0
        do {
            for try await _ in renderer.frames() { count += 1 }
            XCTFail("no error")
        } catch let error as FrameError {
            XCTAssertEqual(error.frame, count)
        }
    }
}

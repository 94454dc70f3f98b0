import XCTest
@testable import MaskEngine

/// A render through one `RenderBuffers` reuses its buffers: once its first frames are done,
/// the pool allocates nothing more, however many frames follow and however their shapes grow.
final class BufferReuseTests: XCTestCase {
    /// Circle reveal in small: a red layer through a circle mask that grows from a dot in a
    /// corner to past the far corner, so its coverage and the rasterizer's cells grow with
    /// every frame up to the whole canvas (and a little more: the cells' padded rows).
    private func growingCircle() throws -> Renderer {
        var scene = Scene(canvas: Canvas(width: 160, height: 90, fps: 30, background: .blue))
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 160, 90), background: .red))
        var circle = layerState(.shape, frame: Rect(0, 0, 160, 90))
        circle.path = .circle(center: Point(154, 5), radius: 3)
        let mask = try scene.addLayer(circle, to: owner)
        try scene.setMask(mask, of: owner)
        try scene.animate(Animation(layer: mask, key: .path,
                                    keyframes: [.path(.circle(center: Point(154, 5), radius: 185))], begin: 0, duration: 2))
        return Renderer(scene: scene)
    }

    func testAGrowingCirclesFramesAllocateNothingAfterTheFirstFrames() throws {
        let renderer = try growingCircle()
        let buffers = RenderBuffers()
        var counts: [Int] = []
        for k in 0..<60 {
            try renderer.renderFrame(k, using: buffers) { _ in }
            counts.append(buffers.pool.allocations)
        }
        // The first frame makes the frame, the coverage, the cells and the span tables;
        // the second its group's or mask's second buffer at most. None after that: a
        // count that grows with the frames is a buffer made again as the circle grows.
        XCTAssertGreaterThan(counts[0], 0)
        XCTAssertEqual(counts[59], counts[1], "allocations after each frame: \(counts)")
    }

    /// The growing circle's frames rendered twice through one `RenderBuffers`, as a
    /// benchmark's passes or a repeated animation do: on the second pass the circle starts
    /// small again, with the pool's buffers grown to the whole canvas, and those are taken
    /// and shrunk, not left idle for new small ones made and grown again.
    func testAGrowingCircleRestartedSmallAllocatesNothingMore() throws {
        let renderer = try growingCircle()
        let buffers = RenderBuffers()
        for k in 0..<60 { try renderer.renderFrame(k, using: buffers) { _ in } }
        let afterFirstPass = buffers.pool.allocations
        for k in 0..<60 { try renderer.renderFrame(k, using: buffers) { _ in } }
        XCTAssertEqual(buffers.pool.allocations, afterFirstPass, "allocations on the second pass")
    }

    /// A layer drawn through a grid mask (a mask of runs) gives the mask's tables back to
    /// the pool once drawn through: after every frame the pool holds that mask and the
    /// merges' spare, which the next frame takes again instead of making and growing new ones.
    func testAMaskOfRunsDrawnThroughGoesBackToThePool() throws {
        var scene = Scene(canvas: Canvas(width: 80, height: 50, fps: 10, background: .darkGray))
        let owner = try scene.addLayer(layerState(frame: Rect(2, 1.5, 70, 44), background: .orange))
        let grid = try scene.addLayer(layerState(.grid, frame: Rect(0.5, 0.25, 66, 41)), to: owner)
        _ = try scene.addTiles(to: grid, rows: 2, columns: 3, color: .black)
        try scene.setMask(grid, of: owner)
        let renderer = Renderer(scene: scene)
        let buffers = RenderBuffers()
        for k in 0..<3 {
            try renderer.renderFrame(k, using: buffers) { _ in }
            XCTAssertEqual(buffers.pool.idleRunMasks, 2, "frame \(k)")
        }
    }

    func testCellsALittleWiderThanTheFrameFitTheRoomGivenAtFirst() {
        // 100 × 100 pixels; the cells of the whole area are 112 × 100 (two spare columns a
        // row, rounded up to a block of eight): they fit the room given to the first, small
        // ask, so growing to them makes no new buffer.
        let pool = BufferPool()
        pool.startFrame(pixels: 10_000)
        var cells = pool.zeroFloats(count: 16 * 4)
        let made = pool.allocations
        pool.recycleZeroed(&cells)
        let whole = pool.zeroFloats(count: 112 * 100)
        XCTAssertEqual(whole.count, 11_200)
        XCTAssertTrue(whole.allSatisfy { $0 == 0 })
        XCTAssertEqual(pool.allocations, made)
    }
}

import Dispatch
import XCTest
@testable import MaskEngine

final class DeterminismTests: XCTestCase {
    /// A scene using every kind of drawing: rotated gradient with a luminance mask, a
    /// stroked shape with an animated path, text, a grid, contents and group opacity.
    private func busyScene() throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 160, height: 120, fps: 10, background: .darkGray))
        var g = layerState(.gradient, frame: Rect(10, 10, 120, 80))
        g.colors = [.red, .yellow, .blue]
        g.gradientType = .conic
        g.start = Point(0.5, 0.5)
        g.rotation = 0.3
        g.opacity = 0.8
        let gradient = try scene.addLayer(g)
        var m = layerState(.gradient, frame: Rect(0, 0, 120, 80))
        m.colors = [.white, .clear]
        m.gradientType = .radial
        m.start = Point(0.5, 0.5)
        m.end = Point(1, 1)
        let mask = try scene.addLayer(m, to: gradient)
        try scene.setMask(mask, of: gradient)
        try scene.setInitial(.maskMode, of: gradient, to: .maskMode(.luminance))
        var shape = layerState(.shape, frame: Rect(20, 20, 100, 80))
        shape.path = .circle(center: Point(50, 40), radius: 20)
        shape.stroke = .green
        shape.lineWidth = 5
        shape.opacity = 0.7
        let s = try scene.addLayer(shape)
        try scene.animate(Animation(layer: s, key: .path, keyframes: [.path(.circle(center: Point(40, 30), radius: 35))],
                                    begin: 0, duration: 2))
        var text = layerState(.text, frame: Rect(0, 80, 160, 40))
        text.string = "mask"
        text.fontSize = 24
        text.rotation = -0.1
        try scene.addLayer(text)
        let grid = try scene.addLayer(layerState(.grid, frame: Rect(100, 0, 60, 60)))
        let tiles = try scene.addTiles(to: grid, rows: 3, columns: 3, color: .magenta)
        try scene.setInitial(.opacity, of: tiles[4], to: .number(0.3))
        var picture = layerState(frame: Rect(5, 60, 30, 30), background: .white)
        picture.contents = try Image(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 0, 0, 0, 128, 0, 128, 0, 0, 255, 255])
        picture.cornerRadius = 6
        picture.clip = true
        picture.scale = 1.3
        try scene.addLayer(picture)
        return scene
    }

    func testSameSceneAndTimeGiveTheSameBytes() throws {
        let renderer = Renderer(scene: try busyScene())
        let first = try renderer.render(at: 0.7)
        XCTAssertEqual(first, try renderer.render(at: 0.7))
        XCTAssertEqual(first, try Renderer(scene: try busyScene()).render(at: 0.7))
        XCTAssertNotEqual(first, try renderer.render(at: 0.2), "the animation should change the frame")
        XCTAssertTrue(stride(from: 3, to: first.pixels.count, by: 4).allSatisfy { first.pixels[$0] == 255 },
                      "frames are opaque")
    }

    func testConcurrentRenderingMatchesSerialRendering() throws {
        let renderer = Renderer(scene: try busyScene())
        let times = [0.0, 0.5, 1.0, 1.5, 0.5, 0.0, 2.0, 1.0]
        let serial = try times.map { try renderer.render(at: $0) }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var images: [Int: Image] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            let image = try? renderer.render(at: times[i])
            results.lock.lock()
            results.images[i] = image
            results.lock.unlock()
        }
        for i in times.indices { XCTAssertEqual(results.images[i], serial[i], "frame at t = \(times[i])") }
    }

    /// One `RenderBuffers` reused across frames, times and scenes of other sizes (its
    /// buffers then hold older, larger pictures) gives the bytes of a fresh render.
    func testReusedBuffersGiveTheBytesOfAFreshRender() throws {
        let busy = Renderer(scene: try busyScene())
        var small = blankScene(7, 5)
        try small.addLayer(layerState(frame: Rect(1.5, 1, 3, 2), background: .orange))
        let tiny = Renderer(scene: small)
        let buffers = RenderBuffers()
        var kept: [Image] = []
        for (renderer, t) in [(busy, 0.7), (tiny, 0), (busy, 0.2), (busy, 0.7), (tiny, 0)] {
            let image = try renderer.render(at: t, using: buffers) { $0 }
            XCTAssertEqual(image, try renderer.render(at: t), "t = \(t), \(image.width)×\(image.height)")
            kept.append(image)
        }
        XCTAssertEqual(kept[0], kept[3], "an image kept by the caller is not overwritten by later frames")
    }

    /// Text coverage is kept from frame to frame: a text that moves away and back, and a
    /// still one beside it, render as they do with fresh buffers.
    func testKeptTextCoverageGivesTheBytesOfAFreshRender() throws {
        var scene = blankScene(120, 60)
        var moving = layerState(.text, frame: Rect(0, 0, 120, 30))
        moving.string = "move"
        moving.fontSize = 20
        let id = try scene.addLayer(moving)
        try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(80, 40))], begin: 0, duration: 1,
                                    autoreverses: true))
        var still = layerState(.text, frame: Rect(0, 30, 120, 30))
        still.string = "still"
        still.fontSize = 18
        try scene.addLayer(still)
        let renderer = Renderer(scene: scene)
        let buffers = RenderBuffers()
        for t in [0, 0.5, 0.5, 1, 0, 1.5, 0.25, 0] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try renderer.render(at: t), "t = \(t)")
        }
    }
}

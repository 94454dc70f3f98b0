import XCTest
@testable import MaskEngine

/// A frame's buffer is kept for the next frame, and only what was drawn over its backdrop
/// is filled again: frames rendered with one `RenderBuffers`, in any order, give the bytes
/// of fresh renders, with no trail of what moved away.
final class KeptFrameTests: XCTestCase {
    /// A square that travels across the canvas and fades, a bar that appears at 0.5 s, and
    /// a text: what is drawn over the backdrop moves, grows and shrinks from frame to frame.
    private func travellingScene(background: Color = .darkGray) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: background))
        var square = layerState(frame: Rect(2.5, 3, 16, 16), background: .yellow)
        square.cornerRadius = 3
        let id = try scene.addLayer(square)
        try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(80, 40))], begin: 0, duration: 1))
        try scene.animate(Animation(layer: id, key: .opacity, keyframes: [.number(0)], begin: 0.5, duration: 0.5))
        var bar = layerState(frame: Rect(0, 40, 90, 6), background: .cyan)
        bar.opacity = 0
        let barID = try scene.addLayer(bar)
        try scene.animate(Animation(layer: barID, key: .opacity, keyframes: [.number(1)], begin: 0.5, duration: 0.1))
        var text = layerState(.text, frame: Rect(30, 10, 60, 20))
        text.string = "go"
        text.fontSize = 14
        try scene.addLayer(text)
        return scene
    }

    func testFramesInAnyOrderMatchFreshRendersWithoutTrails() throws {
        let renderer = Renderer(scene: try travellingScene())
        let buffers = RenderBuffers()
        for t in [0, 0.3, 0.6, 1.0, 0.1, 0.9, 0.55, 0, 0.45, 1.0] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try renderer.render(at: t), "t = \(t)")
        }
    }

    func testScenesOfOneSizeButOtherBackdropsShareTheBuffers() throws {
        let grey = Renderer(scene: try travellingScene())
        let blue = Renderer(scene: try travellingScene(background: .blue))
        var empty = Scene(canvas: Canvas(width: 90, height: 50, fps: 10, background: .darkGray))
        try empty.addLayer(layerState(frame: Rect(0, 0, 1, 1), background: .clear))
        let bare = Renderer(scene: empty)
        let buffers = RenderBuffers()
        for (renderer, t) in [(grey, 0.3), (blue, 0.3), (grey, 0.8), (bare, 0), (grey, 0.1), (bare, 0), (blue, 0.9)] {
            XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, try renderer.render(at: t), "t = \(t)")
        }
    }

    func testAFrameTheCallerKeepsIsNotChangedByTheNextOnes() throws {
        let renderer = Renderer(scene: try travellingScene())
        let buffers = RenderBuffers()
        let first = try renderer.render(at: 0.2, using: buffers) { $0 }
        let copy = Image(width: first.width, height: first.height, trustedPixels: first.pixels)
        for t in [0.4, 0.6, 0.8] { _ = try renderer.render(at: t, using: buffers) { $0 } }
        XCTAssertEqual(first, copy)
    }
}

import XCTest
@testable import MaskEngine

/// Groups are sized to what their layers can draw; text is bounded by its glyphs, which
/// may overhang the layer's bounds. A group bounded that way must draw what a group over
/// the whole canvas draws.
final class GroupBoundsTests: XCTestCase {
    private func overhangingText(sublayerFrame: Rect) throws -> Image {
        var scene = Scene(canvas: Canvas(width: 80, height: 60, fps: 10, background: .darkGray))
        var text = layerState(.text, frame: Rect(30, 25, 8, 8))
        text.string = "Wg"
        text.fontSize = 40
        text.opacity = 0.5
        let id = try scene.addLayer(text)
        // A sublayer that draws nothing: the opacity now applies to two parts, so a group.
        try scene.addLayer(layerState(frame: sublayerFrame), to: id)
        return try render(scene)
    }

    func testAGroupBoundedByItsGlyphsDrawsWhatACanvasWideGroupDraws() throws {
        let bounded = try overhangingText(sublayerFrame: Rect(0, 0, 8, 8))
        let canvasWide = try overhangingText(sublayerFrame: Rect(-100, -100, 300, 300))
        XCTAssertTrue(bounded == canvasWide, "the glyphs' bounds cut the group")
        let background = rgba(bounded, 0, 0)
        var outside = 0
        for y in 0..<60 {
            for x in 0..<80 where !(30..<38).contains(x) || !(25..<33).contains(y) {
                if rgba(bounded, x, y) != background { outside += 1 }
            }
        }
        XCTAssertGreaterThan(outside, 100, "the glyphs overhang the layer's bounds")
    }

    func testDrawnBoundsOfTextHoldItsGlyphs() throws {
        var scene = blankScene(80, 60)
        var text = layerState(.text, frame: Rect(30, 25, 8, 8))
        text.string = "Wg"
        text.fontSize = 40
        let id = try scene.addLayer(text)
        let states = try scene.states(at: 0)
        let renderer = Renderer(scene: scene)
        let walk = LayerWalk(states: states, time: 0, pool: BufferPool())
        let box = try XCTUnwrap(renderer.drawnBounds(of: id, transform: states[id.index].transformToParent, walk: walk))
        let coverage = try XCTUnwrap(withUnsafePointer(to: states[id.index]) {
            try renderer.cachedTextCoverage(of: id, $0, transform: states[id.index].transformToParent,
                                            clip: PixelRect(x0: -50, y0: -50, x1: 150, y1: 150), pool: BufferPool())
        })
        XCTAssertEqual(coverage.rect.intersection(box), coverage.rect, "box \(box), glyphs \(coverage.rect)")
        XCTAssertGreaterThan(coverage.rect.width, 8)
    }
}

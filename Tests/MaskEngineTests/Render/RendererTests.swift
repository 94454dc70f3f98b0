import XCTest
@testable import MaskEngine

/// Probe tests: single pixels whose values follow by hand from the scene.
final class RendererTests: XCTestCase {
    // MARK: - Canvas and opacity

    func testCanvasBackgroundIsOpaque() throws {
        var scene = blankScene(4, 4)
        scene.canvas.background = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let image = try render(scene)
        XCTAssertEqual(image.width, 4)
        // Half-transparent red over black: 0.5 · 255 = 127.5, rounded to 128.
        assertPixel(image, 2, 2, [128, 0, 0, 255])
    }

    func testHalfOpaqueWhiteOverBlackIs128() throws {
        var scene = blankScene()
        var s = layerState(frame: Rect(10, 10, 50, 50), background: .white)
        s.opacity = 0.5
        try scene.addLayer(s)
        let image = try render(scene)
        assertPixel(image, 30, 30, [128, 128, 128, 255])
        assertPixel(image, 5, 5, [0, 0, 0, 255])
    }

    func testGroupOpacityAppliesOnceToOverlappingSublayers() throws {
        // White parent at 50% with a white child over it: as one group the overlap is 128,
        // not the 191 that two separate 50% layers would give.
        var scene = blankScene()
        var parent = layerState(frame: Rect(0, 0, 60, 60), background: .white)
        parent.opacity = 0.5
        let p = try scene.addLayer(parent)
        try scene.addLayer(layerState(frame: Rect(30, 30, 60, 60), background: .white), to: p)
        let image = try render(scene)
        assertPixel(image, 40, 40, [128, 128, 128, 255])
        assertPixel(image, 10, 10, [128, 128, 128, 255])
        assertPixel(image, 80, 80, [128, 128, 128, 255], tolerance: 1)
    }

    func testGridTileAtHalfOpacityIs128() throws {
        var scene = blankScene()
        let grid = try scene.addLayer(layerState(.grid, frame: Rect(0, 0, 100, 100)))
        let tiles = try scene.addTiles(to: grid, rows: 2, columns: 2, color: .white)
        try scene.setInitial(.opacity, of: tiles[3], to: .number(0.5))
        let image = try render(scene)
        assertPixel(image, 75, 75, [128, 128, 128, 255]) // tile 3: column 1, row 1
        assertPixel(image, 25, 75, [255, 255, 255, 255])
        assertPixel(image, 49, 49, [255, 255, 255, 255], tolerance: 0) // no seam between tiles
    }

    func testHiddenAndNotYetAppearedLayersDrawNothing() throws {
        var scene = blankScene()
        var hidden = layerState(frame: Rect(0, 0, 50, 100), background: .white)
        hidden.hidden = true
        try scene.addLayer(hidden)
        try scene.addLayer(layerState(frame: Rect(50, 0, 50, 100), background: .white), at: 1)
        assertPixel(try render(scene, at: 0.5), 25, 50, [0, 0, 0, 255])
        assertPixel(try render(scene, at: 0.5), 75, 50, [0, 0, 0, 255])
        assertPixel(try render(scene, at: 1), 75, 50, [255, 255, 255, 255])
    }

    func testZOrderAmongSiblingsIsStable() throws {
        var scene = blankScene()
        var red = layerState(frame: Rect(0, 0, 60, 60), background: .red)
        red.z = 1
        try scene.addLayer(red)
        try scene.addLayer(layerState(frame: Rect(20, 20, 60, 60), background: .blue))
        try scene.addLayer(layerState(frame: Rect(40, 40, 60, 60), background: .green))
        let image = try render(scene)
        assertPixel(image, 30, 30, [255, 0, 0, 255]) // red (z 1) above blue
        assertPixel(image, 50, 50, [255, 0, 0, 255]) // ... and above green
        assertPixel(image, 70, 70, [0, 255, 0, 255]) // equal z: green, declared later, above blue
    }

    // MARK: - Geometry

    func testEdgeAtHalfPixelIsHalfCovered() throws {
        var scene = blankScene()
        try scene.addLayer(layerState(frame: Rect(10.5, 0, 20, 10), background: .white))
        let image = try render(scene)
        XCTAssertEqual(Double(rgba(image, 10, 5)[0]), 127.5, accuracy: 0.5)
        assertPixel(image, 11, 5, [255, 255, 255, 255])
    }

    func testRotationAndScaleTurnAboutTheAnchor() throws {
        var scene = blankScene()
        var rotated = layerState(frame: Rect(40, 40, 20, 20), background: .white)
        rotated.rotation = Double.pi / 4 // a diamond reaching 14.1 px from (50, 50)
        try scene.addLayer(rotated)
        var image = try render(scene)
        assertPixel(image, 50, 37, [255, 255, 255, 255])
        assertPixel(image, 41, 41, [0, 0, 0, 255]) // the unrotated square's corner is now outside

        scene = blankScene()
        var scaled = layerState(frame: Rect(50, 50, 10, 10), background: .white)
        scaled.anchor = Point(0, 0)
        scaled.position = Point(50, 50)
        scaled.scale = 2 // grows right and down from its top-left anchor: 50..<70
        try scene.addLayer(scaled)
        var centred = layerState(frame: Rect(10, 10, 10, 10), background: .red)
        centred.scale = 2 // grows about its centre (15, 15): 5..<25
        try scene.addLayer(centred)
        image = try render(scene)
        assertPixel(image, 69, 69, [255, 255, 255, 255])
        assertPixel(image, 70, 70, [0, 0, 0, 255])
        assertPixel(image, 5, 5, [255, 0, 0, 255])
        assertPixel(image, 24, 24, [255, 0, 0, 255])
        assertPixel(image, 4, 4, [0, 0, 0, 255])
    }

    func testSublayerTransformsCompose() throws {
        var scene = blankScene()
        var parent = layerState(frame: Rect(20, 20, 40, 40))
        parent.scale = 2 // about (40, 40): the parent's (0, 0) lands at (0, 0)
        let p = try scene.addLayer(parent)
        try scene.addLayer(layerState(frame: Rect(10, 10, 5, 5), background: .white), to: p)
        let image = try render(scene)
        assertPixel(image, 20, 20, [255, 255, 255, 255])
        assertPixel(image, 29, 29, [255, 255, 255, 255])
        assertPixel(image, 30, 30, [0, 0, 0, 255])
    }

    func testCornerRadiusLeavesTheCornerPixelClear() throws {
        var scene = blankScene()
        var s = layerState(frame: Rect(10, 10, 40, 40), background: .white)
        s.cornerRadius = 10
        try scene.addLayer(s)
        let image = try render(scene)
        assertPixel(image, 10, 10, [0, 0, 0, 255])
        assertPixel(image, 10, 30, [255, 255, 255, 255])
        assertPixel(image, 30, 10, [255, 255, 255, 255])
        assertPixel(image, 49, 49, [0, 0, 0, 255])
    }

    func testClipCutsSublayersToTheRoundedBounds() throws {
        for clip in [false, true] {
            var scene = blankScene()
            var parent = layerState(frame: Rect(10, 10, 40, 40))
            parent.clip = clip
            parent.cornerRadius = 10
            let p = try scene.addLayer(parent)
            try scene.addLayer(layerState(frame: Rect(0, 0, 80, 80), background: .white), to: p)
            let image = try render(scene)
            let outside = clip ? 0 : 255
            assertPixel(image, 70, 70, [outside, outside, outside, 255])
            assertPixel(image, 10, 10, [outside, outside, outside, 255]) // the rounded corner
            assertPixel(image, 30, 30, [255, 255, 255, 255])
        }
    }

    // MARK: - Shapes

    func testShapeFillStrokeAndStrokeEnd() throws {
        var scene = blankScene()
        var s = layerState(.shape, frame: Rect(0, 0, 100, 100))
        s.path = .line(from: Point(10, 50), to: Point(90, 50))
        s.fill = nil
        s.stroke = .white
        s.lineWidth = 6
        s.strokeEnd = 0.5
        try scene.addLayer(s)
        var box = layerState(.shape, frame: Rect(0, 0, 100, 100))
        box.path = .rect(Rect(10, 10, 20, 20))
        box.fill = .red
        try scene.addLayer(box)
        let image = try render(scene)
        assertPixel(image, 30, 47, [255, 255, 255, 255]) // 3 px above the line: inside the width
        assertPixel(image, 30, 46, [0, 0, 0, 255])
        assertPixel(image, 49, 50, [255, 255, 255, 255])
        assertPixel(image, 50, 50, [0, 0, 0, 255]) // strokeEnd 0.5 of 10...90 stops at 50
        assertPixel(image, 20, 20, [255, 0, 0, 255]) // default fill is on
    }

    func testTranslucentShapeGroupsFillAndStrokeAndKeepsTheOverhang() throws {
        // Fill and stroke at 50%: one group, so the white stroke hides the red fill under
        // it (128 grey, not a red tint), and the stroke's outer half, 5 px beyond the
        // bounds, is still inside the group's buffer.
        var scene = blankScene()
        var s = layerState(.shape, frame: Rect(20, 20, 40, 40))
        s.path = .rect(Rect(0, 0, 40, 40))
        s.fill = .red
        s.stroke = .white
        s.lineWidth = 10
        s.opacity = 0.5
        try scene.addLayer(s)
        let image = try render(scene)
        assertPixel(image, 17, 40, [128, 128, 128, 255])
        assertPixel(image, 22, 40, [128, 128, 128, 255])
        assertPixel(image, 40, 40, [128, 0, 0, 255])
        assertPixel(image, 14, 40, [0, 0, 0, 255])
    }

    func testShapeFillRule() throws {
        var scene = blankScene()
        var s = layerState(.shape, frame: Rect(0, 0, 100, 100))
        s.path = .polygon((0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        })
        s.fill = .white
        s.fillRule = .evenodd
        try scene.addLayer(s)
        var image = try render(scene)
        assertPixel(image, 50, 50, [0, 0, 0, 255])
        assertPixel(image, 50, 20, [255, 255, 255, 255])
        try scene.setInitial(.fillRule, of: LayerID(0), to: .fillRule(.nonzero))
        image = try render(scene)
        assertPixel(image, 50, 50, [255, 255, 255, 255])
    }

    // MARK: - Text

    func testTextDrawsGlyphsInItsColour() throws {
        var scene = blankScene(120, 60)
        var s = layerState(.text, frame: Rect(0, 0, 120, 60))
        s.string = "I"
        s.fontSize = 40
        s.textColor = .red
        s.align = .center
        try scene.addLayer(s)
        let image = try render(scene)
        // DejaVu Sans 'I' is a vertical bar (≈ 5 px wide at 40 px) centred in the layer.
        assertPixel(image, 60, 30, [255, 0, 0, 255])
        assertPixel(image, 40, 30, [0, 0, 0, 255])
        assertPixel(image, 60, 5, [0, 0, 0, 255])
    }

    // MARK: - Errors

    func testNegativeFrameAndNonFiniteTimeThrow() {
        let renderer = Renderer(scene: blankScene(4, 4))
        XCTAssertThrowsError(try renderer.renderFrame(-1)) { XCTAssertEqual($0 as? RenderError, .invalidFrame(-1)) }
        XCTAssertThrowsError(try renderer.render(at: .nan))
    }

    func testNestingDeeperThanTheLimitThrows() throws {
        var scene = blankScene(4, 4)
        var parent: LayerID?
        for _ in 0..<(Renderer.maxDepth + 1) {
            parent = try scene.addLayer(layerState(frame: Rect(0, 0, 4, 4), background: .white), to: parent)
        }
        XCTAssertThrowsError(try render(scene)) { error in
            guard case .nestingTooDeep = error as? RenderError else { return XCTFail("\(error)") }
        }
    }
}

import XCTest
@testable import MaskEngine

final class MaskTests: XCTestCase {
    /// A white 100×100 owner whose mask is `mask` (laid out in the owner's coordinates).
    private func maskedScene(_ mask: LayerState, configure: (inout LayerState) -> Void = { _ in },
                             sublayers: [LayerState] = []) throws -> (Scene, owner: LayerID, mask: LayerID) {
        var scene = blankScene()
        var ownerState = layerState(frame: Rect(0, 0, 100, 100), background: .white)
        configure(&ownerState)
        let owner = try scene.addLayer(ownerState)
        let m = try scene.addLayer(mask, to: owner)
        for s in sublayers { try scene.addLayer(s, to: m) }
        try scene.setMask(m, of: owner)
        return (scene, owner, m)
    }

    func testHorizontalBlackToClearGradientMaskIsHalfAtTheMiddle() throws {
        var gradient = layerState(.gradient, frame: Rect(0, 0, 101, 100))
        gradient.colors = [.black, .clear]
        gradient.start = Point(0, 0.5)
        gradient.end = Point(1, 0.5)
        var (scene, _, _) = try maskedScene(gradient)
        scene.canvas.width = 101
        let image = try render(scene)
        // Column 50's centre is at x = 50.5, half of the 101 px width: alpha 127.5.
        assertPixel(image, 50, 50, [128, 128, 128, 255])
        assertPixel(image, 0, 50, [254, 254, 254, 255], tolerance: 2)
        assertPixel(image, 100, 50, [1, 1, 1, 255], tolerance: 2)
    }

    func testAnimatedCircleMaskOverRed() throws {
        var scene = blankScene()
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 100, 100), background: .red))
        var circle = layerState(.shape, frame: Rect(0, 0, 100, 100))
        circle.path = .circle(center: Point(50, 50), radius: 10)
        let mask = try scene.addLayer(circle, to: owner)
        try scene.setMask(mask, of: owner)
        try scene.animate(Animation(layer: mask, key: .path,
                                    keyframes: [.path(.circle(center: Point(50, 50), radius: 40))], begin: 0, duration: 1))
        // At t = 0.5 the radius is 25: a pixel 20 px from the centre shows red, one 30 px away black.
        let image = try render(scene, at: 0.5)
        assertPixel(image, 70, 50, [255, 0, 0, 255])
        assertPixel(image, 50, 29, [255, 0, 0, 255])
        assertPixel(image, 80, 50, [0, 0, 0, 255])
        assertPixel(image, 50, 20, [0, 0, 0, 255])
        // At t = 0 the radius is 10: 20 px away is black.
        assertPixel(try render(scene, at: 0), 70, 50, [0, 0, 0, 255])
    }

    func testALayerMadeAMaskLaterIsDrawnInTheTreeUntilThen() throws {
        // A white owner on the left half; a blue layer on the right half until t = 1,
        // when it becomes the owner's mask (in the owner's coordinates it covers x ≥ 50).
        var scene = blankScene()
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 100, 100), background: .white))
        let blue = try scene.addLayer(layerState(frame: Rect(50, 0, 50, 100), background: .blue))
        try scene.setMask(blue, of: owner, at: 1)
        XCTAssertTrue(scene.tree(at: 0.5).contains(blue))
        XCTAssertFalse(scene.tree(at: 1).contains(blue))
        let before = try render(scene, at: 0.5)
        assertPixel(before, 25, 50, [255, 255, 255, 255])   // the owner, not yet masked
        assertPixel(before, 75, 50, [0, 0, 255, 255])       // the blue layer, still drawn
        let after = try render(scene, at: 1.5)
        assertPixel(after, 25, 50, [0, 0, 0, 255])          // outside the mask's frame
        assertPixel(after, 75, 50, [255, 255, 255, 255])    // the owner through the mask
    }

    func testMaskColourDoesNotCountButItsOpacityDoes() throws {
        var mask = layerState(frame: Rect(0, 0, 100, 100), background: .blue)
        mask.opacity = 0.5
        let (scene, _, _) = try maskedScene(mask)
        assertPixel(try render(scene), 50, 50, [128, 128, 128, 255])
    }

    func testMaskSublayersCountAndOutsideTheMaskFrameNothingShows() throws {
        // A clear mask over the left 60 px with an opaque sublayer on its right 30 px:
        // only columns 30..<60 show; beyond the frame (60...) nothing shows, even under
        // the part of the sublayer that sticks out.
        let mask = layerState(frame: Rect(0, 0, 60, 100))
        let sub = layerState(frame: Rect(30, 0, 60, 100), background: .black)
        let (scene, _, _) = try maskedScene(mask, sublayers: [sub])
        let image = try render(scene)
        assertPixel(image, 10, 50, [0, 0, 0, 255])
        assertPixel(image, 40, 50, [255, 255, 255, 255])
        assertPixel(image, 70, 50, [0, 0, 0, 255])
    }

    func testMaskContentsAlphaCounts() throws {
        var mask = layerState(frame: Rect(0, 0, 100, 100))
        mask.contents = try Image(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 64])
        let (scene, _, _) = try maskedScene(mask)
        assertPixel(try render(scene), 50, 50, [64, 64, 64, 255])
    }

    func testLuminanceMask() throws {
        let gray = layerState(frame: Rect(0, 0, 50, 100), background: .gray)
        let red = layerState(frame: Rect(50, 0, 50, 100), background: .red)
        var mask = layerState(frame: Rect(0, 0, 100, 100))
        let alpha = try maskedScene(mask, sublayers: [gray, red]).0
        var image = try render(alpha)
        assertPixel(image, 25, 50, [255, 255, 255, 255]) // alpha mode: both are opaque
        assertPixel(image, 75, 50, [255, 255, 255, 255])
        mask = layerState(frame: Rect(0, 0, 100, 100))
        let luminance = try maskedScene(mask, configure: { $0.maskMode = .luminance }, sublayers: [gray, red]).0
        image = try render(luminance)
        // gray is 127.5 → 128 in every channel; red's luminance is 0.2126 · 255 = 54.2.
        assertPixel(image, 25, 50, [128, 128, 128, 255])
        assertPixel(image, 75, 50, [54, 54, 54, 255])
    }

    func testInvertedMaskShowsWhereTheMaskDoesNot() throws {
        let left = layerState(frame: Rect(0, 0, 50, 100), background: .black)
        let (plain, _, _) = try maskedScene(left)
        var image = try render(plain)
        assertPixel(image, 25, 50, [255, 255, 255, 255])
        assertPixel(image, 75, 50, [0, 0, 0, 255])
        let (inverted, _, _) = try maskedScene(left, configure: { $0.maskInvert = true })
        image = try render(inverted)
        assertPixel(image, 25, 50, [0, 0, 0, 255])
        assertPixel(image, 75, 50, [255, 255, 255, 255])
    }

    func testHiddenMaskHidesItsOwner() throws {
        var mask = layerState(frame: Rect(0, 0, 100, 100), background: .black)
        mask.hidden = true
        let (scene, _, _) = try maskedScene(mask)
        assertPixel(try render(scene), 50, 50, [0, 0, 0, 255])
    }

    func testMaskThatIsNotDrawnItself() throws {
        // The mask is taken out of the tree: its black background never covers the owner.
        let mask = layerState(frame: Rect(0, 0, 100, 100), background: .black)
        let (scene, _, _) = try maskedScene(mask)
        assertPixel(try render(scene), 50, 50, [255, 255, 255, 255])
    }

    func testMaskOfARotatedOwnerFollowsIt() throws {
        var scene = blankScene()
        var ownerState = layerState(frame: Rect(30, 30, 40, 40), background: .white)
        ownerState.rotation = Double.pi / 2
        let owner = try scene.addLayer(ownerState)
        // The mask covers the owner's top half in its own coordinates; turned 90° clockwise,
        // that is the right half on screen.
        let m = try scene.addLayer(layerState(frame: Rect(0, 0, 40, 20), background: .black), to: owner)
        try scene.setMask(m, of: owner)
        let image = try render(scene)
        assertPixel(image, 60, 50, [255, 255, 255, 255])
        assertPixel(image, 40, 50, [0, 0, 0, 255])
    }

    func testMaskCycleThrows() throws {
        var (scene, owner, mask) = try maskedScene(layerState(frame: Rect(0, 0, 100, 100), background: .black))
        // `setMask` refuses this; a timeline step can still make the mask's mask its owner.
        try scene.set(.mask, of: mask, to: .layer(owner), at: 0)
        XCTAssertThrowsError(try render(scene)) { error in
            guard case .maskCycle = error as? RenderError else { return XCTFail("\(error)") }
        }
    }

    func testMaskReferenceToAMissingLayerIsIgnored() throws {
        var scene = blankScene()
        let owner = try scene.addLayer(layerState(frame: Rect(0, 0, 100, 100), background: .white))
        try scene.set(.mask, of: owner, to: .layer(LayerID(999)), at: 0)
        assertPixel(try render(scene), 50, 50, [255, 255, 255, 255])
    }
}

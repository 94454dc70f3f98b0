import XCTest
@testable import MaskEngine

/// Borders as Core Animation draws them: inside the bounds, following the corner radius,
/// over the contents and sublayers, and part of the layer's group.
final class BorderTests: XCTestCase {
    private func bordered(_ frame: Rect, width: Double, radius: Double = 0, background: Color = .blue) -> LayerState {
        var s = layerState(frame: frame, background: background)
        s.borderWidth = width
        s.borderColor = .red
        s.cornerRadius = radius
        return s
    }

    /// A 20×20 layer at (10, 10) with a 2-pixel border: its outer two rows and columns are
    /// red, the inside blue, the outside black.
    func testTheBorderIsInsideTheBounds() throws {
        var scene = blankScene(40, 40)
        try scene.addLayer(bordered(Rect(10, 10, 20, 20), width: 2))
        let image = try render(scene)
        for (x, y) in [(10, 10), (11, 20), (29, 20), (28, 29), (20, 10), (20, 11)] { assertPixel(image, x, y, [255, 0, 0, 255]) }
        for (x, y) in [(12, 12), (20, 20), (27, 27)] { assertPixel(image, x, y, [0, 0, 255, 255]) }
        for (x, y) in [(9, 20), (30, 20), (20, 9), (20, 30)] { assertPixel(image, x, y, [0, 0, 0, 255]) }
    }

    /// A 40×40 layer with corners of radius 16 and a 4-pixel border: along the diagonal,
    /// pixel 3 lies outside the outer arc (distance from the corner's centre 17.0–18.4),
    /// pixel 5 inside the band 12...16 (14.1–15.6), pixel 8 inside the inner arc (9.9–11.3).
    func testTheBorderFollowsTheCornerRadius() throws {
        var scene = blankScene(48, 48)
        try scene.addLayer(bordered(Rect(4, 4, 40, 40), width: 4, radius: 16))
        let image = try render(scene)
        assertPixel(image, 4 + 3, 4 + 3, [0, 0, 0, 255])
        assertPixel(image, 4 + 5, 4 + 5, [255, 0, 0, 255])
        assertPixel(image, 4 + 8, 4 + 8, [0, 0, 255, 255])
        // The straight edges are 4 wide.
        assertPixel(image, 24, 4 + 3, [255, 0, 0, 255])
        assertPixel(image, 24, 4 + 4, [0, 0, 255, 255])
    }

    /// The border draws over a sublayer that covers the whole layer.
    func testTheBorderIsAboveTheSublayers() throws {
        var scene = blankScene(40, 40)
        let card = try scene.addLayer(bordered(Rect(10, 10, 20, 20), width: 2))
        try scene.addLayer(layerState(frame: Rect(0, 0, 20, 20), background: .green), to: card)
        let image = try render(scene)
        assertPixel(image, 10, 20, [255, 0, 0, 255])
        assertPixel(image, 20, 20, [0, 255, 0, 255])
    }

    /// At opacity 0.5 the layer, border included, is one group: the border is 128 red over
    /// black, not red over half the blue.
    func testTheBorderIsPartOfTheLayersGroup() throws {
        var scene = blankScene(40, 40)
        var s = bordered(Rect(10, 10, 20, 20), width: 2)
        s.opacity = 0.5
        try scene.addLayer(s)
        let image = try render(scene)
        assertPixel(image, 10, 20, [128, 0, 0, 255])
        assertPixel(image, 20, 20, [0, 0, 128, 255])
    }

    /// A border as wide as half the shorter side fills the bounds; width 0 or a clear
    /// colour draws nothing.
    func testWideAndInvisibleBorders() throws {
        var scene = blankScene(40, 40)
        try scene.addLayer(bordered(Rect(0, 0, 10, 10), width: 50))
        var clear = bordered(Rect(20, 20, 10, 10), width: 2)
        clear.borderColor = .clear
        try scene.addLayer(clear)
        let image = try render(scene)
        assertPixel(image, 5, 5, [255, 0, 0, 255])
        assertPixel(image, 20, 20, [0, 0, 255, 255])
    }

    /// A mask whose only opaque part is its border lets the owner through there alone.
    func testAMaskCountsItsBorder() throws {
        var scene = blankScene(40, 40)
        let owner = try scene.addLayer(layerState(frame: Rect(10, 10, 20, 20), background: .white))
        var ring = bordered(Rect(0, 0, 20, 20), width: 2, background: .clear)
        ring.borderColor = .black
        try scene.setMask(try scene.addLayer(ring), of: owner)
        let image = try render(scene)
        assertPixel(image, 10, 20, [255, 255, 255, 255])
        assertPixel(image, 20, 20, [0, 0, 0, 255])
    }

    /// Golden: a blue card with rounded corners (radius 10) and a 3-pixel orange border
    /// over a green sublayer that overflows its bottom right corner, and beside it a
    /// half-transparent white card whose border (2, radius 6) shows the grey backdrop
    /// through both.
    func testBorderGolden() throws {
        var scene = Scene(canvas: Canvas(width: 64, height: 48, background: Color(white: 0.3)))
        var card = layerState(frame: Rect(4, 4, 32, 32), background: .blue)
        card.cornerRadius = 10
        card.borderWidth = 3
        card.borderColor = Color(red: 1, green: 0.5, blue: 0)
        let id = try scene.addLayer(card, name: "card")
        try scene.addLayer(layerState(frame: Rect(16, 16, 24, 24), background: .green), to: id)
        var glass = layerState(frame: Rect(40, 8, 20, 36), background: .white)
        glass.opacity = 0.5
        glass.cornerRadius = 6
        glass.borderWidth = 2
        glass.borderColor = .black
        try scene.addLayer(glass, name: "glass")
        assertGolden(try render(scene), named: "border", tolerance: GoldenTests.tolerance)
    }
}

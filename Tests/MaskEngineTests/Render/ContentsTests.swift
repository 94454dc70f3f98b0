import XCTest
@testable import MaskEngine

final class ContentsTests: XCTestCase {
    /// Two red pixels then two blue ones.
    private func redBlue() throws -> Image {
        try Image(width: 4, height: 1, premultipliedRGBA: [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255])
    }

    private func contentsScene(_ gravity: Gravity, frame: Rect = Rect(30, 30, 40, 40), clip: Bool = false) throws -> Image {
        var scene = blankScene()
        var s = layerState(frame: frame, background: .white)
        s.contents = try redBlue()
        s.gravity = gravity
        s.clip = clip
        try scene.addLayer(s)
        return try render(scene)
    }

    func testFillStretchesOverTheBounds() throws {
        let image = try contentsScene(.fill)
        assertPixel(image, 31, 35, [255, 0, 0, 255])
        assertPixel(image, 68, 65, [0, 0, 255, 255])
        // Bilinear: column 50's centre samples u = 20.5 · 4 / 40 − 0.5 = 1.55, 45% red and 55% blue.
        assertPixel(image, 50, 50, [115, 0, 140, 255])
        assertPixel(image, 49, 50, [140, 0, 115, 255])
        assertPixel(image, 29, 50, [0, 0, 0, 255])
    }

    func testAspectFitLettersboxesOverTheBackground() throws {
        // 4×1 in 40×40: scaled ×10 to 40×10, centred: rows 45..<55.
        let image = try contentsScene(.aspectFit)
        assertPixel(image, 32, 50, [255, 0, 0, 255])
        assertPixel(image, 67, 50, [0, 0, 255, 255])
        assertPixel(image, 50, 40, [255, 255, 255, 255])
        assertPixel(image, 50, 44, [255, 255, 255, 255])
    }

    func testAspectFillOverflowsUnlessClipped() throws {
        // 4×1 in 40×40: scaled ×40 to 160×40, centred: columns −30..<130, 40 per image pixel.
        var image = try contentsScene(.aspectFill)
        assertPixel(image, 5, 50, [255, 0, 0, 255])
        assertPixel(image, 95, 50, [0, 0, 255, 255])
        image = try contentsScene(.aspectFill, clip: true)
        assertPixel(image, 5, 50, [0, 0, 0, 255])
        assertPixel(image, 95, 50, [0, 0, 0, 255])
        // Inside the bounds the middle two image pixels blend: column 30 samples u = 1.0125.
        assertPixel(image, 30, 50, [252, 0, 3, 255])
        assertPixel(image, 69, 50, [3, 0, 252, 255])
    }

    func testCenterKeepsTheImageSize() throws {
        // Unscaled 4×1 centred in a 40×41 layer at (30, 30): columns 48..<52, row 50.
        let image = try contentsScene(.center, frame: Rect(30, 30, 40, 41))
        assertPixel(image, 48, 50, [255, 0, 0, 255])
        assertPixel(image, 51, 50, [0, 0, 255, 255])
        assertPixel(image, 47, 50, [255, 255, 255, 255])
        assertPixel(image, 48, 49, [255, 255, 255, 255])
    }
}

import XCTest
@testable import MaskEngine

/// COLR colour glyphs, drawn from Tests/Fonts/ColrTest.ttf (made by the script beside it):
/// at 100 px a font unit is 0.1 px, and with ascender 800 and descender −200 in a 100 px
/// high layer the baseline is at y = 80, so a square (x0, y0, x1, y1) of glyph "A" at the
/// line's start covers pixels x0/10 ..< x1/10 by 80 − y1/10 ..< 80 − y0/10.
final class ColorLayerGlyphTests: XCTestCase {
    static let fontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fonts/ColrTest.ttf").standardized.path

    private func textLayer(_ string: String, color: Color = Color(red: 0, green: 1, blue: 0)) throws -> LayerState {
        var s = layerState(.text, frame: Rect(0, 0, 128, 100))
        s.string = string
        s.font = try Font.named(ColorLayerGlyphTests.fontPath)
        s.fontSize = 100
        s.textColor = color
        return s
    }

    func testLayersTakeTheirPaletteColoursAndTheTextColourForIndexFFFF() throws {
        var scene = blankScene(128, 100)
        try scene.addLayer(textLayer("AC"))
        let image = try Renderer(scene: scene).render(at: 0)
        assertPixel(image, 5, 75, [255, 0, 0, 255])  // "big": palette entry 0, red
        assertPixel(image, 15, 65, [0, 255, 0, 255])  // "small": 0xFFFF, the text's green
        // "corner": palette entry 1, blue at alpha 128 over the red: 255 × 127/255 and 128.
        assertPixel(image, 40, 40, [127, 0, 128, 255])
        assertPixel(image, 55, 75, [0, 0, 0, 255])  // past "A"'s squares
        assertPixel(image, 5, 25, [0, 0, 0, 255])  // above them
        // "C" (origin at x = 70) has no colour record: its outline in the text colour.
        assertPixel(image, 75, 75, [0, 255, 0, 255])
    }

    func testAColourGlyphAsAMaskCountsItsAlphaNotItsColour() throws {
        var scene = blankScene(128, 100)
        let white = try scene.addLayer(layerState(.plain, frame: Rect(0, 0, 128, 100), background: .white))
        let mask = try scene.addLayer(textLayer("A", color: .black))
        try scene.setMask(mask, of: white)
        let image = try Renderer(scene: scene).render(at: 0)
        // Red, black (the text colour) and red under half blue are all opaque.
        for (x, y) in [(5, 75), (15, 65), (40, 40)] { assertPixel(image, x, y, [255, 255, 255, 255]) }
        assertPixel(image, 55, 75, [0, 0, 0, 255])
    }

    func testAGlyphOnlyCOLRVersion1DescribesDrawsItsOutlineAndIsReported() throws {
        let font = try Font.named(ColorLayerGlyphTests.fontPath)
        XCTAssertTrue(font.hasColorLayers)
        XCTAssertEqual(font.uncoloredCharacters(in: "ABC\nB"), ["B"])
        XCTAssertEqual(font.uncoloredCharacters(in: "AC 滑"), [])
        var scene = blankScene(128, 100)
        try scene.addLayer(textLayer("B"))
        let image = try Renderer(scene: scene).render(at: 0)
        // Its own outline, the square (100, 100, 400, 400), in the text colour.
        assertPixel(image, 25, 55, [0, 255, 0, 255])
        assertPixel(image, 5, 75, [0, 0, 0, 255])
    }

    func testTheLottieExportRefusesColourLayersAsItDoesEmoji() throws {
        var scene = Scene(canvas: Canvas(width: 128, height: 100, duration: 1))
        try scene.addLayer(textLayer("A"), name: "label")
        XCTAssertThrowsError(try LottieExporter(scene: scene).document()) { error in
            XCTAssertEqual(error as? LottieExportError,
                           .unsupported(feature: "colour glyphs (emoji bitmaps or COLR layers, in \"A\")",
                                        layer: scene.layerName(LayerID(0)), property: .string))
        }
        var plain = Scene(canvas: Canvas(width: 128, height: 100, duration: 1))
        try plain.addLayer(textLayer("C"), name: "label")
        XCTAssertNoThrow(try LottieExporter(scene: plain).document(), "a plain glyph of a COLR font is an outline")
    }
}

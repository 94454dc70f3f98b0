import XCTest
@testable import MaskEngine

/// Text in any script exports as the renderer's shaped outlines; colour emoji, which have
/// none, are an error naming the layer and its `string` property.
final class LottieTextScriptsTests: XCTestCase {
    private func scene(_ string: String) throws -> Scene {
        var scene = Scene(canvas: Canvas(width: 120, height: 40, duration: 1))
        var label = LayerState(kind: .text)
        label.frame = Rect(0, 0, 120, 40)
        label.string = string
        label.fontSize = 20
        try scene.addLayer(label, name: "label")
        return scene
    }

    func testShapedArabicAndChineseExportAsOutlines() throws {
        for string in ["مرحبا", "滑动解锁"] {
            let json = try LottieExporter(scene: scene(string)).data()
            XCTAssertGreaterThan(json.count, 1_000, "\(string): glyph outlines are in the file")
        }
    }

    func testAColourEmojiIsAnErrorNamingTheLayerAndItsString() throws {
        let plain = try scene("ok 😀")
        // Also when a gradient mask is fused into the text's fill.
        var masked = plain
        var fade = LayerState(kind: .gradient)
        fade.frame = Rect(0, 0, 120, 40)
        fade.colors = [.black, .clear]
        let fadeID = try masked.addLayer(fade, name: "fade")
        try masked.setMask(fadeID, of: LayerID(0))
        for scene in [plain, masked] {
            XCTAssertThrowsError(try LottieExporter(scene: scene).document()) { error in
                XCTAssertEqual(error as? LottieExportError,
                               .unsupported(feature: "colour glyphs (emoji bitmaps or COLR layers, in \"ok 😀\")", layer: scene.layerName(LayerID(0)),
                                            property: .string))
            }
        }
    }
}

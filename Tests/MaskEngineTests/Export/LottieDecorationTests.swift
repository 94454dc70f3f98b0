import XCTest
import MaskEngine

/// Lottie layers have no border or Core Animation shadow: the exporter refuses a border or
/// a shadow that draws at any frame, naming the feature and the layer.
final class LottieDecorationTests: XCTestCase {
    func testABorderOrShadowThatDrawsIsAnErrorNamingTheLayer() throws {
        var scene = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        var card = LayerState(kind: .plain)
        card.frame = Rect(0, 0, 20, 20)
        let id = try scene.addLayer(card, name: "card")
        XCTAssertNoThrow(try LottieExporter(scene: scene).document())
        try scene.animate(Animation(layer: id, key: .shadowOpacity, keyframes: [.number(0.5)], begin: 0.5, duration: 0.25))
        XCTAssertThrowsError(try LottieExporter(scene: scene).document()) { error in
            XCTAssertEqual(error as? LottieExportError, .unsupported(feature: "a shadow", layer: scene.layerName(id), property: .shadowOpacity))
        }
        var bordered = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        card.borderWidth = 1
        try bordered.addLayer(card, name: "card")
        XCTAssertThrowsError(try LottieExporter(scene: bordered).document()) { error in
            XCTAssertEqual(error as? LottieExportError, .unsupported(feature: "a border", layer: bordered.layerName(id), property: .borderWidth))
        }
        // Every refusal at once: a layer with both gives both.
        card.shadowOpacity = 0.5
        var both = Scene(canvas: Canvas(width: 40, height: 40, duration: 1))
        try both.addLayer(card, name: "card")
        XCTAssertEqual(LottieExporter(scene: both).refusals().map(\.property), [.borderWidth, .shadowOpacity])
    }
}

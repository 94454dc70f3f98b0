import XCTest
@testable import MaskEngine

/// Tracing a hard-edged image alpha into outlines, and the exporter using them as mask
/// paths where it would otherwise need an image matte.
final class LottieAlphaTraceTests: XCTestCase {
    /// A white image whose alpha at each pixel is `alpha(x, y)` (0...1) averaged over
    /// 4 × 4 samples: the area coverage an anti-aliased drawing gives.
    private func image(_ size: Int, _ alpha: (Double, Double) -> Double) throws -> Image {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for j in 0..<4 {
                    for i in 0..<4 { sum += alpha(Double(x) + (Double(i) + 0.5) / 4, Double(y) + (Double(j) + 0.5) / 4) }
                }
                let a = UInt8((sum / 16 * 255).rounded())
                pixels += [a, a, a, a]
            }
        }
        return try Image(width: size, height: size, premultipliedRGBA: pixels)
    }

    private func disc(_ size: Int, center: Point, radius: Double) -> (Double, Double) -> Double {
        { x, y in hypot(x - center.x, y - center.y) <= radius ? 1 : 0 }
    }

    func testAnAntiAliasedDiscTracesToOneOutlineOnItsRim() throws {
        let loops = try XCTUnwrap(LottieAlphaTrace.outlines(of: image(48, disc(48, center: Point(24, 24), radius: 17))))
        XCTAssertEqual(loops.count, 1)
        let loop = try XCTUnwrap(loops.first)
        // Simplified: far fewer vertices than the rim has pixels, each close to the rim.
        XCTAssertLessThan(loop.count, 60)
        for p in loop { XCTAssertEqual(hypot(p.x - 24, p.y - 24), 17, accuracy: 0.2) }
        XCTAssertEqual(abs(LottieAlphaTrace.signedArea(loop)) / 2, Double.pi * 17 * 17, accuracy: Double.pi * 17 * 17 * 0.01)
    }

    func testSeparateShapesGiveOneOutlineEach() throws {
        let a = disc(40, center: Point(10, 20), radius: 8), b = disc(40, center: Point(30, 20), radius: 8)
        let loops = try XCTUnwrap(LottieAlphaTrace.outlines(of: image(40) { max(a($0, $1), b($0, $1)) }))
        XCTAssertEqual(loops.count, 2)
    }

    func testSoftAlphaIsNotTraced() throws {
        let soft = try image(40) { x, y in max(0, 1 - hypot(x - 20, y - 20) / 15) }
        XCTAssertNil(LottieAlphaTrace.outlines(of: soft))
    }

    func testAnEdgeBlurredOverTwoPixelsIsNotTraced() throws {
        let blurred = try image(40) { x, y in min(1, max(0, (15 - hypot(x - 20, y - 20)) / 2 + 0.5)) }
        XCTAssertNil(LottieAlphaTrace.outlines(of: blurred))
    }

    func testOutlinesMustFillBackToTheAlpha() throws {
        let disc = try image(40, disc(40, center: Point(20, 20), radius: 15))
        let alpha = stride(from: 3, to: disc.pixels.count, by: 4).map { disc.pixels[$0] }
        let loops = try XCTUnwrap(LottieAlphaTrace.outlines(of: disc))
        XCTAssertTrue(LottieAlphaTrace.agrees(loops, alpha, 40, 40))
        // A third of a pixel off is a visible shift of the whole rim.
        let shifted = loops.map { $0.map { Point($0.x + 0.3, $0.y) } }
        XCTAssertFalse(LottieAlphaTrace.agrees(shifted, alpha, 40, 40))
    }

    func testAShapeWithAHoleIsNotTraced() throws {
        let ring = try image(40) { x, y in
            let r = hypot(x - 20, y - 20)
            return r <= 15 && r >= 7 ? 1 : 0
        }
        XCTAssertNil(LottieAlphaTrace.outlines(of: ring), "a mask path cannot cut the hole")
    }

    func testAlphaReachingTheBorderIsNotTraced() throws {
        // The renderer repeats the edge pixel beyond the border; the trace assumes clear.
        let square = try image(20) { x, y in x < 15 && y > 3 && y < 16 ? 1 : 0 }
        XCTAssertNil(LottieAlphaTrace.outlines(of: square))
    }

    func testTooLargeAnImageIsNotTraced() throws {
        XCTAssertNil(LottieAlphaTrace.outlines(of: try Image(width: 1025, height: 1024)))
    }

    func testOnlyImagesDrawnNearTheirOwnSizeStandForTheirOutlines() {
        XCTAssertTrue(LottieAlphaTrace.drawsNearNativeSize(.rotation(0.7).concatenating(.scale(1.2, 0.8))))
        XCTAssertFalse(LottieAlphaTrace.drawsNearNativeSize(.scale(2, 2)), "the renderer blurs the enlarged edge")
        XCTAssertFalse(LottieAlphaTrace.drawsNearNativeSize(.scale(1, 0.5)))
    }

    /// A scene of an orange card masked by `mask` drawn at its own size, turned by `rotation`.
    private func maskedCard(_ mask: Image, rotation: Double = 0) throws -> [LottieJSON] {
        var scene = Scene(canvas: Canvas(width: 60, height: 60, duration: 1))
        var card = LayerState(kind: .plain)
        card.frame = Rect(0, 0, 60, 60)
        card.background = .orange
        let owner = try scene.addLayer(card, name: "card")
        var heart = LayerState(kind: .plain)
        heart.frame = Rect(10, 10, Double(mask.width), Double(mask.height))
        heart.contents = mask
        let id = try scene.addLayer(heart, to: owner, name: "heart")
        try scene.setMask(id, of: owner)
        try scene.setInitial(.rotation, of: id, to: .number(rotation))
        return try LottieExporter(scene: scene).document()["layers"]?.array ?? []
    }

    func testAHardEdgedImageMaskIsAMaskPathNotAMatte() throws {
        let top = try maskedCard(image(40, disc(40, center: Point(20, 20), radius: 15)))
        XCTAssertFalse(top.contains { $0["tt"] != nil || $0["td"] != nil })
        let card = try XCTUnwrap(top.first { $0["nm"]?.string == "card" })
        XCTAssertEqual(card["hasMask"], .bool(true))
        XCTAssertEqual(card["masksProperties"]?.array?.count, 1)
    }

    func testATurnedImageMaskInsideItsFrameNeedsNoCut() throws {
        // The outline lies inside the mask's frame in the mask's own coordinates.
        let top = try maskedCard(image(40, disc(40, center: Point(20, 20), radius: 15)), rotation: 0.6)
        let card = try XCTUnwrap(top.first { $0["nm"]?.string == "card" })
        XCTAssertEqual(card["masksProperties"]?.array?.count, 1)
    }

    func testASoftImageMaskStaysAMatte() throws {
        let top = try maskedCard(image(40) { x, y in max(0, 1 - hypot(x - 20, y - 20) / 15) })
        XCTAssertTrue(top.contains { $0["td"]?.number == 1 })
        XCTAssertTrue(top.contains { $0["tt"]?.number == 1 })
    }
}

import XCTest
@testable import MaskEngine

/// Straight and premultiplied colours: construction, HSL, descriptions, conversions.
final class ColorTests: XCTestCase {

    private func assertColor(_ c: Color, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1,
                             accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.red, r, accuracy: accuracy, "red of \(c)", file: file, line: line)
        XCTAssertEqual(c.green, g, accuracy: accuracy, "green of \(c)", file: file, line: line)
        XCTAssertEqual(c.blue, b, accuracy: accuracy, "blue of \(c)", file: file, line: line)
        XCTAssertEqual(c.alpha, a, accuracy: accuracy, "alpha of \(c)", file: file, line: line)
    }

    // MARK: - Construction

    func testComponentsAreClamped() {
        assertColor(Color(red: 2, green: -1, blue: .nan, alpha: 7), 1, 0, 0, 1)
        assertColor(Color(white: 0.25, alpha: 0.5), 0.25, 0.25, 0.25, 0.5)
    }

    func testNamedColoursHaveUIKitValues() throws {
        assertColor(try XCTUnwrap(Color.named["orange"]), 1, 0.5, 0)
        assertColor(try XCTUnwrap(Color.named["purple"]), 0.5, 0, 0.5)
        assertColor(try XCTUnwrap(Color.named["brown"]), 0.6, 0.4, 0.2)
        assertColor(try XCTUnwrap(Color.named["lightGray"]), 2.0 / 3, 2.0 / 3, 2.0 / 3)
        assertColor(try XCTUnwrap(Color.named["clear"]), 0, 0, 0, 0)
        XCTAssertEqual(Color.named.count, 15)
    }

    // MARK: - Descriptions

    func testHexDescription() {
        XCTAssertEqual(Color.red.description, "#ff0000")
        XCTAssertEqual(Color.white.description, "#ffffff")
        XCTAssertEqual(Color.black.description, "#000000")
        XCTAssertEqual(Color.gray.description, "#808080") // 127.5 rounds up
        XCTAssertEqual(Color(red: 1.0 / 255, green: 2.0 / 255, blue: 15.0 / 255).description, "#01020f")
    }

    func testHexDescriptionShowsAlphaOnlyWhenTranslucent() {
        XCTAssertEqual(Color.clear.description, "#00000000")
        XCTAssertEqual(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).description, "#ff800080")
        XCTAssertEqual(Color(red: 0, green: 0, blue: 1, alpha: 1).description, "#0000ff")
    }

    // MARK: - HSL

    func testHSLPrimariesAndSecondaries() {
        assertColor(Color(hue: 0, saturation: 1, lightness: 0.5), 1, 0, 0)
        assertColor(Color(hue: 60, saturation: 1, lightness: 0.5), 1, 1, 0)
        assertColor(Color(hue: 120, saturation: 1, lightness: 0.5), 0, 1, 0)
        assertColor(Color(hue: 180, saturation: 1, lightness: 0.5), 0, 1, 1)
        assertColor(Color(hue: 240, saturation: 1, lightness: 0.5), 0, 0, 1)
        assertColor(Color(hue: 300, saturation: 1, lightness: 0.5), 1, 0, 1)
        assertColor(Color(hue: 30, saturation: 1, lightness: 0.5), 1, 0.5, 0)
    }

    func testHSLGreysBlackAndWhite() {
        assertColor(Color(hue: 77, saturation: 0, lightness: 0.5), 0.5, 0.5, 0.5)
        assertColor(Color(hue: 200, saturation: 1, lightness: 0), 0, 0, 0)
        assertColor(Color(hue: 200, saturation: 1, lightness: 1), 1, 1, 1)
    }

    func testHSLGeneralValue() {
        // C = (1 − |2·0.25 − 1|)·0.5 = 0.25, H' = 3.5, X = C·(1 − |3.5 mod 2 − 1|) = 0.125,
        // (0, X, C) + m where m = 0.25 − C/2 = 0.125.
        assertColor(Color(hue: 210, saturation: 0.5, lightness: 0.25), 0.125, 0.25, 0.375)
        // Light pink: hsl(350, 1, 0.9) → C = 0.2, H' = 5.833, X = 0.2·(1 − |1.833 − 1|) = 0.0333.
        assertColor(Color(hue: 350, saturation: 1, lightness: 0.9), 1, 0.8, 0.8 + 0.2 / 6)
    }

    func testHSLHueWraps() {
        assertColor(Color(hue: 360, saturation: 1, lightness: 0.5), 1, 0, 0)
        assertColor(Color(hue: 480, saturation: 1, lightness: 0.5), 0, 1, 0)
        assertColor(Color(hue: -120, saturation: 1, lightness: 0.5), 0, 0, 1)
        assertColor(Color(hue: .nan, saturation: 1, lightness: 0.5), 1, 0, 0)
        assertColor(Color(hue: .infinity, saturation: 1, lightness: 0.5), 1, 0, 0)
    }

    func testHSLAlphaAndClamping() {
        assertColor(Color(hue: 120, saturation: 2, lightness: 0.5, alpha: 0.25), 0, 1, 0, 0.25)
    }

    // MARK: - Premultiplied

    func testPremultiplying() {
        let p = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).premultiplied()
        XCTAssertEqual(p.red, 0.1, accuracy: 1e-12)
        XCTAssertEqual(p.green, 0.2, accuracy: 1e-12)
        XCTAssertEqual(p.blue, 0.3, accuracy: 1e-12)
        XCTAssertEqual(p.alpha, 0.5, accuracy: 1e-12)
        let bytes = p.rgba8
        XCTAssertEqual([bytes.0, bytes.1, bytes.2, bytes.3], [26, 51, 77, 128]) // 25.5, 51, 76.5, 127.5
    }

    func testPremultipliedRoundTrip() {
        let colours = [Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), .red, .white,
                       Color(red: 0.9, green: 0.1, blue: 0.5, alpha: 0.01), Color(white: 0.3, alpha: 0.75)]
        for c in colours {
            let back = c.premultiplied().unpremultiplied()
            assertColor(back, c.red, c.green, c.blue, c.alpha, accuracy: 1e-12)
        }
    }

    func testFullyTransparentBecomesClear() {
        let transparentRed = Color(red: 1, green: 0, blue: 0, alpha: 0)
        XCTAssertEqual(transparentRed.premultiplied(), PremultipliedColor.clear)
        XCTAssertEqual(transparentRed.premultiplied().unpremultiplied(), .clear)
    }

    func testPremultipliedComponentsAreClampedToAlpha() {
        let p = PremultipliedColor(red: 0.9, green: -0.1, blue: 0.3, alpha: 0.5)
        XCTAssertEqual(p.red, 0.5)
        XCTAssertEqual(p.green, 0)
        XCTAssertEqual(p.blue, 0.3)
        let q = PremultipliedColor(red: 2, green: 2, blue: 2, alpha: 3)
        XCTAssertEqual([q.red, q.green, q.blue, q.alpha], [1, 1, 1, 1])
    }

    func testPremultipliedInterpolation() {
        let a = PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)
        let b = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
        let mid = a.interpolated(to: b, 0.5)
        XCTAssertEqual([mid.red, mid.green, mid.blue, mid.alpha], [0.25, 0, 0.5, 0.75])
        XCTAssertEqual(a.interpolated(to: b, 0), a)
        XCTAssertEqual(a.interpolated(to: b, 1), b)
    }

    func testBytesRoundToNearest() {
        let p = PremultipliedColor(red: 1.0 / 255 * 0.49, green: 1.0 / 255 * 0.51, blue: 1, alpha: 1)
        let bytes = p.rgba8
        XCTAssertEqual([bytes.0, bytes.1, bytes.2, bytes.3], [0, 1, 255, 255])
    }
}

import XCTest
@testable import MaskEngine

/// Text in scripts other than Latin: fallback fonts, colour emoji, right-to-left order.
final class TextScriptsTests: XCTestCase {
    private func textScene(_ string: String, width: Int = 64, height: Int = 64, fontSize: Double = 48) throws -> Scene {
        var scene = blankScene(width, height)
        var state = layerState(.text, frame: Rect(0, 0, Double(width), Double(height)))
        state.string = string
        state.fontSize = fontSize
        state.align = .center
        try scene.addLayer(state)
        return scene
    }

    private func pixels(_ image: Image, where test: (Int, Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let p = image.pixel(x: x, y: y), test(Int(p.r), Int(p.g), Int(p.b)) { n += 1 }
            }
        }
        return n
    }

    func testACJKCharacterComesFromAFallbackFontAndHasInk() throws {
        let line = try TextShaper.shape(["滑"], font: Font.defaultFont(), fontSize: 48)
        let glyph = try XCTUnwrap(line.glyphs.first)
        XCTAssertNotEqual(glyph.glyph, 0, "a CJK font has 滑")
        XCTAssertTrue(glyph.font.path.contains("CJK"), "taken from \(glyph.font.path)")
        XCTAssertTrue(line.missing.isEmpty)
        // 滑 at 48 px is dense: its strokes fill well over 300 of the 64×64 pixels, where
        // DejaVu Sans's missing-glyph box (a thin frame) fills about 150.
        let image = try Renderer(scene: textScene("滑")).render(at: 0)
        XCTAssertGreaterThan(pixels(image) { r, _, _ in r > 128 }, 300)
    }

    func testAnEmojiDrawsInColourAndAsAMaskItsAlphaCounts() throws {
        let image = try Renderer(scene: textScene("😀")).render(at: 0)
        // Noto Color Emoji's face is yellow-orange: red and green high, blue low. White text
        // drawn as an outline could not make it.
        let yellow = pixels(image) { r, g, b in r > 200 && g > 140 && b < 90 }
        XCTAssertGreaterThan(yellow, 400, "the grinning face is yellow")

        // As a mask, its alpha (not its colour) gates a white layer.
        var scene = blankScene(64, 64)
        let white = try scene.addLayer(layerState(.plain, frame: Rect(0, 0, 64, 64), background: .white))
        var mask = layerState(.text, frame: Rect(0, 0, 64, 64))
        mask.string = "😀"
        mask.fontSize = 48
        mask.align = .center
        let maskID = try scene.addLayer(mask)
        try scene.setMask(maskID, of: white)
        let masked = try Renderer(scene: scene).render(at: 0)
        XCTAssertGreaterThan(pixels(masked) { r, g, b in r > 250 && g > 250 && b > 250 }, 900, "opaque emoji pixels let white through")
        assertPixel(masked, 1, 1, [0, 0, 0, 255], tolerance: 0)
    }

    func testTheFirstLogicalCharacterOfRightToLeftTextIsOnTheRight() throws {
        let font = try Font.defaultFont()
        let alef = try XCTUnwrap(TextShaper.shape(["א"], font: font, fontSize: 48).glyphs.first).glyph
        let bet = try XCTUnwrap(TextShaper.shape(["ב"], font: font, fontSize: 48).glyphs.first).glyph
        let line = try TextShaper.shape(Array("אב".unicodeScalars), font: font, fontSize: 48)
        XCTAssertEqual(line.glyphs.map(\.glyph), [bet, alef], "left to right on screen: bet, then alef")
        XCTAssertGreaterThan(try XCTUnwrap(line.glyphs.last).x, try XCTUnwrap(line.glyphs.first).x)
    }

    func testNumbersAndLatinKeepTheirOrderInsideRightToLeftText() throws {
        let font = try Font.defaultFont()
        func glyph(_ s: Unicode.Scalar) throws -> UInt32 {
            try XCTUnwrap(TextShaper.shape([s], font: font, fontSize: 20).glyphs.first).glyph
        }
        // Logical "א 12 ב": a right-to-left paragraph, so on screen "ב 12 א".
        let line = try TextShaper.shape(Array("א 12 ב".unicodeScalars), font: font, fontSize: 20)
        let visual = line.glyphs.map(\.glyph)
        XCTAssertEqual(visual, [try glyph("ב"), try glyph(" "), try glyph("1"), try glyph("2"), try glyph(" "), try glyph("א")])
    }

    func testArabicLettersJoin() throws {
        let font = try Font.defaultFont()
        let isolated = try XCTUnwrap(TextShaper.shape(["ب"], font: font, fontSize: 20).glyphs.first).glyph
        let joined = try TextShaper.shape(Array("بب".unicodeScalars), font: font, fontSize: 20)
        XCTAssertEqual(joined.glyphs.count, 2)
        XCTAssertFalse(joined.glyphs.contains { $0.glyph == isolated }, "both beh take their joining forms")
    }

    func testAnEmojiSequenceIsOneGlyph() throws {
        let font = try Font.defaultFont()
        for sequence in ["👨‍👩‍👧", "👍🏽", "🇯🇵"] {
            let line = try TextShaper.shape(Array(sequence.unicodeScalars), font: font, fontSize: 48)
            XCTAssertEqual(line.glyphs.count, 1, "\(sequence) is one glyph")
            XCTAssertTrue(try XCTUnwrap(line.glyphs.first).font.hasColor)
        }
    }

    func testACharacterNoFontHasIsReportedAndDrawsTheBox() throws {
        let font = try Font.defaultFont()
        XCTAssertEqual(font.missingCharacters(in: "a\u{E000}b\u{E000}滑"), ["\u{E000}"])
        XCTAssertEqual(font.missingCharacters(in: "滑动解锁 مرحبا 😀"), [])
        XCTAssertFalse(try TextLayout.path(for: {
            var s = LayerState(kind: .text)
            s.string = "\u{E000}"
            s.size = Size(100, 100)
            return s
        }()).elements.isEmpty, "the missing-glyph box is drawn")
    }

    func testFontsByFamilyStyleWordsAndCollectionFace() throws {
        XCTAssertTrue(try Font.named("Noto Sans CJK SC").path.hasSuffix("NotoSansCJK-Regular.ttc"))
        XCTAssertEqual(try Font.named("Noto Sans CJK SC").faceIndex, 2)
        XCTAssertTrue(try Font.named("DejaVu Sans Bold Oblique").path.hasSuffix("DejaVuSans-BoldOblique.ttf"))
        let face = try Font.named("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#1")
        XCTAssertEqual(face.faceIndex, 1)
        XCTAssertThrowsError(try Font.named("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#99")) { error in
            XCTAssertTrue("\(error)".contains("no face 99"), "\(error)")
        }
        XCTAssertEqual(FontDescription("DejaVu Sans Semi-Bold Italic").family, "DejaVu Sans")
        XCTAssertEqual(FontDescription("Bold").family, "Bold", "a lone style word is a family")
    }
}

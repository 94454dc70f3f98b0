import XCTest
@testable import MaskEngine

final class TextTests: XCTestCase {
    private func textState(_ string: String, size: Size, fontSize: Double = 100,
                           align: TextAlignment = .left) -> LayerState {
        var state = LayerState(kind: .text)
        state.string = string
        state.size = size
        state.fontSize = fontSize
        state.align = align
        return state
    }

    private func bounds(_ path: Path, file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        try XCTUnwrap(path.controlBounds, "the path is empty", file: file, line: line)
    }

    // MARK: - Glyphs

    func testGlyphOfHHasSensibleBoundsAtSize100() throws {
        let path = try TextLayout.path(for: textState("H", size: Size(200, 200)))
        let b = try bounds(path)
        // DejaVu Sans: H is 1493 units tall of a 2048 em (≈ 72.9 px at 100 px), and its left
        // stem starts ≈ 9.8 px after the pen. It is one closed contour.
        XCTAssertEqual(b.height, 72.9, accuracy: 1)
        XCTAssertEqual(b.minX, 9.6, accuracy: 1)
        XCTAssertGreaterThan(b.width, 55)
        XCTAssertLessThan(b.width, 75)
        XCTAssertEqual(path.elements.first.map { if case .move = $0 { true } else { false } }, true)
        XCTAssertEqual(path.elements.last, .close)
        XCTAssertEqual(path.elements.filter { $0 == .close }.count, 1)
    }

    /// Glyphs that cannot reach the visible rectangle are left out, and only those.
    func testGlyphsOutsideTheVisibleRectangleAreLeftOut() throws {
        let state = textState(String(repeating: "Hello ", count: 2_000) + "\nmore", size: Size(200, 200), fontSize: 20)
        let all = try TextLayout.path(for: state)
        let visible = Rect(0, 0, 200, 200)
        let culled = try TextLayout.path(for: state, visible: visible)
        XCTAssertLessThan(culled.elements.count * 50, all.elements.count)
        let pixels = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)
        func inside(_ p: Path) -> [UInt8]? {
            Rasterizer.coverage(of: p, transform: .identity, fillRule: .nonzero, clip: pixels)?.denseValues()
        }
        XCTAssertNotNil(inside(culled))
        XCTAssertEqual(inside(culled), inside(all))
    }

    func testOutlinesUseCurvesForRoundGlyphs() throws {
        let path = try TextLayout.path(for: textState("o", size: Size(100, 100)))
        let curves = path.elements.filter { if case .quad = $0 { true } else { false } }
        XCTAssertFalse(curves.isEmpty, "TrueType 'o' should be made of quadratic curves")
        XCTAssertEqual(path.elements.filter { $0 == .close }.count, 2, "'o' has an outer and an inner contour")
    }

    func testGlyphsAreUprightInYDownCoordinates() throws {
        // The top of "T" is its horizontal bar: the widest part should be near minY.
        let path = try TextLayout.path(for: textState("T", size: Size(200, 200)))
        let b = try bounds(path)
        var topXs: [Double] = []
        for case let .line(p) in path.elements where abs(p.y - b.minY) < 0.5 { topXs.append(p.x) }
        for case let .move(p) in path.elements where abs(p.y - b.minY) < 0.5 { topXs.append(p.x) }
        let topWidth = (topXs.max() ?? 0) - (topXs.min() ?? 0)
        XCTAssertEqual(topWidth, b.width, accuracy: 1, "the bar of T is at the top")
    }

    func testFractionalFontSizesScaleExactly() throws {
        let font = try Font.defaultFont()
        let small = try TextLayout.measure("Hello", font: font, fontSize: 10)
        let fractional = try TextLayout.measure("Hello", font: font, fontSize: 17.5)
        XCTAssertEqual(fractional.width, small.width * 1.75, accuracy: 1e-9)
        XCTAssertEqual(fractional.height, small.height * 1.75, accuracy: 1e-9)
    }

    func testKerningNarrowsAV() throws {
        let font = try Font.defaultFont()
        let pair = try TextLayout.measure("AV", font: font, fontSize: 100).width
        let apart = try TextLayout.measure("A", font: font, fontSize: 100).width
            + TextLayout.measure("V", font: font, fontSize: 100).width
        XCTAssertLessThan(pair, apart - 1, "DejaVu Sans kerns A and V together")
    }

    func testMissingGlyphDrawsNotdef() throws {
        // U+E000 is a private-use character DejaVu Sans does not map.
        let path = try TextLayout.path(for: textState("\u{E000}", size: Size(200, 200)))
        XCTAssertFalse(path.elements.isEmpty)
        XCTAssertGreaterThan(try TextLayout.measure(textState("\u{E000}", size: .zero)).width, 0)
    }

    func testRepeatedLayoutUsesTheCache() throws {
        // A face of its own, not the shared one other tests have drawn with.
        let font = try Font(path: Font.named(Font.defaultFamily).path)
        let cachedCount = { font.withFace { _ in font.outlineCache.outlines.count } }
        XCTAssertEqual(cachedCount(), 0)
        var state = textState("cache me", size: Size(400, 100))
        state.font = font
        state.fontSize = 30
        _ = try TextLayout.path(for: state)
        XCTAssertEqual(cachedCount(), 6, "one outline per distinct glyph: c a h e space m")
        let first = try TextLayout.measure(state)
        state.fontSize = 60
        _ = try TextLayout.path(for: state)
        XCTAssertEqual(cachedCount(), 6, "another size reuses the same outlines")
        XCTAssertEqual(try TextLayout.measure(state).width, 2 * first.width, accuracy: 1e-9)
    }

    // MARK: - Layout

    func testSingleLineBlockIsCentredVertically() throws {
        let state = textState("Hxg", size: Size(300, 200), fontSize: 50)
        let measured = try TextLayout.measure(state)
        let font = try Font.defaultFont()
        let metrics = try font.metrics()
        let scale = 50 / metrics.unitsPerEm
        XCTAssertEqual(measured.height, metrics.lineHeight * scale, accuracy: 1e-9)
        // The baseline is one ascender below the top of the centred block: H sits on it.
        let top = (200 - measured.height) / 2
        let baseline = top + metrics.ascender * scale
        let h = try bounds(TextLayout.path(for: textState("H", size: Size(300, 200), fontSize: 50)))
        XCTAssertEqual(h.maxY, baseline, accuracy: 1)
        // The block (from top to top + height) is centred within ±1 px.
        XCTAssertEqual(top + measured.height / 2, 100, accuracy: 1)
    }

    func testNewlineMakesTwoLines() throws {
        let one = try TextLayout.measure(textState("H", size: Size(200, 300)))
        let two = try TextLayout.measure(textState("H\nH", size: Size(200, 300)))
        XCTAssertEqual(two.height, 2 * one.height, accuracy: 1e-9)
        XCTAssertEqual(two.width, one.width, accuracy: 1e-9)

        let path = try TextLayout.path(for: textState("H\nH", size: Size(200, 300)))
        XCTAssertEqual(path.elements.filter { $0 == .close }.count, 2)
        let b = try bounds(path)
        // Two H's one line apart, and the pair centred vertically.
        XCTAssertEqual(b.height, one.height + 72.9, accuracy: 1)
        let cap = try bounds(TextLayout.path(for: textState("H", size: Size(200, 300))))
        XCTAssertEqual(b.minY, cap.minY - one.height / 2, accuracy: 1e-6)
    }

    func testCarriageReturnBeforeNewlineIsIgnored() throws {
        let lf = try TextLayout.path(for: textState("A\nB", size: Size(200, 300)))
        let crlf = try TextLayout.path(for: textState("A\r\nB", size: Size(200, 300)))
        XCTAssertEqual(lf.elements, crlf.elements)
    }

    func testAlignment() throws {
        let size = Size(400, 150)
        let width = try TextLayout.measure(textState("Hi", size: size)).width
        let left = try bounds(TextLayout.path(for: textState("Hi", size: size, align: .left)))
        let center = try bounds(TextLayout.path(for: textState("Hi", size: size, align: .center)))
        let right = try bounds(TextLayout.path(for: textState("Hi", size: size, align: .right)))
        XCTAssertEqual(center.minX - left.minX, (400 - width) / 2, accuracy: 1e-6)
        XCTAssertEqual(right.minX - left.minX, 400 - width, accuracy: 1e-6)
        // Right-aligned text ends near the right edge (the "i" has a little side bearing).
        XCTAssertLessThanOrEqual(right.maxX, 400)
        XCTAssertGreaterThan(right.maxX, 400 - 15)
        XCTAssertLessThan(left.minX, 15)
    }

    func testEachLineIsAlignedOnItsOwn() throws {
        let path = try TextLayout.path(for: textState("I\nIIII", size: Size(400, 300), align: .right))
        let ends = path.elements.compactMap { e -> Double? in if case let .line(p) = e { p.x } else { nil } }
        XCTAssertEqual(ends.max() ?? 0, 400, accuracy: 40)
        // The single I of the first line sits at the right, not the left.
        let firstLine = try bounds(TextLayout.path(for: textState("I", size: Size(400, 300), align: .right)))
        XCTAssertGreaterThan(firstLine.minX, 300)
    }

    func testEmptyStringIsEmptyPath() throws {
        XCTAssertEqual(try TextLayout.path(for: textState("", size: Size(100, 100))).elements, [])
        XCTAssertEqual(try TextLayout.measure(textState("", size: Size(100, 100))), .zero)
    }

    // MARK: - Fonts

    func testMissingFontIsNotFoundNamingIt() {
        XCTAssertThrowsError(try Font.named("No Such Font Family")) { error in
            XCTAssertEqual(error as? FontError, .notFound("No Such Font Family"))
            XCTAssertTrue("\(error)".contains("No Such Font Family"))
        }
        XCTAssertThrowsError(try Font(path: "/nonexistent/font.ttf")) { error in
            XCTAssertEqual(error as? FontError, .notFound("/nonexistent/font.ttf"))
        }
    }

    /// A file that is no font is refused in FreeType's words, not only its code.
    func testAnUnreadableFontSaysWhyInWords() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try Font(path: path)) { error in
            XCTAssertEqual(error as? FontError,
                           .unreadable(path: path, reason: "not a font FreeType can read: unknown file format (FreeType error 2)"))
        }
    }

    func testFamilyNamesFindHyphenatedFiles() throws {
        XCTAssertTrue(try Font.named("DejaVu Serif Bold").path.hasSuffix("/DejaVuSerif-Bold.ttf"))
        XCTAssertTrue(try Font.named("dejavu sans mono").path.hasSuffix("/DejaVuSansMono.ttf"))
        XCTAssertThrowsError(try Font.named("Helvetica Neue")) { error in
            XCTAssertEqual(error as? FontError, .notFound("Helvetica Neue"))
        }
    }

    func testDefaultFontIsLoadedOnce() throws {
        let a = try Font.defaultFont(), b = try Font.defaultFont()
        XCTAssertTrue(a === b)
        XCTAssertEqual(a.name, Font.defaultFamily)
    }

    func testExplicitFontIsUsed() throws {
        var state = textState("Hello", size: Size(600, 200))
        let sans = try TextLayout.measure(state)
        state.font = try Font.named("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        let mono = try TextLayout.measure(state)
        XCTAssertNotEqual(sans.width, mono.width)
        // Every DejaVu Sans Mono glyph advances 1233 units of 2048.
        XCTAssertEqual(mono.width, 5 * 1233 * 100 / 2048, accuracy: 1e-6)
    }
}

import XCTest
@testable import MaskEngine

/// A render thread's memo of its text layouts answers as `TextLayout` does however the text
/// changes between frames, and a label whose outlines' box decides the clip does not cut it
/// draws what a fresh render draws.
final class TextLayoutMemoTests: XCTestCase {
    private func colrText(_ string: String) throws -> LayerState {
        var s = layerState(.text, frame: Rect(0, 0, 128, 100))
        s.string = string
        s.font = try Font.named(ColorLayerGlyphTests.fontPath)
        s.fontSize = 100
        return s
    }

    /// Each state in turn, asked of one memo, against `TextLayout` itself.
    private func assertSameAnswers(_ states: [(String, LayerState)], file: StaticString = #filePath, line: UInt = #line) throws {
        let memo = TextLayoutMemo()
        for _ in 0..<2 {
            for (what, s) in states {
                let (colour, outlineBox, drawnBox) = withUnsafePointer(to: s) { (memo.hasColorGlyphs($0), memo.outlineBounds($0), memo.bounds($0)) }
                XCTAssertEqual(colour, TextLayout.hasColorGlyphs(s), what, file: file, line: line)
                let box = try XCTUnwrap(outlineBox, what, file: file, line: line)
                XCTAssertEqual(box, try TextLayout.path(for: s).controlBounds, what, file: file, line: line)
                let all = try XCTUnwrap(drawnBox, what, file: file, line: line)
                XCTAssertEqual(all, try TextLayout.bounds(for: s), what, file: file, line: line)
            }
        }
    }

    func testAnswersFollowTheStringFontSizeAndBounds() throws {
        let colour = try colrText("AC")
        var otherString = colour
        otherString.string = "CC"
        var defaultFont = colour
        defaultFont.font = nil
        var noSize = colour
        noSize.fontSize = 0
        var smaller = colour
        smaller.fontSize = 50
        var narrow = colour
        narrow.string = "CA"
        narrow.truncation = .end
        narrow.size = Size(80, 100)
        var wide = narrow
        wide.size = Size(400, 100)
        var right = wide
        right.align = .right
        var lower = wide
        lower.size = Size(400, 300)
        let states = [("COLR", colour), ("string", otherString), ("font", defaultFont), ("size 0", noSize),
                      ("size 50", smaller), ("narrow", narrow), ("wide", wide), ("right", right), ("taller", lower)]
        // The cases differ where they should, or the comparison above would prove little.
        XCTAssertEqual(states.map { TextLayout.hasColorGlyphs($0.1) }, [true, false, false, false, true, false, true, true, true])
        try assertSameAnswers(states)
    }

    /// Two labels a whole number of pixels apart, so at the same fraction of a pixel in
    /// every frame, slide across the canvas's left and right edges: one is cut while the
    /// other is not. Each frame is what a renderer that never drew before draws, and each
    /// label is drawn as it is alone.
    func testLabelsMovingAcrossTheClipEdgeDrawAsAFreshRender() throws {
        func scene(_ starts: [Double]) throws -> Scene {
            var scene = blankScene(240, 60)
            for x in starts {
                var text = layerState(.text, frame: Rect(x + 0.2373, 10, 60, 30))
                text.string = "Wg"
                text.fontSize = 20
                text.textColor = .white
                let id = try scene.addLayer(text)
                try scene.animate(Animation(layer: id, key: .position, keyframes: [.point(Point(x + 200.2373, 25))],
                                            begin: 0, duration: 1))
            }
            return scene
        }
        let both = try scene([-30, 90]), first = try scene([-30]), second = try scene([90])
        let renderer = Renderer(scene: both)
        let buffers = RenderBuffers()
        for k in 0..<10 {
            let reused = try renderer.renderFrame(k, using: buffers) { $0 }
            let fresh = try Renderer(scene: both).renderFrame(k, using: RenderBuffers()) { $0 }
            XCTAssertEqual(reused.pixels, fresh.pixels, "frame \(k)")
            // White on black, never overlapping: the two labels' frame is the brighter of theirs alone.
            let alone = try [first, second].map { try Renderer(scene: $0).renderFrame(k, using: RenderBuffers()) { $0 }.pixels }
            XCTAssertEqual(reused.pixels, zip(alone[0], alone[1]).map(max), "frame \(k)")
        }
    }

    /// The memo's outlines, cut to any visible rectangle, are `TextLayout`'s path for it:
    /// the glyphs that can reach it, in order. A coverage made again (a label at another
    /// fraction of a pixel, or cut by another clip) takes them, without the font's lock.
    func testPlacedOutlinesCutAsTheLayoutDoes() throws {
        var lines = layerState(.text, frame: Rect(0, 0, 300, 200))
        lines.string = "Wrapped lines of text,\nand a second paragraph"
        lines.wrapped = true
        lines.fontSize = 30
        var colour = try colrText("ACA")
        colour.align = .center
        var empty = lines
        empty.fontSize = 0
        let memo = TextLayoutMemo()
        var random = SplitMix(seed: 0x7E47)
        for (what, s) in [("lines", lines), ("COLR", colour), ("size 0", empty)] {
            let outlines = try XCTUnwrap(withUnsafePointer(to: s) { memo.outlines($0) }, what)
            XCTAssertEqual(outlines.path(visible: nil), try TextLayout.path(for: s), what)
            for _ in 0..<200 {
                let x = Double(random.next() % 400) - 50, y = Double(random.next() % 300) - 50
                let visible = Rect(x, y, Double(random.next() % 120), Double(random.next() % 90))
                XCTAssertEqual(outlines.path(visible: visible), try TextLayout.path(for: s, visible: visible), "\(what) \(visible)")
            }
        }
        // Some rectangles leave glyphs out, or the comparison above would prove little.
        let all = try XCTUnwrap(withUnsafePointer(to: lines) { memo.outlines($0) }).path(visible: nil).elements.count
        XCTAssertLessThan(try TextLayout.path(for: lines, visible: Rect(0, 0, 40, 40)).elements.count, all)
    }

    /// The memo tells the text it was last asked about by comparing keys first: texts asked
    /// about in turn get their own answers, whichever question comes first, and a text asked
    /// about right after a new one was kept (which may move every kept text) too.
    func testAlternatingTextsGetTheirOwnAnswers() throws {
        let colour = try colrText("AC")
        var states = [colour]
        for size in stride(from: 40.0, through: 140, by: 20) {
            var plain = colour
            plain.string = "CCC"
            plain.fontSize = size
            states.append(plain)
        }
        for width in stride(from: 300.0, through: 460, by: 40) {
            var wider = colour
            wider.size = Size(width, 100)
            wider.align = .right
            states.append(wider)
        }
        let expected = try states.map { s in (TextLayout.hasColorGlyphs(s), try TextLayout.path(for: s).controlBounds, try TextLayout.bounds(for: s)) }
        // The texts differ in the boxes asked below, or swapped answers would go unseen.
        for i in states.indices {
            for j in states.indices where j != i {
                XCTAssertTrue(expected[i].1 != expected[j].1 && expected[i].2 != expected[j].2, "\(i) and \(j) alike")
            }
        }
        XCTAssertNotEqual(expected[0].0, expected[1].0)
        let memo = TextLayoutMemo()
        /// Asks one question of text `k` and checks its answer.
        func ask(_ question: UInt64, of k: Int, _ what: String) throws {
            try withUnsafePointer(to: states[k]) { s in
                switch question % 3 {
                case 0: XCTAssertEqual(memo.hasColorGlyphs(s), expected[k].0, "\(what): colour of text \(k)")
                case 1: XCTAssertEqual(try XCTUnwrap(memo.outlineBounds(s)), expected[k].1, "\(what): outlines of text \(k)")
                default: XCTAssertEqual(try XCTUnwrap(memo.bounds(s)), expected[k].2, "\(what): box of text \(k)")
                }
            }
        }
        // A text, a new one, the first again: the memo's last text, when the new one was
        // kept, was the first.
        for k in 1..<states.count {
            try ask(UInt64(k), of: k - 1, "before new")
            try ask(UInt64(k), of: k, "new")
            try ask(UInt64(k), of: k - 1, "after new")
        }
        var random = SplitMix(seed: 0xA17E_2A7E)
        for round in 0..<600 {
            try ask(random.next(), of: Int(random.next() % UInt64(states.count)), "round \(round)")
        }
    }
}

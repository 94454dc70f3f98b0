import XCTest
@testable import MaskEngine

/// The gallery sheet of Examples/text_scripts.mask, small: one line per script, drawn with
/// the fonts Debian's fonts-noto-cjk, fonts-noto-core, fonts-noto-color-emoji and
/// fonts-dejavu-core give (the README's set-up installs them).
final class TextScriptsGoldenTests: XCTestCase {
    static let lines: [(text: String, font: String?, align: TextAlignment)] = [
        ("中文 滑动解锁", "Noto Sans CJK SC", .left),
        ("日本語 こんにちは", "Noto Sans CJK JP", .left),
        ("한국어 안녕하세요", "Noto Sans CJK KR", .left),
        ("مرحبا بالعالم", nil, .right),
        ("שלום עולם 123", nil, .right),
        ("नमस्ते दुनिया", nil, .left),
        ("สวัสดีชาวโลก", nil, .left),
        ("👨‍👩‍👧 👍🏽 🇯🇵 😀", nil, .left),
        ("Ångström ẹ́ n̈ office", nil, .left),
    ]

    func testOneLinePerScript() throws {
        var scene = Scene(canvas: Canvas(width: 128, height: 162, background: Color(red: 0.06, green: 0.06, blue: 0.09)))
        for (k, line) in Self.lines.enumerated() {
            var state = LayerState(kind: .text)
            state.frame = Rect(4, Double(k) * 18, 120, 18)
            state.string = line.text
            state.font = try line.font.map(Font.named)
            state.fontSize = 12
            state.align = line.align
            try scene.addLayer(state)
        }
        // Tolerance 2: the sheet is drawn by the engine alone, so only a change of the
        // rasterizer's rounding may move a channel, never a glyph.
        assertGolden(try Renderer(scene: scene).render(at: 0), named: "text-scripts", tolerance: 2)
    }
}

import Foundation
import XCTest
@testable import MaskEngine

/// Text laid out and drawn by the engine beside the same string drawn by Pango
/// (`pango-view` from Debian's `pango1.0-tools`, run as a user would), same font, 48 px,
/// unhinted with sub-pixel positions (what the engine does): the line's advance width and
/// its ink bounds agree within 1 px, and so do the glyphs' coverage.
final class PangoComparisonTests: XCTestCase {
    /// What Pango reports and draws for one string.
    private struct PangoLine {
        let advance: Double
        /// The height of the block of lines.
        let height: Double
        let image: Image
    }

    private static let margin = 10

    private func pango(_ text: String, font: String) throws -> PangoLine {
        let tool = "/usr/bin/pango-view"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw XCTSkip("pango-view is not installed (Debian package pango1.0-tools); the comparison with Pango is skipped")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("line.png").path, json = folder.appendingPathComponent("line.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--no-display", "--dpi=72", "--font=\(font) 48", "--hinting=none", "--hint-metrics=off",
                             "--subpixel-positions", "--antialias=gray", "--foreground=white", "--background=black",
                             "--margin=\(PangoComparisonTests.margin)", "--output=\(png)", "--serialize-to=\(json)", "--text=\(text)"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "pango-view failed")
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let output = try XCTUnwrap(layout?["output"] as? [String: Any])
        let width = try XCTUnwrap(output["width"] as? Double), height = try XCTUnwrap(output["height"] as? Double)
        return PangoLine(advance: width / 1024, height: height / 1024, image: try Image(contentsOfFile: png))
    }

    /// The engine's drawing of the same line, white on black on a canvas of `size`, the
    /// pen starting at the margin as Pango's does, the line `shift` pixels lower.
    private func engine(_ text: String, font: String, width: Int, height: Int,
                        shift: Double = 0) throws -> (advance: Double, height: Double, image: Image) {
        var scene = blankScene(width, height)
        var state = layerState(.text, frame: Rect(Double(PangoComparisonTests.margin), shift, Double(width), Double(height)))
        state.string = text
        state.font = try Font.named(font)
        state.fontSize = 48
        state.textColor = .white
        try scene.addLayer(state)
        let size = try TextLayout.measure(state)
        return (size.width, size.height, try Renderer(scene: scene).render(at: 0))
    }

    /// The box of pixels brighter than `threshold` (of 255), as x0, y0, x1, y1 (exclusive).
    private func ink(_ image: Image, threshold: Int = 0) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y), Int(max(p.r, p.g, p.b)) > threshold else { continue }
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
            }
        }
        return box
    }

    private func brightness(_ image: Image, _ x: Int, _ y: Int) -> Int {
        guard let p = image.pixel(x: x, y: y) else { return 0 }
        return Int(max(p.r, p.g, p.b))
    }

    /// Compares one string: advance, ink box (left and right edges where they lie, height
    /// where the line is placed differently), and the coverage of the glyphs with the two
    /// ink boxes' top-left corners put together.
    private func compare(_ text: String, font: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = try pango(text, font: font)
        let ours = try engine(text, font: font, width: reference.image.width, height: reference.image.height)
        XCTAssertEqual(ours.advance, reference.advance, accuracy: 1, "advance width of \"\(text)\"", file: file, line: line)
        // A pixel counts as ink above 1/8 coverage: the faint fringe antialiasing leaves
        // differs between rasterizers by a pixel without the glyphs differing.
        let p = try XCTUnwrap(ink(reference.image, threshold: 32), file: file, line: line)
        let o = try XCTUnwrap(ink(ours.image, threshold: 32), "the engine drew nothing for \"\(text)\"", file: file, line: line)
        XCTAssertEqual(Double(o.x0), Double(p.x0), accuracy: 1, "ink left of \"\(text)\"", file: file, line: line)
        XCTAssertEqual(Double(o.x1), Double(p.x1), accuracy: 1, "ink right of \"\(text)\"", file: file, line: line)
        XCTAssertEqual(Double(o.y1 - o.y0), Double(p.y1 - p.y0), accuracy: 1, "ink height of \"\(text)\"", file: file, line: line)
        // Coverage: the sum of absolute differences over the sum of the larger values, with
        // the engine's line lowered by an eighth of a pixel at a time and the ink tops matched to
        // the pixel (Pango puts the baseline at the line's ascent, the engine centres the
        // line in its bounds, so their vertical sub-pixel phases differ), the best of the
        // eight. Both draw the same unhinted outlines at the same horizontal positions, so
        // what is left is each rasterizer's rounding of area coverage (cairo's and ours
        // differ most on thin diagonal strokes) and a sixteenth of a pixel of vertical phase:
        // measured here at 0.02 (CJK) to 0.10 (Latin and CJK fallback). 0.15 fails for any glyph that is wrong, missing or moved
        // by half a pixel or more (a different glyph scores above 0.5).
        var mismatch = Double.infinity
        for shift in stride(from: 0.0, to: 1, by: 0.125) {
            let shifted = try engine(text, font: font, width: reference.image.width, height: reference.image.height, shift: shift)
            guard let o = ink(shifted.image, threshold: 32) else { continue }
            let dy = p.y0 - o.y0
            var difference = 0, total = 0
            for y in min(p.y0, o.y0 + dy)..<max(p.y1, o.y1 + dy) {
                for x in min(p.x0, o.x0)..<max(p.x1, o.x1) {
                    let a = brightness(reference.image, x, y), b = brightness(shifted.image, x, y - dy)
                    difference += abs(a - b)
                    total += max(a, b)
                }
            }
            mismatch = min(mismatch, Double(difference) / Double(max(total, 1)))
        }
        XCTAssertLessThan(mismatch, 0.15, "coverage of \"\(text)\" differs from Pango's by \(mismatch)", file: file, line: line)
    }

    func testLatinWithKerningAndLigaturesMatchesPango() throws {
        try compare("AVAWAY Tofu, office", font: "DejaVu Sans")
    }

    func testCombiningMarksMatchPango() throws {
        try compare("ẹ́ n̈ é a\u{0301}\u{0323}", font: "DejaVu Sans")
    }

    func testArabicJoiningAndRightToLeftMatchPango() throws {
        try compare("مرحبا بالعالم", font: "DejaVu Sans")
    }

    func testHebrewWithNumbersMatchesPango() throws {
        try compare("שלום 123 עולם", font: "DejaVu Sans")
    }

    func testDevanagariConjunctsMatchPango() throws {
        try compare("नमस्ते क्षत्रिय", font: "Noto Sans Devanagari")
    }

    func testChineseMatchesPango() throws {
        try compare("滑动解锁", font: "Noto Sans CJK SC")
    }

    func testThaiMatchesPango() throws {
        try compare("สวัสดีครับ", font: "Noto Sans Thai")
    }

    func testFallbackFromLatinToCJKMatchesPango() throws {
        try compare("Slide 滑动", font: "DejaVu Sans")
    }

    /// A line is as tall as the tallest font its glyphs come from, as in Pango: a line of
    /// DejaVu Sans with a CJK fallback character takes Noto Sans CJK's ascender and
    /// descender (69.5 px at 48 px against DejaVu's 55.9). Pango rounds each line's ascent
    /// and descent up to whole pixels, so its lines are up to 2 px taller; the ink, with
    /// both blocks centred alike, lies within 1.5 px of Pango's.
    func testALineIsAsTallAsItsTallestFontAsInPango() throws {
        for text in ["Slide", "滑动", "Slide 滑动", "Slide 😀", "Slide\n滑动\nab", "ab\n\nSlide 滑动"] {
            let reference = try pango(text, font: "DejaVu Sans")
            let ours = try engine(text, font: "DejaVu Sans", width: reference.image.width, height: reference.image.height)
            let lines = Double(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            XCTAssertGreaterThanOrEqual(reference.height - ours.height, -0.01, "height of \"\(text)\"")
            XCTAssertLessThanOrEqual(reference.height - ours.height, 2 * lines, "height of \"\(text)\"")
            let p = try XCTUnwrap(ink(reference.image, threshold: 32)), o = try XCTUnwrap(ink(ours.image, threshold: 32))
            XCTAssertEqual(Double(o.y0), Double(p.y0), accuracy: 1.5, "ink top of \"\(text)\"")
            XCTAssertEqual(Double(o.y1), Double(p.y1), accuracy: 1.5, "ink bottom of \"\(text)\"")
        }
    }
}

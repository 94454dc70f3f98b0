import Foundation
import XCTest

/// A character no installed font has is never silent: `check` and `render` warn at the
/// `string:` value, name the character and the fonts tried, and still succeed.
final class TextWarningTests: MaskCLITestCase {
    private let script = """
        canvas { size: [40, 20]; background: black }
        text label {
          frame: [0, 0, 40, 20]
          string: "滑\\u{E000}"
        }

        """

    func testCheckAndRenderWarnAtTheStringNamingTheCharacterAndFonts() throws {
        try write(script, to: "missing.mask")
        for arguments in [["check", "missing.mask"], ["render", "missing.mask", "--at", "0", "-o", "frame.png"]] {
            let run = try MaskProcess.run(arguments, in: url(""))
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("missing.mask:4:11: warning: no installed font has U+E000 (tried DejaVu Sans and "),
                          run.stderr)
            XCTAssertTrue(run.stderr.contains("missing-glyph box"), run.stderr)
            XCTAssertTrue(run.stderr.contains("    4 |   string: \"滑\\u{E000}\""), run.stderr)
            XCTAssertFalse(run.stderr.contains("U+6ED1"), "滑 comes from a fallback font: \(run.stderr)")
        }
    }

    func testAStringSetInAnImportedFunctionIsReportedInThatFile() throws {
        try write("fn label(s) {\n  text t { string: s }\n  return t\n}\n", to: "lib.mask")
        try write("import \"lib.mask\" as lib\ncanvas { size: [40, 20] }\nlib.label(\"\\u{E000}\")\n", to: "main.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("lib.mask:2:20: warning: no installed font has U+E000"), run.stderr)
        XCTAssertFalse(run.stderr.contains(" | "), "no line of main.mask under a place in lib.mask: \(run.stderr)")
    }

    func testAColourGlyphOnlyCOLRVersion1DescribesIsReported() throws {
        let font = RepositoryRoot.url.appendingPathComponent("Tests/Fonts/ColrTest.ttf").path
        try write(script.replacingOccurrences(of: "滑\\u{E000}", with: "ABCB")
            .replacingOccurrences(of: "  string:", with: "  font: \"\(font)\"\n  string:"), to: "colr.mask")
        let run = try mask("check", "colr.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("colr.mask:5:11: warning: the colour glyph of U+0042 is COLR version 1 "
                                           + "(gradients and transforms), which is not drawn in colour"), run.stderr)
        XCTAssertFalse(run.stderr.contains("U+0041"), "A's COLR layers are drawn: \(run.stderr)")
    }

    func testTextEveryFontCoversIsQuiet() throws {
        try write(script.replacingOccurrences(of: "\\u{E000}", with: "动 مرحبا 😀"), to: "fine.mask")
        let run = try mask("check", "fine.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
    }
}

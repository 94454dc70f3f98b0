import XCTest
@testable import MaskScript

final class DiagnosticRendererTests: XCTestCase {
    private func location(_ file: SourceFile, line: Int, column: Int) -> SourceLocation {
        var offset = 0
        for _ in 1..<line {
            while offset < file.scalars.count, file.scalars[offset] != "\n" { offset += 1 }
            offset += 1
        }
        return file.location(at: offset + column - 1)
    }

    func testRendersLikeTheStyleGuide() {
        let file = SourceFile(name: "scene.mask", text: "a\nb\nc\n    circle(50, 50\n")
        let at = SourceRange(at: location(file, line: 4, column: 18))
        let diagnostic = Diagnostic(.error, "expected `)` after arguments", at: at, in: "scene.mask")
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, source: file), """
        scene.mask:4:18: error: expected `)` after arguments
            4 |     circle(50, 50
              |                  ^
        """)
    }

    func testUnderlinesARangeOnOneLine() {
        let file = SourceFile(name: "s.mask", text: "print(foo)")
        let range = SourceRange(start: file.location(at: 6), end: file.location(at: 9))
        let diagnostic = Diagnostic(.error, "unknown name `foo`", at: range, in: "s.mask")
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, source: file), """
        s.mask:1:7: error: unknown name `foo`
            1 | print(foo)
              |       ^~~
        """)
    }

    /// CJK characters and emoji take two terminal cells, a combining mark none: the column
    /// counts cells, and the caret stands under the name however wide the text before it.
    func testTheCaretStandsUnderItsColumnOnACJKLine() {
        let line = "text a { string: \"滑动解锁😀e\u{301}\"; size: nope }"
        let file = SourceFile(name: "zh.mask", text: line)
        // `nope` is scalar 35 of the line; before it 18 + 1 + 9 one-cell characters, four CJK
        // characters and an emoji of two cells each, and a combining accent of none: 38 cells.
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertTrue(diagnostics.isEmpty)
        let range = SourceRange(start: file.location(at: 34), end: file.location(at: 38))
        let diagnostic = Diagnostic(.error, "unknown name `nope`", at: range, in: "zh.mask")
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic, source: file), """
        zh.mask:1:39: error: unknown name `nope`
            1 | \(line)
              | \(String(repeating: " ", count: 38))^~~~
        """)
    }

    func testTabsKeepTheCaretAligned() {
        let file = SourceFile(name: "t.mask", text: "\t\tx = @")
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertEqual(DiagnosticRenderer().render(diagnostics, source: file),
                       "t.mask:1:7: error: unexpected character '@'\n    1 | \t\tx = @\n      | \t\t    ^")
    }

    func testNotesFollowWithTheirLine() {
        let file = SourceFile(name: "n.mask", text: "layer a {\n  opacity: 1\n")
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertEqual(DiagnosticRenderer().render(diagnostics, source: file), """
        n.mask:2:13: error: expected `}` to close layer body
            2 |   opacity: 1
              |             ^
        n.mask:1:9: note: to close `{` at line 1
            1 | layer a {
              |         ^
        """)
    }

    func testWideLineNumbersAndMissingSource() {
        let text = String(repeating: "\n", count: 123_456) + "x = )"
        let file = SourceFile(name: "w.mask", text: text)
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertEqual(DiagnosticRenderer().render(diagnostics, source: file), """
        w.mask:123457:5: error: expected expression
        123457 | x = )
               |     ^
        """)
        XCTAssertEqual(DiagnosticRenderer().render(diagnostics, source: nil), "w.mask:123457:5: error: expected expression")
    }

    func testColour() {
        let file = SourceFile(name: "c.mask", text: "@")
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertEqual(DiagnosticRenderer(colored: true).render(diagnostics, source: file),
                       "c.mask:1:1: \u{1B}[1;31merror\u{1B}[0m: \u{1B}[1munexpected character '@'\u{1B}[0m\n"
                       + "    1 | @\n      | \u{1B}[1;32m^\u{1B}[0m")
    }

    func testDescriptionAndList() {
        let file = SourceFile(name: "d.mask", text: "let = 1\nlet x 2")
        let diagnostics = Parser.parse(file).diagnostics
        XCTAssertEqual(DiagnosticList(diagnostics)?.description,
                       "d.mask:1:5: error: expected name after `let`\nd.mask:2:7: error: expected `=` after `let x`")
        XCTAssertNil(DiagnosticList([]))
    }
}

import XCTest
@testable import MaskScript

/// Malformed programs, each with every diagnostic it must produce (`LINE:COLUMN: MESSAGE`).
final class MalformedInputTests: XCTestCase {
    static let cases: [(source: String, expected: [String])] = [
        // Lexical problems, reported once (never again by the parser).
        ("let x = @", ["1:9: unexpected character '@'"]),
        ("let x = 1 @ 2", ["1:11: unexpected character '@'"]),
        ("let x = \"abc", ["1:9: unterminated string"]),
        ("print(\"abc)", ["1:7: unterminated string"]),
        ("let s = \"ab\nlet t = 1", ["1:12: newline in string"]),
        ("let s = \"a\\qb\"", ["1:11: invalid escape `\\q`"]),
        ("let s = \"\\u{D800}\"", ["1:10: invalid code point `\\u{D800}`"]),
        ("let s = \"\\u{FFFFFFFFF}\"", ["1:10: invalid code point `\\u{FFFFFFFFF}`"]),
        ("x = #12", ["1:5: invalid colour `#12`; expected 3, 4, 6 or 8 hex digits"]),
        ("x = #", ["1:5: expected hex digits after `#`"]),
        ("let x = 10px + 1", ["1:11: unknown unit `px`"]),
        ("let 1x = 2", ["1:6: unknown unit `x`"]),
        ("let x = 1e999", ["1:9: number too large"]),
        ("let x = a..b", ["1:10: unexpected `..`; use `..<` or `...`"]),
        // Expressions.
        ("let x = ", ["1:8: expected expression"]),
        ("x = 1 +", ["1:8: expected expression"]),
        ("1 + * 2", ["1:5: expected expression"]),
        ("a = not", ["1:8: expected expression"]),
        ("x = -", ["1:6: expected expression"]),
        ("a < b < c", ["1:7: comparisons cannot be chained; use `and`"]),
        ("1..<2..<3", ["1:6: ranges cannot be chained"]),
        ("f(1, 2", ["1:7: expected `)` after arguments"]),
        ("f(1 2)", ["1:5: expected `)` after arguments"]),
        ("f(,)", ["1:3: expected expression"]),
        ("[1, 2", ["1:6: expected `]` after list elements"]),
        ("xs[1", ["1:5: expected `]` after index"]),
        ("(1 + 2", ["1:7: expected `)` after expression"]),
        ("let x = (1,)", ["1:11: expected `)` after expression"]),
        ("a.", ["1:3: expected property name after `.`"]),
        ("a.5", ["1:3: expected property name after `.`"]),
        ("let x = fn f() {}", ["1:12: expected `(` after `fn`"]),
        ("let x = layer { }", ["1:9: expected expression"]),
        ("circle(50, 50\nlet y = 2", ["1:14: expected `)` after arguments"]),
        // Statements.
        ("let = 5", ["1:5: expected name after `let`"]),
        ("let x 5", ["1:7: expected `=` after `let x`"]),
        ("let text = 1", ["1:5: `text` is a keyword and cannot be used as a name"]),
        ("let x = 1 2", ["1:11: expected newline or `;` after statement"]),
        ("let x = 1 2 3", ["1:11: expected newline or `;` after statement"]),
        ("a[0] = 1", ["1:1: cannot assign to this expression"]),
        ("f() = 1", ["1:1: cannot assign to this expression"]),
        ("a + b = c", ["1:1: cannot assign to this expression"]),
        ("}", ["1:1: unexpected `}`"]),
        ("delay", ["1:6: expected expression"]),
        ("fn f(a, a) { }", ["1:9: duplicate parameter `a`"]),
        ("fn f(a b) { }", ["1:8: expected `)` after parameters"]),
        ("fn f a) { }", ["1:6: expected `(` after `fn f`"]),
        ("fn f() return 1", ["1:8: expected `{` before function body"]),
        ("return 1", ["1:1: `return` outside a function"]),
        ("if x print(1)", ["1:6: expected `{` after `if` condition"]),
        ("if { }", ["1:4: expected expression"]),
        ("else { }", ["1:1: `else` without `if`"]),
        ("for in xs { }", ["1:5: `in` is a keyword and cannot be used as a name"]),
        ("for x xs { }", ["1:7: expected `in` after `for x`"]),
        ("for x in xs", ["1:12: expected `{` after `for` sequence"]),
        ("repeat { }", ["1:8: expected expression"]),
        ("repeat 3 as { }", ["1:13: expected index name after `as`"]),
        ("if x {\n  let y = 1\n", ["2:12: expected `}` to close `if` body"]),
        // Layers, canvas, masks, properties.
        ("opacity: 0.5", ["1:1: property `opacity` outside a layer body"]),
        ("fn f() { opacity: 1 }", ["1:10: property `opacity` outside a layer body"]),
        ("layer {\n opacity: 1\n", ["2:12: expected `}` to close layer body"]),
        ("layer x {\n  text y {\n    size: 1\n", ["3:12: expected `}` to close text body"]),
        ("layer 5 { }", ["1:7: expected layer name or `{` after `layer`"]),
        ("layer x opacity: 1 }", ["1:9: expected `{` to start the layer body"]),
        ("canvas { size: [1, 2]\n let x = 1 }", ["2:2: only `name: value` properties are allowed in `canvas`"]),
        ("canvas size: 1", ["1:8: expected `{` after `canvas`"]),
        ("mask other", ["1:1: `mask` outside a layer body"]),
        ("layer a { mask }", ["1:16: expected layer declaration or expression after `mask`"]),
        // Animate.
        ("animate x to 1", ["1:9: expected `TARGET.PROPERTY` after animate"]),
        ("animate", ["1:8: expected `TARGET.PROPERTY` after animate"]),
        ("animate f().x", ["1:1: animate needs `to` or `keys`"]),
        ("animate a.b over 1s", ["1:1: animate needs `to` or `keys`"]),
        ("animate a.b to 1 keys [1]", ["1:18: animate cannot have both `to` and `keys`"]),
        ("animate a.b to 1 over 1 over 2", ["1:25: duplicate `over` clause"]),
        ("animate a.b to 1 times [0, 1]", ["1:18: `times` needs `keys`"]),
        ("animate a.b from 0 keys [1, 2]", ["1:13: `from` cannot be used with `keys`; make it the first key"]),
        ("animate a.b to 1 order index", ["1:18: `order` needs `stagger`"]),
        ("animate a.b to 1 ovr 2", ["1:18: unknown animate clause `ovr`; did you mean `over`?"]),
        // One bad clause does not hide the next: its value is skipped, the rest is read.
        ("animate a.b to 1 ovr 2 ease easeIn eas linear autoreverses repeatCount 2", [
            "1:18: unknown animate clause `ovr`; did you mean `over`?",
            "1:36: unknown animate clause `eas`; did you mean `ease`?",
            "1:47: unknown animate clause `autoreverses`; did you mean `autoreverse`?",
            "1:60: unknown animate clause `repeatCount`; did you mean `repeat`?",
        ]),
        ("animate a.b to 1 ovr 2 over 1 over 3", ["1:18: unknown animate clause `ovr`; did you mean `over`?",
                                                  "1:31: duplicate `over` clause"]),
        ("animate a.b to 1 5", ["1:18: expected animate clause such as `to`, `over` or `ease`"]),
        ("animate a.b to 1 +", ["1:19: expected expression"]),
        ("animate a.b to 1 repeat", ["1:24: expected expression"]),
    ]

    func testEveryCase() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 45)
        for (source, expected) in Self.cases {
            XCTAssertEqual(errors(source), expected, "source: \(source.debugDescription)")
        }
    }

    func testMissingCloserHasNoteOnOpener() {
        let diagnostics = parse("layer a {\n  opacity: 1\n\n  shape {\n    fill: red\n  }\n").diagnostics
        XCTAssertEqual(diagnostics.map(\.description), ["test.mask:6:4: error: expected `}` to close layer body"])
        XCTAssertEqual(diagnostics.first?.notes.map(\.description), ["test.mask:1:9: note: to close `{` at line 1"])
        let call = parse("circle(50, 50").diagnostics
        XCTAssertEqual(call.first?.notes.map(\.description), ["test.mask:1:7: note: to close `(` at line 1"])
    }

    func testSeveralErrorsInOneFileAreAllReported() {
        let source = """
        let a = 1
        let b =
        layer box {
          opacity: (1 +
          let x = 5 5
          animate box.opacity over 1s
        }
        let c = 3 +
        animate box.x to 1 over 1 over 2
        let d = (4
        print("ok")
        """
        XCTAssertEqual(errors(source), [
            "2:8: expected expression",
            "4:16: expected expression",
            "5:13: expected newline or `;` after statement",
            "6:3: animate needs `to` or `keys`",
            "8:12: expected expression",
            "9:27: duplicate `over` clause",
            "10:11: expected `)` after expression",
        ])
    }

    func testPropertyLineEndsUnclosedBrackets() {
        // The line after an unclosed `(` or `[` that starts with `name:` is a property of its
        // own: its errors are reported, not swallowed by the brackets.
        XCTAssertEqual(errors("layer a {\n  path: circle(10, 10, 5\n  fill: red +\n}"),
                       ["2:25: expected `)` after arguments", "3:14: expected expression"])
        XCTAssertEqual(errors("layer a {\n  frame: [0, 0, 5\n  transform.scale : 1 +\n}"),
                       ["2:18: expected `]` after list elements", "3:24: expected expression"])
        // A name that goes on the expression is still part of it.
        XCTAssertEqual(errors("layer a {\n  frame: [0, 0,\n  size, 5]\n  opacity: 1\n}"), [])
    }

    func testStrayTokenBeforeExpectedOneIsDroppedWithoutCascade() {
        XCTAssertEqual(errors("f(1 x)\nlet y = 2"), ["1:5: expected `)` after arguments"])
        XCTAssertEqual(errors("if a b { }\nlet y = 2"), ["1:6: expected `{` after `if` condition"])
        // The statement after the dropped token is parsed normally.
        XCTAssertEqual(parse("f(1 x)\nlet y = 2").statements.count, 2)
    }

    func testTooManyErrors() {
        let diagnostics = parse(String(repeating: "let x = )\n", count: 300)).diagnostics
        XCTAssertEqual(diagnostics.count, 101)
        XCTAssertEqual(diagnostics.last?.description, "test.mask:101:9: error: too many errors (limit 100); stopping")
        let lexical = parse(String(repeating: "@ ", count: 300)).diagnostics
        XCTAssertEqual(lexical.count, 101)
        XCTAssertEqual(lexical.last?.message, "too many errors (limit 100); stopping")
    }

    // MARK: - Nesting

    private func assertOneNestingError(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let messages = parse(source).diagnostics.map(\.message)
        XCTAssertEqual(messages, ["expression nested too deeply (limit 256)"], file: file, line: line)
    }

    func testDeepNestingGivesOneError() {
        let n = 20_000
        assertOneNestingError(String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n))
        assertOneNestingError(String(repeating: "(", count: n))
        assertOneNestingError("x = " + String(repeating: "[", count: n) + String(repeating: "]", count: n))
        assertOneNestingError("x = " + String(repeating: "-", count: n) + "1")
        assertOneNestingError("x = " + String(repeating: "not ", count: n) + "true")
        assertOneNestingError(String(repeating: "layer {", count: n) + String(repeating: "}", count: n))
        assertOneNestingError(String(repeating: "if a {\n", count: n))
        assertOneNestingError("x = 1" + String(repeating: " + 1", count: n))
        assertOneNestingError("x = a" + String(repeating: ".b", count: n))
        assertOneNestingError("x = f" + String(repeating: "()", count: n))
        assertOneNestingError("if a {}" + String(repeating: " else if a {}", count: n))
        assertOneNestingError(String(repeating: "f(fn () {", count: n))
        XCTAssertEqual(parse(String(repeating: "{", count: n) + String(repeating: "}", count: n)).diagnostics.count, 1)
    }

    func testDeepNestingFromASmallStackThread() {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let source = String(repeating: "(", count: 20_000) + String(repeating: ")", count: 20_000)
            let result = Parser.parse(SourceFile(name: "t", text: source))
            XCTAssertEqual(result.diagnostics.map(\.message), ["expression nested too deeply (limit 256)"])
            done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        done.wait()
    }

    func testParsingContinuesAfterNestingError() {
        let source = String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + "\nlet y = )"
        XCTAssertEqual(errors(source), ["1:257: expression nested too deeply (limit 256)", "2:9: expected expression"])
    }

    func testNestingJustBelowTheLimitIsAccepted() {
        XCTAssertEqual(errors("x = " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)), [])
        XCTAssertEqual(errors(String(repeating: "layer {\n", count: 100) + String(repeating: "}\n", count: 100)), [])
    }
}

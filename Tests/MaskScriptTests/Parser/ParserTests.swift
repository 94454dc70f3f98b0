import XCTest
@testable import MaskScript

final class ParserTests: XCTestCase {
    func testPrecedence() {
        XCTAssertEqual(dump("1 + 2 * 3 - 4"), "(- (+ 1 (* 2 3)) 4)")
        XCTAssertEqual(dump("a or b and c"), "(or a (and b c))")
        XCTAssertEqual(dump("not a == b"), "(not (== a b))")
        XCTAssertEqual(dump("not a and b"), "(and (not a) b)")
        XCTAssertEqual(dump("a < b + 1"), "(< a (+ b 1))")
        XCTAssertEqual(dump("-a * b"), "(* (- a) b)")
        XCTAssertEqual(dump("- -a.b(1)[2]"), "(- (- (index (call (. a b) 1) 2)))")
        XCTAssertEqual(dump("0..<n + 1"), "(..< 0 (+ n 1))")
    }

    func testRangesAndComparisons() {
        XCTAssertEqual(dump("1...3 == r"), "(== (... 1 3) r)")
        XCTAssertEqual(dump("a % b / c"), "(/ (% a b) c)")
    }

    func testLiteralsAndLists() {
        XCTAssertEqual(dump("[1, \"s\", true, nil, #ff0000, [],]"), "[1 \"s\" true nil #ff0000 []]")
        XCTAssertEqual(dump("f(\n  1,\n  2,\n)"), "(call f 1 2)")
    }

    func testStatements() {
        XCTAssertEqual(dump("let x = 1; x = x + 1"), "(let x 1)\n(= x (+ x 1))")
        XCTAssertEqual(dump("a.b.c = 2"), "(set (. a b) c 2)")
        XCTAssertEqual(dump("tiles.tile(1, 2).opacity = 0"), "(set (call (. tiles tile) 1 2) opacity 0)")
        XCTAssertEqual(dump("delay 1s\nwait"), "(delay 1)\n(wait)")
        XCTAssertEqual(dump("owner.mask = nil"), "(set owner mask nil)")
    }

    func testFunctions() {
        XCTAssertEqual(dump("fn add(a, b) { return a + b }"), "(fn add (a b) (return (+ a b)))")
        XCTAssertEqual(dump("fn f() {\n  return\n}"), "(fn f () (return))")
        XCTAssertEqual(dump("let g = fn (x) { return x }"), "(let g (fn (x) (return x)))")
        XCTAssertEqual(dump("each(xs, fn (x) {\n  print(x)\n})"), "(call each xs (fn (x) (call print x)))")
    }

    func testControlFlow() {
        XCTAssertEqual(dump("if a { b } else if c { d } else { e }"),
                       "(if a (then b) (else (if c (then d) (else e))))")
        XCTAssertEqual(dump("if a {\n  b\n}\nelse {\n  c\n}"), "(if a (then b) (else c))")
        XCTAssertEqual(dump("for x in 0..<3 { print(x) }"), "(for x (..< 0 3) (call print x))")
        XCTAssertEqual(dump("repeat 3 { wait }"), "(repeat 3 (wait))")
        XCTAssertEqual(dump("repeat n as i { delay i }"), "(repeat n as i (delay i))")
        XCTAssertEqual(dump("repeat forever { delay 1 }"), "(repeat forever (delay 1))")
    }

    func testBraceOnTheNextLine() {
        XCTAssertEqual(dump("if a\n{\n  b\n}\nelse\n{\n  c\n}"), "(if a (then b) (else c))")
        XCTAssertEqual(dump("layer box\n{\n  opacity: 1\n}\ncanvas\n{ fps: 1 }"),
                       "(layer box (opacity: 1))\n(canvas (fps: 1))")
        XCTAssertEqual(dump("fn f()\n{\n  return 1\n}"), "(fn f () (return 1))")
    }

    func testLayers() {
        XCTAssertEqual(dump("layer box {\n  opacity: 0.5\n  shape { path: circle(1, 2, 3) }\n}"),
                       "(layer box (opacity: 0.5) (shape (path: (call circle 1 2 3))))")
        XCTAssertEqual(dump("text { mask gradient fade { colors: [] } }"), "(text (mask (gradient fade (colors: []))))")
        XCTAssertEqual(dump("layer a { mask other }"), "(layer a (mask other))")
        XCTAssertEqual(dump("layer a { if on { opacity: 1 } }"), "(layer a (if on (then (opacity: 1))))")
        XCTAssertEqual(dump("canvas { size: [300, 40]; fps: 30 }"), "(canvas (size: [300 40]) (fps: 30))")
    }

    func testAnimate() {
        XCTAssertEqual(dump("animate fade.x to 300 over 3s"), "(animate fade x to: 300 over: 3)")
        XCTAssertEqual(
            dump("animate g.tiles.opacity from 1 to 0 delay 1 ease cubic(0, 0, 1, 1) repeat forever autoreverse stagger 50ms order random(4)"),
            "(animate (. g tiles) opacity from: 1 to: 0 delay: 1 ease: (call cubic 0 0 1 1) stagger: 0.05 order: (call random 4) repeat: forever autoreverse)")
        XCTAssertEqual(dump("animate a.b keys [0, 1, 0] times [0, 0.3, 1] repeat 2"),
                       "(animate a b keys: [0 1 0] times: [0 0.3 1] repeat: 2)")
    }

    func testRangesCoverSourceText() {
        let source = "let total = (a + b) * f(c)\nlayer x {\n  opacity: 1\n}"
        let file = SourceFile(name: "t", text: source)
        let result = Parser.parse(file)
        XCTAssertEqual(result.diagnostics.count, 0)
        XCTAssertEqual(result.statements.map { file.text(in: $0.range) },
                       ["let total = (a + b) * f(c)", "layer x {\n  opacity: 1\n}"])
        guard case .letBinding(_, let nameRange, let value) = result.statements[0].kind,
              case .binary(_, let left, let right) = value.kind else {
            return XCTFail("unexpected tree")
        }
        XCTAssertEqual(file.text(in: nameRange), "total")
        XCTAssertEqual(file.text(in: value.range), "(a + b) * f(c)")
        XCTAssertEqual(file.text(in: left.range), "(a + b)")
        XCTAssertEqual(file.text(in: right.range), "f(c)")
    }

    func testLanguageExample() {
        let source = """
        canvas { size: [300, 40]; fps: 30; duration: 3s; background: black }

        text label {
          string: "hello world"
          size: 30
          color: red
          align: center
          mask gradient fade {
            colors: [clear, black, black, clear]
            locations: [0.01, 0.1, 0.9, 0.99]
            start: [0, 0]
            end: [1, 0]
          }
        }

        animate fade.x to 300 over 3s
        """
        XCTAssertEqual(dump(source), """
        (canvas (size: [300 40]) (fps: 30) (duration: 3) (background: black))
        (text label (string: "hello world") (size: 30) (color: red) (align: center) \
        (mask (gradient fade (colors: [clear black black clear]) (locations: [0.01 0.1 0.9 0.99]) \
        (start: [0 0]) (end: [1 0]))))
        (animate fade x to: 300 over: 3)
        """)
    }
}

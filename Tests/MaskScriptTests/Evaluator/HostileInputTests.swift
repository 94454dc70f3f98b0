import XCTest
import MaskEngine
@testable import MaskScript

/// Adversarial scripts: each ends in a clean error at its line or a clean scene whose first
/// and last frames render, never a crash, a hang or a runaway allocation.
final class HostileInputTests: XCTestCase {
    private static let canvas = "canvas { size: [16, 16]; fps: 10; duration: 1 }\n"

    /// `source` after a 16×16, 1 s canvas line, so error lines count from 2.
    private func tiny(_ source: String, _ expected: HostileOutcome, file: StaticString = #filePath,
                      line: UInt = #line) -> HostileCase {
        HostileCase(Self.canvas + source, expected, file: file, line: line)
    }

    private func nested(_ open: String, _ inner: String, _ close: String, _ n: Int) -> String {
        String(repeating: open, count: n) + inner + String(repeating: close, count: n)
    }

    func testRecursionThroughDeepExpressionsStopsBeforeTheStack() {
        assertHostile([
            tiny("fn f(n) { return f(n + 1) }\nf(0)", .error(line: 2, "calls nested deeper than the limit of 200")),
            tiny("fn f(n) {\nreturn \(nested("-(", "f(n)", ")", 120))\n}\nf(0)", .error(line: 3, "nested")),
            tiny("fn f(n) {\nreturn \(nested("[", "f(n)", "]", 250))\n}\nf(0)", .error(line: 3, "nested")),
            tiny("fn f(n) {\nlayer { \(nested("layer {", "f(n)", "}", 40)) }\n}\nf(0)", .error(line: 3, "nested")),
        ])
    }

    /// Operations whose work grows with a value's size count it as steps: each loop here
    /// ran for minutes (or hours) within the old step limit.
    func testWorkOnLargeValuesCountsTowardsTheStepLimit() {
        var limits = Limits()
        limits.steps = 1_000_000
        let big = "let s = \"ab\"\nrepeat 18 { s = s + s }\nlet xs = [1, 2]\nrepeat 18 { xs = xs + xs }\n"
        let steps = "ran more than 1000000 steps"
        assertHostile([
            tiny(big + "let n = 0\nrepeat 1e6 { n = n + len(s) }", .error(line: 7, steps)),
            tiny(big + "repeat 1e6 { let n = s.count }", .error(line: 6, steps)),
            tiny(big + "repeat 1e6 { let t = s + \"\" }", .error(line: 6, steps)),
            tiny(big + "repeat 1e6 { let c = s[len(s) - 1] }", .error(line: 6, steps)),
            tiny(big + "repeat 1e6 { let ys = xs + [] }", .error(line: 6, steps)),
            tiny(big + "repeat 1e6 { let m = max(xs) }", .error(line: 6, steps)),
            tiny(big + "repeat 1e6 { let p = polygon([[0, 0], [1, 1]] + xs) }", .error(line: 6, "expects a point")),
            tiny(big + "let ys = [0] + xs\nrepeat 1e6 { let e = xs + [0] == ys }", .error(line: 7, steps)),
            tiny(big + "fn f() { for c in s { return c } }\nrepeat 1e6 { f() }", .error(line: 6, steps)),
            // A range is not made in full before its loop starts.
            tiny("fn f() { for i in 0..<999999 { return i } }\nrepeat 5e4 { f() }", .ok),
            tiny("let p = []\nrepeat 1e5 as i { p = p + [[i % 16, i % 7]] }", .error(line: 3, steps)),
        ], limits: limits)
    }

    /// A list holding a million references to a list of a million is cheap to build;
    /// comparing or printing it must not spell it out.
    func testComparingAndPrintingSharedStructureIsBounded() {
        let shared = "let a = [0]\nrepeat 19 { a = a + a }\nlet b = [a]\nrepeat 19 { b = b + b }\n"
        var limits = Limits()
        limits.steps = 1_000_000
        assertHostile([
            tiny(shared + "print(b)", .error(line: 6, "printed text is longer than the limit of 1000000")),
            tiny(shared + "let s = str(b)", .error(line: 6, "printed text is longer")),
            tiny(shared + "let c = [0]\nrepeat 19 { c = c + c }\nlet d = [c]\nrepeat 19 { d = d + d }\nprint(b == d)",
                 .error(line: 10, "ran more than 1000000 steps")),
            tiny("print([1, [2, \"x\"]] == [1, [2, \"x\"]], str([1, 2]) + \"!\")", .ok),
        ], limits: limits)
    }

    /// `x = [x]` a million times built a value whose release overflowed the stack.
    func testListsNestAtMostTheLimit() {
        assertHostile([
            tiny("let x = []\nrepeat 1e6 { x = [x] }\nprint(x == x)", .error(line: 3, "lists nested deeper than the limit of 256")),
            tiny("let x = []\nrepeat 255 { x = [x] }\nprint(x == x, str(x) != \"\")", .ok),
            tiny("let x = []\nrepeat 255 { x = [x] }\nlet y = [1, 2, x]", .error(line: 4, "nested deeper")),
            // Shared structure is scanned once per list, not once per reference.
            tiny("let a = [[0]]\nrepeat 19 { a = a + a }\nlet b = [a]\nrepeat 19 { b = b + b }\nlet c = [b, b, b]", .ok),
        ])
    }

    /// Changes of one property, one per step, used to make each read and each new change
    /// walk or copy the whole track.
    func testManyChangesOfOnePropertyStayFastAndBounded() {
        var limits = Limits()
        limits.changes = 20_000
        let chain = "layer prev { background: red }\nrepeat 50000 { layer l { background: blue }\nprev.mask = l\nprev = l }"
        assertHostile([
            tiny("layer a { }\nrepeat 3e4 { delay 1e-6; a.x = a.x + 0.0001 }", .error(line: 3, "more than 20000 animations")),
            tiny("layer a { }\nrepeat 1e4 { delay 1e-6; a.x = a.x + 0.0001 }\nprint(a.x)", .ok),
            tiny("grid g { rows: 100; columns: 100 }\nrepeat 300 { animate g.tiles.opacity to 0.5 over 0.1 }",
                 .error(line: 3, "more than 20000 animations and property changes")),
            tiny("grid g { rows: 100; columns: 100 }\nanimate g.tiles.opacity to 0 over 1 stagger 1e-4 order random(7)", .ok),
            tiny(chain, .error(line: 4, "layers nested more than 64 levels deep")),
            tiny("layer a { layer b { } }\nb.mask = a", .error(line: 3, "cannot be masked by itself or by one of its ancestors")),
            tiny("layer a { }\na.mask = a", .error(line: 3, "cannot be masked by itself")),
            // Built from the far end, each mask joins at the top: the renderer's limit catches it.
            tiny("let ls = []\nrepeat 100 { layer l { background: blue }\nls = ls + [l] }\nfor i in 0..<99 { ls[98 - i].mask = ls[99 - i] }",
                 .error(line: 5, "nested more than 64 levels deep")),
        ], limits: limits)
    }

    /// The REPL's entry points run on the large stack too; the echo closure must not be
    /// held by the worker thread once a run returns (that race crashed one run in ~20).
    func testReplStyleRunsWithEchoOnTheLargeStack() throws {
        let interpreter = Interpreter(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
        var echoed: [String] = []
        for i in 0..<300 {
            let statements = parse("let v\(i) = \(i)\nv\(i) + 1").statements
            try interpreter.run(statements) { echoed.append($0.description) }
        }
        XCTAssertEqual(echoed.count, 300)
        XCTAssertEqual(echoed.last, "300")
        let deep = parse("fn f(n) { return \(nested("-(", "f(n)", ")", 120)) }\nf(0)").statements
        XCTAssertThrowsError(try interpreter.run(deep) { _ in }) { error in
            XCTAssertTrue((error as? RuntimeError)?.message.contains("nested") ?? false, "\(error)")
        }
    }
}

import XCTest
@testable import MaskScript

/// Calls of a global function skip reading the global while it holds the function its
/// top-level `fn` put there (`Box.direct`). Across REPL-style runs of one interpreter,
/// every way the global can change afterwards must be seen by the next call.
final class DirectCallTests: XCTestCase {
    private func session() -> (Interpreter, OutputLines) {
        let lines = OutputLines()
        let interpreter = Interpreter(options: ScriptOptions(resources: MemoryResources(), output: { lines.append($0) }))
        return (interpreter, lines)
    }

    private func run(_ interpreter: Interpreter, _ source: String) throws {
        try interpreter.run(parse(source).statements)
    }

    func testACallCompiledEarlierSeesTheGlobalReassignedInALaterInput() throws {
        let (interpreter, lines) = session()
        try run(interpreter, "fn f(n) { return n + 1 }\nfn g(n) { return f(n) * 2 }\nprint(g(1))")
        try run(interpreter, "f = fn(n) { return n + 10 }\nprint(g(1))")
        try run(interpreter, "fn f(n) { return n + 100 }\nprint(g(1))")
        try run(interpreter, "let f = fn(a, b) { return a }\nprint(f(1, 2))")
        XCTAssertEqual(lines.all, ["4", "22", "202", "1"])
        XCTAssertThrowsError(try run(interpreter, "print(g(1))")) { error in
            XCTAssertTrue((error as? RuntimeError)?.message.contains("takes 2 arguments, got 1") ?? false, "\(error)")
        }
    }

    func testRecursionThroughAReassignedNameCallsTheNewFunction() throws {
        let (interpreter, lines) = session()
        try run(interpreter, "fn h(n) {\n  if n == 0 { return 0 }\n  return h(n - 1) + 1\n}\nprint(h(5))")
        try run(interpreter, "let old = h\nh = fn(n) { return 1000 }\nprint(old(3))\nprint(h(3))")
        XCTAssertEqual(lines.all, ["5", "1001", "1000"])
    }

    func testAFailedInputIsUndoneAndTheFunctionStillCalled() throws {
        let (interpreter, lines) = session()
        try run(interpreter, "fn f(n) { return n + 1 }\nprint(f(1))")
        XCTAssertThrowsError(try run(interpreter, "f = 5\nprint(f(1))"))
        XCTAssertThrowsError(try run(interpreter, "fn f(n) { return n + 2 }\nprint(f(1))\nprint(1 + nil)"))
        try run(interpreter, "print(f(1))")
        XCTAssertEqual(lines.all, ["2", "3", "2"])
    }

    func testTheHostRedefiningAGlobalIsSeen() throws {
        let (interpreter, lines) = session()
        try run(interpreter, "fn f(n) { return n + 1 }\nfn g() { return f(1) }\nprint(g())")
        interpreter.define("f", .number(3))
        XCTAssertThrowsError(try run(interpreter, "print(g())")) { error in
            XCTAssertTrue((error as? RuntimeError)?.message.contains("cannot call a number") ?? false, "\(error)")
        }
        XCTAssertEqual(lines.all, ["2"])
    }

    func testDeepRecursionIsStillStoppedByTheLimits() throws {
        var limits = Limits()
        limits.callDepth = 40
        let interpreter = Interpreter(options: ScriptOptions(resources: MemoryResources(), limits: limits, output: { _ in }))
        XCTAssertThrowsError(try run(interpreter, "fn down(n) { return down(n + 1) }\ndown(0)")) { error in
            XCTAssertTrue((error as? RuntimeError)?.message.contains("deeper than the limit of 40") ?? false, "\(error)")
        }
        // The same interpreter, after the failure: the depth was reset.
        try run(interpreter, "fn up(n) {\n  if n == 0 { return 0 }\n  return up(n - 1) + 1\n}\nprint(up(39))")
        XCTAssertThrowsError(try run(interpreter, "print(up(40))"))
    }

    func testAnErrorInAFunctionFromAnEarlierInputPointsAtThatInput() throws {
        let (interpreter, _) = session()
        let text = "fn bad(n) { return n + \"x\" }"
        try interpreter.run(parse(text).statements, in: SourceFile(name: "<repl 1>", text: text)) { _ in }
        let second = SourceFile(name: "<repl 2>", text: "bad(1)")
        XCTAssertThrowsError(try interpreter.run(parse("bad(1)").statements, in: second) { _ in }) { error in
            guard let e = (error as? ScriptErrors)?.first else { return XCTFail("\(error)") }
            XCTAssertEqual(e.source?.name, "<repl 1>")
            XCTAssertEqual(e.range.start.column, 20)
        }
    }
}

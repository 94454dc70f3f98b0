import XCTest
import MaskEngine
@testable import MaskScript

/// `Script.run(in:echo:)`: scripts run one after another into one interpreter, as the
/// REPL runs its inputs.
final class ScriptSessionTests: XCTestCase {
    private func session() -> Interpreter {
        Interpreter(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
    }

    func testNamesAndLayersOfEarlierScriptsStayVisible() throws {
        let interpreter = session()
        try Script(text: "let size = 20\nlayer box { frame: [0, 0, size, size] }", name: "<repl>").run(in: interpreter)
        var echoed: [String] = []
        try Script(text: "size * 2\nbox.width", name: "<repl>").run(in: interpreter) { echoed.append($0.description) }
        XCTAssertEqual(echoed, ["40", "20"])
        XCTAssertEqual(interpreter.scene.layerIDs.count, 1)
    }

    func testAFailingScriptLeavesNothingBehind() throws {
        let interpreter = session()
        try Script(text: "layer a {}", name: "<repl>").run(in: interpreter)
        XCTAssertThrowsError(try Script(text: "layer b {}\nlet x = 1 + \"s\"", name: "<repl>").run(in: interpreter)) { error in
            let list = error as? DiagnosticList
            XCTAssertEqual(list?.diagnostics.first?.range.start.line, 2)
            XCTAssertTrue(list?.rendered().contains("    2 | let x = 1 + \"s\"") ?? false, list?.rendered() ?? "")
        }
        XCTAssertEqual(interpreter.scene.layerIDs.count, 1)
        XCTAssertNil(interpreter.globalValue(named: "b"))
    }

    func testAnErrorInAFunctionOfAnEarlierScriptShowsThatScriptsLine() throws {
        let interpreter = session()
        try Script(text: "fn half(x) {\n  return x / \"2\"\n}", name: "<repl>").run(in: interpreter)
        XCTAssertThrowsError(try Script(text: "half(4)", name: "<repl>").run(in: interpreter)) { error in
            let rendered = (error as? DiagnosticList)?.rendered() ?? ""
            XCTAssertTrue(rendered.hasPrefix("<repl>:2:"), rendered)
            XCTAssertTrue(rendered.contains("    2 |   return x / \"2\""), rendered)
        }
    }
}

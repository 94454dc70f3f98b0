import XCTest
import MaskEngine
@testable import MaskScript

/// A failing input after many others is undone exactly: the transaction journals what
/// it changes (existing layers, their tracks, the tree, globals) instead of copying the
/// whole session first, and every kind of change must come back as it was.
final class ScriptSessionUndoTests: XCTestCase {
    private func run(_ text: String, in interpreter: Interpreter) throws {
        try Script(text: text, name: "<repl>").run(in: interpreter)
    }

    /// Everything the session holds but the timeline (compared with `==`: its
    /// dictionaries print in no fixed order), as text to compare, part by part.
    private func state(of interpreter: Interpreter) -> [String] {
        let scene = interpreter.scene
        let globals = interpreter.globalNames.sorted().map { "\($0)=\(interpreter.globalValue(named: $0).map(\.description) ?? "-")" }
        return [String(describing: scene.nodes), String(describing: scene.roots), String(describing: scene.treeChanges),
                String(describing: scene.canvas), "\(scene.moveCount)",
                "\(interpreter.layerRefs.count) \(interpreter.layerHeights)", "\(interpreter.cursor)",
                globals.joined(separator: " ")]
    }

    func testAnErrorAfterManyInputsRestoresEveryKindOfChange() throws {
        let interpreter = Interpreter(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
        try run("canvas { size: [64, 64]; duration: 4s }\nlet count = 0", in: interpreter)
        for i in 0..<300 {
            try run("layer l\(i) { frame: [0, 0, 10, 10]; opacity: 0.5 }\ncount = count + 1", in: interpreter)
        }
        try run("layer parent { frame: [0, 0, 20, 20]\n  layer child { frame: [0, 0, 5, 5] }\n}\n"
                + "animate l1.opacity to 1 over 1s", in: interpreter)
        try run("delay 0.5s\nl2.opacity = 0.25\nlayer late { frame: [0, 0, 1, 1] }", in: interpreter)
        let before = state(of: interpreter), timeline = interpreter.scene.timeline
        let failing = """
            count = 1000
            let fresh = 1
            l0.opacity = 0.1
            l3.frame = [1, 1, 2, 2]
            animate l1.opacity to 0 over 2s
            animate l4.x to 30 over 1s
            parent.addSublayer(l5)
            child.removeFromSuperlayer()
            l6.mask = l7
            l8.mask = late
            layer extra { frame: [0, 0, 1, 1] }
            parent.addSublayer(extra)
            delay 1s
            let boom = 1 + "s"
            """
        XCTAssertThrowsError(try run(failing, in: interpreter))
        for (part, (after, was)) in zip(state(of: interpreter), before).enumerated() { XCTAssertEqual(after, was, "part \(part)") }
        XCTAssertTrue(interpreter.scene.timeline == timeline)
        // And the session goes on as if the failed input had never run.
        try run("layer after { frame: [0, 0, 1, 1] }\ncount = count + 1", in: interpreter)
        XCTAssertEqual(interpreter.globalValue(named: "count")?.description, "301")
        XCTAssertNil(interpreter.globalValue(named: "fresh"))
        XCTAssertEqual(interpreter.scene.layerIDs.count, 304)
        // Every line before the error is valid, so each of its changes was made and undone.
        try run(String(failing.split(separator: "\n").dropLast().joined(separator: "\n")), in: interpreter)
        XCTAssertNotEqual(state(of: interpreter), before)
    }
}

import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// What the `.mask` scripts cannot say in comments: timelines, rendering of
/// diagnostics, frame counts, host options, and the runner itself.
final class ScriptAPITests: XCTestCase {
    /// Runs `text` and returns the scene, failing the test on any diagnostic.
    private func scene(_ text: String, limits: Limits = Limits(),
                       file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        do {
            let script = try Script(text: text, name: "test.mask")
            return try script.run(options: ScriptOptions(resources: MemoryResources(), limits: limits, output: { _ in }))
        } catch {
            XCTFail("unexpected diagnostics: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The run-time or syntax diagnostics of `text`, as `LINE:COLUMN: MESSAGE`.
    private func diagnostics(_ text: String, limits: Limits = Limits(),
                             isCancelled: @escaping @Sendable () -> Bool = { false }) -> [String] {
        do {
            let script = try Script(text: text, name: "test.mask")
            _ = try script.run(options: ScriptOptions(resources: MemoryResources(), limits: limits, output: { _ in },
                                                      isCancelled: isCancelled))
            return []
        } catch {
            return error.diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
        }
    }

    /// Begin times of the animations of a scene, by the name of their layer.
    private func begins(_ scene: Scene) -> [String: Double] {
        var out: [String: Double] = [:]
        for a in scene.timeline.animations {
            out[scene.node(a.layer).name ?? "?"] = a.begin
        }
        return out
    }

    // MARK: - Stagger orders, checked on the timeline

    func testStaggerIndexAndReverseBeginTimes() {
        guard let s = scene("""
            layer a { }
            layer b { }
            layer c { }
            delay 1
            animate [a, b, c].opacity to 0 over 1 stagger 0.5
            animate [a, b, c].x to 5 over 1 delay 2 stagger 1 order reverse
            """) else { return }
        let animations = s.timeline.animations
        XCTAssertEqual(animations.count, 6)
        XCTAssertEqual(animations.filter { $0.key == .opacity }.map(\.begin), [1, 1.5, 2])
        XCTAssertEqual(animations.filter { $0.key == .positionX }.map(\.begin), [5, 4, 3])
    }

    func testStaggerRowsDiagonalCenterOverGridTiles() {
        // 3 rows × 3 columns; tile i is column i / 3, row i % 3.
        let grid = "grid g { rows: 3; columns: 3 }\n"
        func ranks(_ order: String) -> [Double] {
            guard let s = scene(grid + "animate g.tiles.opacity to 0 over 1 stagger 1 order \(order)") else { return [] }
            var byTile = Array(repeating: -1.0, count: 9)
            for a in s.timeline.animations {
                if let tile = s.node(a.layer).tile { byTile[tile.column * 3 + tile.row] = a.begin }
            }
            return byTile
        }
        // Row-major: (c0 r0) (c1 r0) (c2 r0) (c0 r1) ...
        XCTAssertEqual(ranks("rows"), [0, 3, 6, 1, 4, 7, 2, 5, 8])
        // Diagonals by column + row, then by column.
        XCTAssertEqual(ranks("diagonal"), [0, 1, 3, 2, 4, 6, 5, 7, 8])
        // Outward from the middle: the centre tile first, its 4 neighbours next, corners last.
        let center = ranks("center")
        XCTAssertEqual(center[4], 0)
        XCTAssertEqual(Set([1, 3, 5, 7].map { center[$0] }), [1, 2, 3, 4])
        XCTAssertEqual(Set([0, 2, 6, 8].map { center[$0] }), [5, 6, 7, 8])
        XCTAssertEqual(ranks("index"), [0, 1, 2, 3, 4, 5, 6, 7, 8])
    }

    func testStaggerRandomOrderIsADeterministicPermutation() {
        let text = "grid g { rows: 1; columns: 10 }\nanimate g.tiles.opacity to 0 over 1 stagger 1 order random(3)"
        guard let first = scene(text), let second = scene(text) else { return }
        let a = first.timeline.animations.map(\.begin), b = second.timeline.animations.map(\.begin)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.sorted(), (0..<10).map(Double.init))
        XCTAssertNotEqual(a, (0..<10).map(Double.init), "a shuffle of 10 should move something")
    }

    // MARK: - Frames and canvas

    func testFrameCountFromDurationOrLastAnimation() {
        XCTAssertEqual(scene("canvas { fps: 30; duration: 3s }")?.frameCount, 91)
        XCTAssertEqual(scene("layer a { }\nanimate a.x to 1 over 2s")?.frameCount, 61)
        XCTAssertEqual(scene("layer a { }")?.frameCount, 1, "at least one frame")
        let canvas = scene("canvas { size: [64, 32]; fps: 12; background: red }")?.canvas
        XCTAssertEqual(canvas?.width, 64)
        XCTAssertEqual(canvas?.height, 32)
        XCTAssertEqual(canvas?.fps, 12)
        XCTAssertEqual(canvas?.background, .red)
    }

    /// What a script reads back is what the renderer will sample.
    func testFrameReadsAgreeWithRenderedStates() throws {
        let text = """
            layer box { frame: [0, 0, 100, 50] }
            animate box.x to 100 over 1s
            wait
            animate box.width to 20 over 1s
            wait
            box.position = [10, 10]
            animate box.frame to [5, 6, 7, 8] over 1s
            """
        let script = try Script(text: text, name: "test.mask")
        let interpreter = Interpreter(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
        try interpreter.run(script)
        for t in [0, 0.5, 1, 1.5, 2, 2.5, 3] {
            let states = try interpreter.scene.states(at: t)
            let rendered = states[0].frame
            let read = ScriptRunner.read("box", "frame", at: t, in: interpreter)
            XCTAssertEqual(try read.get(), Value.rect(rendered).printed(), "at t = \(t)")
        }
    }

    // MARK: - Diagnostics

    func testRuntimeErrorRendersWithFileLineColumnAndCaret() {
        do {
            let script = try Script(text: "let x = 1\nlet y = x + \"a\"\n", name: "scene.mask")
            _ = try script.run(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
            XCTFail("expected an error")
        } catch {
            let rendered = DiagnosticRenderer().render(error.diagnostics, source: SourceFile(name: "scene.mask", text: "let x = 1\nlet y = x + \"a\"\n"))
            XCTAssertEqual(rendered, """
                scene.mask:2:9: error: cannot add a number and a string
                    2 | let y = x + "a"
                      |         ^~~~~~~
                """)
        }
    }

    func testCanvasAfterLayerHasANoteAtTheFirstLayer() {
        do {
            let script = try Script(text: "layer a { }\ncanvas { fps: 10 }", name: "test.mask")
            _ = try script.run(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), ["test.mask:2:1: error: `canvas` must come before the first layer"])
            XCTAssertEqual(error.diagnostics.first?.notes.map(\.description), ["test.mask:1:1: note: the first layer is declared here"])
        }
    }

    // MARK: - Limits and host options

    /// The step limit's message; the default limit (20 million) is checked by value, as
    /// running into it takes seconds in debug builds.
    func testStepLimitMessage() {
        XCTAssertEqual(Limits().steps, 20_000_000)
        var limits = Limits()
        limits.steps = 100_000
        XCTAssertEqual(diagnostics("repeat 1e9 { }", limits: limits),
                       ["1:1: the program ran more than 100000 steps; is there an endless loop?"])
    }

    func testCancellationStopsTheRun() {
        XCTAssertEqual(diagnostics("let n = 0\nrepeat 1e9 { n = n + 1 }", isCancelled: { true }).map { $0.hasSuffix(": cancelled") },
                       [true])
    }

    func testFirstFrameCheckStopsWhenCancelled() throws {
        // A wide shadow's blur on a large canvas: millions of units of work, so the frame
        // asks its check while it is drawn.
        let text = """
        canvas { size: [1600, 1200] }
        layer box { frame: [100, 100, 1400, 1000]; background: red; shadowOpacity: 1; shadowRadius: 60 }
        """
        let built = try Script(text: text, name: "test.mask")
            .build(options: ScriptOptions(resources: MemoryResources(), output: { _ in }))
        var asked = 0
        XCTAssertTrue(built.firstFrameError(isCancelled: { asked += 1; return true }) is CancellationError)
        XCTAssertEqual(asked, 1)
        XCTAssertNil(built.firstFrameError(isCancelled: { false }))
    }

    func testHostGlobalsAndFunctions() throws {
        let lines = OutputLines()
        let options = ScriptOptions(resources: MemoryResources(), output: { lines.append($0) },
                                    functions: [HostFunction(name: "twice", arity: 1...1) { args in
                                        guard case .number(let v) = args[0] else { throw HostFunctionError("`twice` expects a number", argument: 0) }
                                        return .number(2 * v)
                                    }],
                                    globals: ["answer": .number(42)])
        let script = try Script(text: "print(twice(answer))", name: "test.mask")
        _ = try script.run(options: options)
        XCTAssertEqual(lines.all, ["84"])
        do {
            _ = try Script(text: "print(twice(\"x\"))", name: "test.mask").run(options: options)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), ["test.mask:1:13: error: `twice` expects a number"])
        }
    }

    // MARK: - The runner itself

    /// A script whose expectations are wrong fails, naming the script and the line.
    func testRunnerReportsEveryKindOfMismatch() {
        let text = """
            print(1)              // expect: 2
            print(3)
            layer box { }
            // expect value box.x at 0: 5
            // error 9:1: never reported
            """
        let failures = ScriptRunner.check(ScriptTests.ScriptFile(relativePath: "self/wrong.mask", text: text))
        XCTAssertEqual(failures, [
            "self/wrong.mask:1: expected output '2', got '1'",
            "self/wrong.mask: unexpected output: '3'",
            "self/wrong.mask:5: expected error at 9:1: never reported; got no errors",
            "self/wrong.mask:4: expected box.x at 0.0 to be 5, got 0",
        ])
        let unexpected = ScriptRunner.check(ScriptTests.ScriptFile(relativePath: "self/error.mask", text: "print(nope)"))
        XCTAssertEqual(unexpected, ["self/error.mask: unexpected error 1:7: unknown name `nope`"])
        let malformed = ScriptRunner.check(ScriptTests.ScriptFile(relativePath: "self/bad.mask", text: "// limit speed: 3"))
        XCTAssertEqual(malformed, ["self/bad.mask:1: unknown limit `speed`"])
    }

    /// A script expecting a parse or check error fails on a run-time one, and the reverse.
    func testRunnerTellsCheckErrorsFromRunTimeErrors() {
        let runtime = "let xs = [1, 2]\nprint(xs[5])"
        let check = "print(nope)"
        func failures(_ text: String) -> [String] {
            ScriptRunner.check(ScriptTests.ScriptFile(relativePath: "self/phase.mask", text: text))
        }
        XCTAssertEqual(failures(runtime + "  // runtime error: index 5 is out of range for a list of 2"), [])
        XCTAssertEqual(failures(check + "  // error: unknown name `nope`"), [])
        XCTAssertEqual(failures(runtime + "  // error: index 5 is out of range for a list of 2"), [
            "self/phase.mask:2: expected a parse or check error (`// error`) at line 2: index 5 is out of range for a list of 2; "
                + "got it as a run-time error (`// runtime error`)",
        ])
        XCTAssertEqual(failures(check + "  // runtime error: unknown name `nope`"), [
            "self/phase.mask:1: expected a run-time error (`// runtime error`) at line 1: unknown name `nope`; "
                + "got it as a parse or check error (`// error`)",
        ])
        // A syntax error is found before the program runs.
        XCTAssertEqual(failures("let = 5  // runtime error 1:5: expected name after `let`"), [
            "self/phase.mask:1: expected a run-time error (`// runtime error`) at line 1: expected name after `let`; "
                + "got it as a parse or check error (`// error`)",
        ])
    }
}

import XCTest
import MaskEngine
@testable import MaskScript

/// Thousands of random programs built from grammar fragments, each run with small limits
/// and rendered at its first and last frames. The test process surviving is the main
/// assertion; every failure must also be a diagnostic inside the source (or a render
/// error, which names its layer).
final class EvaluatorFuzzTests: XCTestCase {
    private static let programsPerSeed = 1_000

    private var limits: Limits {
        var limits = Limits()
        limits.steps = 20_000
        limits.frames = 10
        limits.canvasSide = 64
        limits.listLength = 10_000
        limits.stringLength = 10_000
        return limits
    }

    func testRandomProgramsFailCleanly() {
        var outcomes = (ran: 0, failed: 0)
        for seed in [1, 2, 3] as [UInt64] {
            var generator = ProgramGenerator(seed: seed)
            for index in 0..<Self.programsPerSeed {
                let source = generator.program()
                if check(source, label: "seed \(seed), program \(index)") { outcomes.ran += 1 } else { outcomes.failed += 1 }
            }
        }
        // The generator should reach both ends: programs that run and programs that fail.
        XCTAssertGreaterThan(outcomes.ran, 100)
        XCTAssertGreaterThan(outcomes.failed, 100)
    }

    /// Runs and renders one program; true when it ran and rendered.
    private func check(_ source: String, label: String) -> Bool {
        let file = SourceFile(name: "fuzz.mask", text: source)
        let scene: Scene
        do {
            scene = try Script(source: file).run(options: ScriptOptions(resources: SandboxResolver(), limits: limits,
                                                                        output: { _ in }))
        } catch {
            let end = file.endLocation
            for d in error.diagnostics {
                let start = d.range.start
                XCTAssertTrue(start.line >= 1 && start.column >= 1 && start.offset <= end.offset,
                              "\(label): \(d.message) at \(start.line):\(start.column) is outside the source:\n\(source)")
                XCTAssertFalse(d.message.isEmpty, label)
            }
            XCTAssertFalse(error.diagnostics.isEmpty, label)
            return false
        }
        let renderer = Renderer(scene: scene)
        do {
            XCTAssertLessThanOrEqual(renderer.frameIndices.count, 10, label)
            _ = try renderer.renderFrame(0)
            if let last = renderer.frameIndices.last { _ = try renderer.renderFrame(last) }
            return true
        } catch is RenderError {
            return false
        } catch {
            XCTFail("\(label): render failed with \(error):\n\(source)")
            return false
        }
    }
}

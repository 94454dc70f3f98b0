import Foundation
import MaskEngine
import MaskScript
import XCTest

/// Parallel and asynchronous frames, and a session of scripts, as an embedding app uses
/// them: no `@testable import`.
final class FrameAPITests: XCTestCase {
    private func renderer() throws -> Renderer {
        let text = """
            canvas { size: [24, 16]; fps: 10; duration: 1s }
            layer box { frame: [0, 0, 8, 8]; background: orange }
            animate box.x to 16 over 1s
            """
        return Renderer(scene: try Script(text: text, name: "slide.mask").run(options: ScriptOptions(resources: SandboxResolver())))
    }

    func testParallelFramesAreTheFramesInOrder() throws {
        let renderer = try renderer()
        var frames: [Image] = []
        try renderer.renderFrames(jobs: 3) { index, image in
            XCTAssertEqual(index, frames.count)
            frames.append(image)
        }
        XCTAssertEqual(frames.count, 11)
        XCTAssertEqual(frames, try renderer.frameIndices.map { try renderer.renderFrame($0) })
    }

    func testFramesAsAnAsyncSequence() async throws {
        let renderer = try renderer()
        var indices: [Int] = []
        for try await frame in renderer.frames(2..<6, jobs: 2) {
            XCTAssertEqual(frame.image, try renderer.renderFrame(frame.index))
            indices.append(frame.index)
        }
        XCTAssertEqual(indices, [2, 3, 4, 5])
    }

    func testScriptsRunOneAfterAnotherIntoOneInterpreter() throws {
        let interpreter = Interpreter(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
        try Script(text: "let side = 8", name: "<repl>").run(in: interpreter)
        var echoed: [String] = []
        try Script(text: "side * 3", name: "<repl>").run(in: interpreter) { echoed.append($0.description) }
        XCTAssertEqual(echoed, ["24"])
        XCTAssertThrowsError(try Script(text: "side(", name: "<repl>").run(in: interpreter)) { error in
            XCTAssertTrue(error is DiagnosticList)
        }
    }
}

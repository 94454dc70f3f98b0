import Foundation
import XCTest
@testable import MaskBench
import MaskEngine
import MaskScript

/// `MaskBench render` under a coordinator (`Lockstep`): the laps it offers and takes, a
/// timed pass started only by `go`, and a report after each pass.
final class LockstepTests: XCTestCase {
    /// A process's lockstep over two new pipes, and the coordinator's ends of them: what
    /// the process says comes from `fromProcess`, what the coordinator says goes to
    /// `toProcess`.
    private func pipes() throws -> (lockstep: Lockstep, fromProcess: FileHandle, toProcess: FileHandle) {
        let ready = Pipe(), go = Pipe()
        let spec = "\(ready.fileHandleForWriting.fileDescriptor),\(go.fileHandleForReading.fileDescriptor)"
        let lockstep = try XCTUnwrap(Lockstep(spec))
        // The descriptors stay open as long as the pipes: keep those until the test ends.
        addTeardownBlock { _ = (ready, go) }
        return (lockstep, ready.fileHandleForReading, go.fileHandleForWriting)
    }

    private func line(from handle: FileHandle) throws -> String {
        try Lockstep.line(from: handle)
    }

    func testDescriptorsAreTwoNumbers() {
        XCTAssertNil(Lockstep("3"))
        XCTAssertNil(Lockstep("3,x"))
        XCTAssertNil(Lockstep("3,-1"))
        XCTAssertNil(Lockstep("1,2,3"))
        XCTAssertNotNil(Lockstep("3,4"))
    }

    func testPassesRunWithTheCoordinatorsLapsEachAfterItsGo() throws {
        let pipes = try pipes()
        let renderer = Renderer(scene: try Script(text: "canvas { size: [64, 48]; fps: 30; duration: 2s; background: blue }\n", name: "small.mask").run())
        nonisolated(unsafe) var perFrame = -1.0
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            perFrame = (try? renderPasses(renderer, threads: 1, split: .ends, passes: 3, minimum: 0,
                                          lockstep: pipes.lockstep, checksum: Checksum(threads: 1))) ?? -2
            done.signal()
        }
        XCTAssertEqual(try line(from: pipes.fromProcess), "ready 1", "no minimum: one lap offered")
        try pipes.toProcess.write(contentsOf: Data("2\n".utf8))
        var seconds: [Double] = []
        for pass in 0..<3 {
            // Nothing is timed before `go`: the process waits, and has said nothing more.
            XCTAssertEqual(done.wait(timeout: .now() + 0.05), .timedOut, "pass \(pass) ran before its go")
            try pipes.toProcess.write(contentsOf: Data("go\n".utf8))
            seconds.append(try XCTUnwrap(Double(try line(from: pipes.fromProcess)), "pass \(pass)'s report"))
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        // The best pass, over its 2 laps of 60 frames: the laps are the coordinator's.
        XCTAssertEqual(perFrame, try XCTUnwrap(seconds.min()) / 120, accuracy: 1e-9)
    }

    func testAnUnreadableAnswerIsAnError() throws {
        let pipes = try pipes()
        try pipes.toProcess.write(contentsOf: Data("many\n".utf8))
        XCTAssertThrowsError(try pipes.lockstep.agree(laps: 4))
        XCTAssertEqual(try line(from: pipes.fromProcess), "ready 4")
        try pipes.toProcess.write(contentsOf: Data("stop\n".utf8))
        XCTAssertThrowsError(try pipes.lockstep.awaitStart())
    }
}

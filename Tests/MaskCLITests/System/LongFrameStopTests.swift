import Foundation
import XCTest

/// A stop signal reaches inside a frame: one frame of a 2000×2000 canvas with a
/// `shadowRadius` of 1000 (the budget raised for it) takes minutes in a debug build, yet
/// SIGTERM sent while it is drawn ends `mask render` with 143 and its summary, and leaves
/// no file, whole or partial.
final class LongFrameStopTests: MaskCLITestCase {
    private let longFrame = """
        canvas { size: [2000, 2000]; fps: 10; duration: 1s }
        layer glow { frame: [500, 500, 1000, 1000]; background: white; shadowOpacity: 1; shadowRadius: 1000 }
        print("drawing")

        """

    /// How long a stopped render may take to end: a guard against a hang only (a stopped
    /// frame ends within milliseconds of drawing), not a timing assertion.
    private let hangGuard: TimeInterval = 30

    /// Runs `mask ARGUMENTS` (its standard output to `printed.txt`), sends SIGTERM once
    /// `ready` says the frame is being drawn, and fails if the process then outlives the
    /// hang guard (and kills it).
    private func render(_ arguments: String, stoppedOnceReady ready: @escaping () -> Bool,
                        file: StaticString = #filePath, line: UInt = #line) throws -> MaskRun {
        try write(longFrame, to: "long.mask")
        guard let binary = MaskProcess.binary else { throw XCTSkip("cannot find the built mask binary") }
        let command = "exec \"$0\" \(arguments) --max-frame-work 1000000000000 > printed.txt"
        let stop: (Process) -> Void = { process in
            let started = Date().addingTimeInterval(MaskProcess.timeout)
            while Date() < started, process.isRunning, !ready() { Thread.sleep(forTimeInterval: 0.005) }
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(self.hangGuard)
            while Date() < deadline, process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning {
                XCTFail("mask \(arguments) still draws its frame \(self.hangGuard) s after SIGTERM", file: file, line: line)
                kill(process.processIdentifier, SIGKILL)
            }
        }
        return try MaskProcess.run(["-c", command, binary.path], in: directory, whileRunning: stop,
                                   executable: URL(fileURLWithPath: "/bin/sh"), file: file, line: line)
    }

    /// True once the script has run to its end: what follows at once is the frame.
    private func scriptDone() -> Bool {
        (try? String(contentsOf: url("printed.txt"), encoding: .utf8)) == "drawing\n"
    }

    func testTerminateDuringALongStillEndsTheFrameAndWritesNothing() throws {
        let run = try render("render long.mask --at 0 -o still.png", stoppedOnceReady: scriptDone)
        XCTAssertEqual(run.status, 128 + SIGTERM, run.stderr)
        XCTAssertEqual(run.stderr, "mask: interrupted; still.png not written\n")
        XCTAssertEqual(try listing(), ["long.mask", "printed.txt"])
    }

    func testTerminateDuringALongFrameOfASequenceEndsItAndWritesNothing() throws {
        // The directory is made just before the first frame starts.
        let frames = url("frames").path
        let run = try render("render long.mask -o frames --jobs 2", stoppedOnceReady: { FileManager.default.fileExists(atPath: frames) })
        XCTAssertEqual(run.status, 128 + SIGTERM, run.stderr)
        XCTAssertEqual(run.stderr, "mask: interrupted; 0 of 11 frames written\n")
        XCTAssertEqual(try listing("frames"), [])
    }

    func testTerminateDuringALongFrameOfAnAnimationEndsItAndWritesNothing() throws {
        let run = try render("render long.mask -o long.apng", stoppedOnceReady: scriptDone)
        XCTAssertEqual(run.status, 128 + SIGTERM, run.stderr)
        XCTAssertEqual(run.stderr, "mask: interrupted; no animation written\n")
        XCTAssertEqual(try listing(), ["long.mask", "printed.txt"])
    }
}

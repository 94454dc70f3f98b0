import Foundation
import XCTest

/// What `mask` does differently when standard error is a terminal: progress and colour.
final class TerminalTests: MaskCLITestCase {
    private static let thirtyFrames = """
        canvas { size: [640, 360]; fps: 30; duration: 1s; background: #203040 }
        layer box { frame: [20, 20, 200, 120]; background: orange; cornerRadius: 20 }
        animate box.x to 400 over 1s ease easeInOut

        """

    func testProgressLineOnATerminalIsClearedAtTheEnd() throws {
        try write(Self.thirtyFrames, to: "thirty.mask")
        let run = try MaskProcess.run(["render", "thirty.mask", "--jobs", "1"], in: directory, stderrIsTerminal: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let updates = run.stderr.split(separator: "\r").filter { $0.hasPrefix("frame ") }
        XCTAssertFalse(updates.isEmpty, run.stderr)
        for update in updates {
            XCTAssertNotNil(update.wholeMatch(of: /frame \d+\/31(  \d+\.\d fps  ETA \d+\.\ds)?\u{1B}\[K/), String(update))
        }
        XCTAssertTrue(run.stderr.contains("\r\u{1B}[Kwrote 31 frames to frames/ in "), "the line is erased before the summary")
        XCTAssertEqual(try listing("frames").count, 31)
    }

    func testQuietSilencesProgress() throws {
        try write(Self.thirtyFrames, to: "thirty.mask")
        let run = try MaskProcess.run(["render", "thirty.mask", "--quiet"], in: directory, stderrIsTerminal: true)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "")
    }

    func testErrorsAreColouredOnATerminalUnlessNoColorIsSet() throws {
        try write(TestScripts.runtimeError, to: "run.mask")
        let colored = try MaskProcess.run(["check", "run.mask"], in: directory,
                                          environment: ["NO_COLOR": nil, "TERM": "xterm"], stderrIsTerminal: true)
        XCTAssertEqual(colored.status, 1)
        XCTAssertTrue(colored.stderr.contains("\u{1B}[1;31merror\u{1B}[0m"), colored.stderr)
        let plain = try MaskProcess.run(["check", "run.mask"], in: directory, stderrIsTerminal: true)
        XCTAssertEqual(plain.status, 1)
        XCTAssertFalse(plain.stderr.contains("\u{1B}"), plain.stderr)
    }
}

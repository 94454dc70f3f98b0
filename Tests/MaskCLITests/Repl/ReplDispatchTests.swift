import Foundation
import XCTest

/// `mask repl` is reached through the same command line; its own behaviour is tested on
/// its branch. Here: dispatch, the script loaded first, and piped input.
final class ReplDispatchTests: MaskCLITestCase {
    func testPipedStatementsRunAfterTheScript() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try MaskProcess.run(["repl", "six.mask"], in: directory, input: "print(2 + 3)\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "hello 10\n5\n")
    }

    func testPipedErrorsGiveStatusOne() throws {
        let run = try MaskProcess.run(["repl"], in: directory, input: "print(nothing)\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains(": error: "), run.stderr)
    }
}

import Foundation
import XCTest

/// Signals other than Ctrl-C that end a render: each leaves only whole frames and no
/// temporary file behind.
final class SignalTests: MaskCLITestCase {
    private let longScene = """
        canvas { size: [640, 480]; fps: 30; duration: 10s }
        layer a { frame: [0, 0, 640, 480]; background: red; cornerRadius: 40 }
        animate a.opacity to 0 over 10s

        """

    /// Asserts that `frames` holds only whole 640×480 PPM frames, and at least one.
    private func assertOnlyWholeFrames(file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try listing("frames")
        XCTAssertFalse(names.isEmpty, file: file, line: line)
        let size = ppmHeader(width: 640, height: 480).count + 640 * 480 * 3
        for name in names {
            XCTAssertTrue(name.hasPrefix("frame_") && name.hasSuffix(".ppm"), "stray file \(name)", file: file, line: line)
            XCTAssertEqual(try bytes("frames/" + name).count, size, name, file: file, line: line)
        }
    }

    /// Sends `signal` once the first frame is on disk.
    private func render(stoppedBy signal: Int32) throws -> MaskRun {
        try write(longScene, to: "long.mask")
        let frames = url("frames")
        return try MaskProcess.run(["render", "long.mask", "--jobs", "2"], in: directory) { process in
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: frames.path))?
                .contains(where: { $0.hasPrefix("frame_") }) != true {
                Thread.sleep(forTimeInterval: 0.01)
            }
            kill(process.processIdentifier, signal)
        }
    }

    func testHangupStopsAfterWholeFramesAndExits129() throws {
        let run = try render(stoppedBy: SIGHUP)
        XCTAssertEqual(run.status, 128 + SIGHUP, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("mask: interrupted; "), run.stderr)
        try assertOnlyWholeFrames()
    }

    func testBrokenPipeSignalStopsAfterWholeFramesAndExits141() throws {
        let run = try render(stoppedBy: SIGPIPE)
        XCTAssertEqual(run.status, 128 + SIGPIPE, run.stderr)
        try assertOnlyWholeFrames()
    }

    /// True once the process has a handler for `signal` (`SigCgt` in /proc).
    private func catches(_ signal: Int32, pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Parsing and checking 2 M unknown names polls no stop flag: a SIGTERM then ends the
    /// process at once instead of after the check (which then printed its errors).
    func testTerminateWhileAScriptIsCheckedEndsAtOnce() throws {
        try write(String(repeating: "zz\n", count: 2_000_000), to: "big.mask")
        let run = try MaskProcess.run(["check", "big.mask"], in: directory) { process in
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, !self.catches(SIGTERM, pid: process.processIdentifier) {
                Thread.sleep(forTimeInterval: 0.001)
            }
            kill(process.processIdentifier, SIGTERM)
        }
        XCTAssertEqual(run.status, 128 + SIGTERM, run.stderr)
        XCTAssertEqual(run.stderr, "")
    }

    /// Past `ulimit -f` the kernel sends SIGXFSZ; it is ignored, so the write fails with
    /// EFBIG, the command says so and exits 1, and the partial temporary is removed.
    func testFileSizeLimitFailsTheWriteAndLeavesNoTemporary() throws {
        try write(longScene, to: "long.mask")
        guard let binary = MaskProcess.binary else { return XCTFail("cannot find the built mask binary") }
        // The limit is per file: 1,000 blocks of 512 bytes, less than one 900 KB frame.
        let run = try MaskProcess.run(["-c", "ulimit -f 1000 && exec \"$0\" render long.mask --jobs 2", binary.path],
                                      in: directory, executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("mask: error: "), run.stderr)
        XCTAssertTrue(run.stderr.contains("File too large"), run.stderr)
        XCTAssertEqual(try listing("frames"), [])
    }
}

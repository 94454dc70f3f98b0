import Foundation
import XCTest

/// Outputs after something went wrong elsewhere: an encoder that stops reading or writes
/// nothing, and temporary files a killed render left behind.
final class OutputRecoveryTests: MaskCLITestCase {
    /// Frames of 921,600 bytes: one is more than a socket holds, so a writer to an
    /// encoder that never reads is stuck on the first.
    private let largeScene = """
        canvas { size: [640, 480]; fps: 30; duration: 2s }
        layer a { frame: [0, 0, 640, 480]; background: red }
        animate a.opacity to 0 over 2s

        """

    /// Three frames of 8×8.
    private let smallScene = "canvas { size: [8, 8]; fps: 2; duration: 1s }\nlayer a { frame: [0, 0, 4, 4]; background: red }\n"

    /// Puts a stand-in `ffmpeg` running `script` first on PATH; returns that PATH.
    private func fakeFFmpeg(_ script: String) throws -> String {
        try write("#!/bin/sh\n\(script)\n", to: "bin/ffmpeg")
        XCTAssertEqual(chmod(url("bin/ffmpeg").path, 0o755), 0)
        return url("bin").path + ":/usr/bin:/bin"
    }

    /// An ffmpeg that never reads: SIGTERM still ends the render (it does not wait for
    /// room in the socket), ffmpeg is killed, and no file is left.
    func testTerminateStopsARenderWhoseEncoderStoppedReading() throws {
        try write(largeScene, to: "s.mask")
        let path = try fakeFFmpeg("echo $$ > \"$PWD/ffmpeg.pid\"; exec sleep 600")
        let run = try MaskProcess.run(["render", "s.mask", "-o", "out.gif"], in: directory, environment: ["PATH": path]) { process in
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, (try? self.bytes("ffmpeg.pid"))?.last != UInt8(ascii: "\n") {
                Thread.sleep(forTimeInterval: 0.01)
            }
            kill(process.processIdentifier, SIGTERM)
        }
        XCTAssertEqual(run.status, 128 + SIGTERM, run.stderr)
        XCTAssertEqual(run.stderr, "mask: interrupted; no animation written\n")
        let pid = try XCTUnwrap(pid_t(String(decoding: try bytes("ffmpeg.pid"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNotEqual(kill(pid, 0), 0, "the stuck ffmpeg was stopped")
        XCTAssertEqual(try listing(), ["bin", "ffmpeg.pid", "s.mask"])
    }

    /// An ffmpeg that reads everything and exits 0 but writes nothing is a failure, not
    /// an empty GIF.
    func testEncoderThatWritesNothingIsAnError() throws {
        try write(smallScene, to: "s.mask")
        let path = try fakeFFmpeg("cat >/dev/null; exit 0")
        let run = try MaskProcess.run(["render", "s.mask", "-o", "out.gif"], in: directory, environment: ["PATH": path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "mask: error: cannot write 'out.gif': ffmpeg failed: it ended without writing the file\n")
        XCTAssertEqual(try listing(), ["bin", "s.mask"])
    }

    /// The id of a process that has ended.
    private func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// What a SIGKILLed render leaves is removed by the next render into the same place;
    /// temporaries of live processes and of other names stay.
    func testRenderRemovesTemporariesOfItsOutputsLeftByDeadProcesses() throws {
        try write(smallScene, to: "s.mask")
        let dead = try deadProcessID(), live = getpid()
        let abandoned = [".frame_00064.ppm.tmp-\(dead)-123", ".frame_00001.png.tmp-\(dead)-9"]
        let kept = [".frame_00002.ppm.tmp-\(live)-5", ".notes.txt.tmp-\(dead)-7", "notes.txt"]
        for name in abandoned + kept { try write("x", to: "frames/" + name) }
        try write("x", to: ".out.apng.tmp-\(dead)-42")
        try write("x", to: ".other.apng.tmp-\(dead)-42")

        XCTAssertEqual(try mask("render", "s.mask", "-o", "frames").status, 0)
        XCTAssertEqual(try listing("frames"), (kept + ["frame_00000.ppm", "frame_00001.ppm", "frame_00002.ppm"]).sorted())
        XCTAssertEqual(try mask("render", "s.mask", "-o", "out.apng").status, 0)
        XCTAssertEqual(try listing(), [".other.apng.tmp-\(dead)-42", "frames", "out.apng", "s.mask"])
    }
}

import Foundation
import XCTest

/// Input files that are not regular files (a named pipe, a device) are refused at once,
/// naming the path and what it is, instead of blocking the process forever.
final class SpecialFileTests: MaskCLITestCase {
    /// Makes a named pipe in the test directory that no one ever writes to.
    private func makeFIFO(_ name: String) throws {
        XCTAssertEqual(mkfifo(url(name).path, 0o644), 0, String(cString: strerror(errno)))
    }

    func testScriptThatIsANamedPipeIsRefused() throws {
        try makeFIFO("pipe.mask")
        for command in ["check", "render"] {
            let run = try mask(command, "pipe.mask")
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr, "mask: error: cannot read 'pipe.mask': it is a named pipe (FIFO), not a regular file\n")
        }
        XCTAssertEqual(try listing(), ["pipe.mask"])
    }

    func testScriptThatIsADeviceIsRefused() throws {
        let run = try mask("check", "/dev/zero")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderr, "mask: error: cannot read '/dev/zero': it is a character device, not a regular file\n")
    }

    func testImageThatIsANamedPipeIsAnErrorAtTheCall() throws {
        try makeFIFO("pipe.png")
        try write("layer { frame: [0, 0, 10, 10]; contents: image(\"pipe.png\") }\n", to: "img.mask")
        let run = try mask("render", "img.mask")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("img.mask:1:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("pipe.png"), run.stderr)
        XCTAssertTrue(run.stderr.contains("named pipe"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("frames").path))
    }

    func testFontThatIsANamedPipeIsAnError() throws {
        try makeFIFO("pipe.ttf")
        try write("text t { frame: [0, 0, 100, 40]; string: \"hi\"; font: \"pipe.ttf\" }\n", to: "font.mask")
        let run = try mask("check", "font.mask")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("font.mask:1:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("pipe.ttf"), run.stderr)
        XCTAssertTrue(run.stderr.contains("named pipe"), run.stderr)
    }

    func testReplLoadOfANamedPipeIsRefused() throws {
        try makeFIFO("pipe.mask")
        let run = try MaskProcess.run(["repl"], in: directory, input: ":load pipe.mask\nprint(\"after\")\n")
        XCTAssertTrue(run.stderr.contains("cannot read 'pipe.mask': it is a named pipe (FIFO), not a regular file"),
                      run.stderr)
        XCTAssertTrue(run.stdout.contains("after"), run.stdout)
    }

    /// Some Windows editors start a UTF-8 file with a byte-order mark; it is not part of
    /// the text, and columns count from the character after it.
    func testLeadingByteOrderMarkIsSkipped() throws {
        try write(Data([0xEF, 0xBB, 0xBF] + Array("print(\"ok\")\n".utf8)), to: "bom.mask")
        let run = try mask("check", "bom.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "ok\n")

        try write(Data([0xEF, 0xBB, 0xBF] + Array("print(nope)\n".utf8)), to: "bad.mask")
        let bad = try mask("check", "bad.mask")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("bad.mask:1:7: error:"), bad.stderr)
    }
}

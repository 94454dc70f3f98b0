import Foundation
import XCTest

/// Outputs never destroy what is at their path (a named pipe stays a named pipe), paths
/// with a NUL are refused at the string that holds them, and control characters from a
/// script never reach the terminal raw.
final class OutputSafetyTests: MaskCLITestCase {
    private let scene = "canvas { size: [8, 8]; fps: 4; duration: 1s }\nlayer a { frame: [0, 0, 4, 4]; background: red }\n"

    private func makeFIFO(_ name: String) throws {
        XCTAssertEqual(mkfifo(url(name).path, 0o644), 0, String(cString: strerror(errno)))
    }

    private func assertStillAFIFO(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        var info = stat()
        XCTAssertEqual(lstat(url(name).path, &info), 0, file: file, line: line)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "\(name) was replaced", file: file, line: line)
    }

    func testNamedPipeGivenAsAnOutputIsRefusedAndKept() throws {
        try write(scene, to: "s.mask")
        for (name, arguments) in [
            ("still.ppm", ["render", "s.mask", "--at", "0", "-o", "still.ppm"]),
            ("anim.apng", ["render", "s.mask", "-o", "anim.apng"]),
            ("sheet.png", ["render", "s.mask", "--sheet", "sheet.png"]),
            ("out.json", ["export", "s.mask", "-o", "out.json"]),
        ] {
            try makeFIFO(name)
            let run = try MaskProcess.run(arguments, in: directory)
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr, "mask: error: cannot write \(name.hasSuffix(".json") ? "" : "image ")'\(name)': it is a named pipe (FIFO), "
                + "not a regular file; outputs replace only regular files\n", "\(arguments)")
            assertStillAFIFO(name)
        }
        XCTAssertEqual(try listing(), ["anim.apng", "out.json", "s.mask", "sheet.png", "still.ppm"], "no temporary is left")
    }

    func testReplSaveToANamedPipeIsRefused() throws {
        try makeFIFO("still.ppm")
        let run = try MaskProcess.run(["repl"], in: directory, input: scene + ":save still.ppm\nprint(\"after\")\n")
        XCTAssertTrue(run.stderr.contains("'still.ppm': it is a named pipe (FIFO), not a regular file"), run.stderr)
        XCTAssertTrue(run.stdout.contains("after"), run.stdout)
        assertStillAFIFO("still.ppm")
    }

    /// The system would read `a\0.png` as `a`: another file than the one named.
    func testNulInAnImageOrImportPathIsAnErrorAtTheString() throws {
        try write(Data(), to: "a")
        try write("layer { frame: [0, 0, 10, 10]; contents: image(\"a\\u{0}.png\") }\n", to: "image.mask")
        let image = try mask("check", "image.mask")
        XCTAssertEqual(image.status, 1)
        XCTAssertTrue(image.stderr.hasPrefix("image.mask:1:48: error: cannot read image '"), image.stderr)
        XCTAssertTrue(image.stderr.contains("a\\u{0}.png': the path contains a NUL character"), image.stderr)

        try write("let x = 1\n", to: "a")
        try write("import \"a\\u{0}.mask\" as lib\n", to: "import.mask")
        let imported = try mask("check", "import.mask")
        XCTAssertEqual(imported.status, 1)
        XCTAssertTrue(imported.stderr.hasPrefix("import.mask:1:8: error: "), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("the path contains a NUL character"), imported.stderr)
    }

    /// An image path holding `ESC ] 0 ; title BEL` would retitle the terminal.
    func testControlCharactersInMessagesAndLinesAreEscaped() throws {
        try write("layer { frame: [0, 0, 10, 10]; contents: image(\"\\u{1b}]0;t\\u{7}.png\") }\n", to: "esc.mask")
        let run = try mask("check", "esc.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, run.stderr)
        XCTAssertTrue(run.stderr.contains("\\u{1b}]0;t\\u{7}.png': No such file or directory"), run.stderr)

        try write("let s = \"\u{1b}[31m\" + zz\n", to: "line.mask")
        let line = try mask("check", "line.mask")
        XCTAssertEqual(line.stderr, """
            line.mask:1:19: error: unknown name `zz`
                1 | let s = "\\u{1b}[31m" + zz
                  |                        ^~

            """)
    }

    /// Many editors' clients start servers with `--stdio`.
    func testLanguageServerAcceptsStdio() throws {
        let session = try LSPSession(in: directory, arguments: ["lsp", "--stdio"])
        try session.initialize()
        XCTAssertEqual(try session.shutDown(), 0)
    }
}

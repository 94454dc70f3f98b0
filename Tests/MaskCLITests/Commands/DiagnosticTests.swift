import Foundation
import XCTest

/// Errors in scripts and their inputs: exit status 1 and LANGUAGE.md section 8's format.
final class DiagnosticTests: MaskCLITestCase {
    func testSyntaxErrorsAreAllReportedWithLineAndCaret() throws {
        try write(TestScripts.syntaxErrors, to: "bad.mask")
        let run = try mask("render", "bad.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.indices.filter { lines[$0].hasPrefix("bad.mask:") && lines[$0].contains(": error: ") }
        XCTAssertGreaterThanOrEqual(headers.count, 3, run.stderr)
        XCTAssertEqual(Set(headers.map { lines[$0].split(separator: ":")[1] }), ["2", "3", "4"], run.stderr)
        let first = try XCTUnwrap(headers.first)
        XCTAssertTrue(lines[first].hasPrefix("bad.mask:2:5: error: "), lines[first])
        XCTAssertEqual(lines[first + 1], "    2 | let = 5")
        XCTAssertEqual(lines[first + 2], "      |     ^")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("frames").path))
    }

    /// Core Animation's words get the mask word, in properties, key paths and clauses.
    func testCoreAnimationWordsSuggestTheMaskWord() throws {
        try write("shape s {\n  fillColor: red\n  transform.scale: 2\n}\n", to: "ca.mask")
        let run = try mask("check", "ca.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, """
            ca.mask:2:3: error: unknown property `fillColor`; did you mean `fill`?
                2 |   fillColor: red
                  |   ^~~~~~~~~
            ca.mask:3:3: error: unknown property `transform.scale`; did you mean `scale`?
                3 |   transform.scale: 2
                  |   ^~~~~~~~~~~~~~~

            """)
        try write("layer a { }\nanimate a.opacity to 0 duration 2s repeatCount 2\n", to: "clause.mask")
        let clauses = try mask("check", "clause.mask")
        XCTAssertEqual(clauses.status, 1)
        XCTAssertEqual(clauses.stderr, """
            clause.mask:2:24: error: unknown animate clause `duration`; did you mean `over`?
                2 | animate a.opacity to 0 duration 2s repeatCount 2
                  |                        ^~~~~~~~
            clause.mask:2:36: error: unknown animate clause `repeatCount`; did you mean `repeat`?
                2 | animate a.opacity to 0 duration 2s repeatCount 2
                  |                                    ^~~~~~~~~~~

            """)
    }

    func testRuntimeErrorShowsFileLineColumnSourceAndCaret() throws {
        try write(TestScripts.runtimeError, to: "run.mask")
        let run = try mask("render", "run.mask")
        XCTAssertEqual(run.status, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, run.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("run.mask:2:7: error: ") ?? false, run.stderr)
        XCTAssertTrue(lines.first?.contains("`y`") ?? false, run.stderr)
        XCTAssertEqual(Array(lines.dropFirst()), ["    2 | print(y)", "      |       ^"])
        XCTAssertTrue(run.stderr.hasSuffix("\n"))
    }

    func testDiagnosticsNameTheScriptAsTyped() throws {
        try write(TestScripts.runtimeError, to: "sub/run.mask")
        let run = try mask("check", "sub/run.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("sub/run.mask:2:7: error: "), run.stderr)
    }

    func testMissingScriptFile() throws {
        let run = try mask("render", "missing.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: cannot read 'missing.mask': No such file or directory\n")
        XCTAssertEqual(try listing(), [])
    }

    func testDirectoryAsScript() throws {
        try FileManager.default.createDirectory(at: url("folder.mask"), withIntermediateDirectories: true)
        let run = try mask("check", "folder.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: cannot read 'folder.mask': it is a directory, not a regular file\n")
    }

    func testMissingImageIsAnInputError() throws {
        try write("layer { contents: image(\"nowhere.png\") }\n", to: "img.mask")
        let run = try mask("render", "img.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("img.mask:1:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nowhere.png"), run.stderr)
    }

    func testBadPNGIsAnInputError() throws {
        try write(Data(Self.pngSignature + [0, 1, 2, 3]), to: "broken.png")
        try write("layer { contents: image(\"broken.png\") }\n", to: "img.mask")
        let run = try mask("check", "img.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("broken.png"), run.stderr)
    }

    /// A PNG whose header declares 16384×16384 in a few dozen bytes: exit 1 with the
    /// call's place, nothing allocated for the pixels and no frame written.
    func testPNGBombHeaderIsAnInputErrorAtTheCall() throws {
        try write(Data(HostileImages.png(width: 16_384, height: 16_384)), to: "bomb.png")
        try write(Data(HostileImages.png(width: 8_192, height: 8_192)), to: "big.png")
        for name in ["bomb.png", "big.png"] {
            try write("canvas { size: [8, 8] }\nlayer { contents: image(\"\(name)\") }\n", to: "img.mask")
            let run = try mask("render", "img.mask", "-o", "out")
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("img.mask:2:25: error: "), run.stderr)
            XCTAssertTrue(run.stderr.contains(name), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url("out/frame_00000.ppm").path))
        }
    }

    func testInvalidUTF8IsReportedAsADiagnostic() throws {
        try write(Data([0x6C, 0x65, 0x74, 0x20, 0x78, 0x20, 0x3D, 0x20, 0xFF, 0x0A]), to: "bytes.mask")
        let run = try mask("check", "bytes.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("bytes.mask:1:9: error: "), run.stderr)
    }
}

import Foundation
import XCTest

/// `mask check`, and how scripts see files and standard output.
final class CheckTests: MaskCLITestCase {
    func testCheckRunsTheScriptAndWritesNothing() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("check", "six.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "hello 10\n")
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(try listing(), ["six.mask"])
    }

    func testCheckReportsErrors() throws {
        try write(TestScripts.syntaxErrors, to: "bad.mask")
        try write(TestScripts.runtimeError, to: "run.mask")
        let syntax = try mask("check", "bad.mask")
        XCTAssertEqual(syntax.status, 1)
        XCTAssertEqual(syntax.stderr.components(separatedBy: ": error: ").count - 1, 3, syntax.stderr)
        let runtime = try mask("check", "run.mask")
        XCTAssertEqual(runtime.status, 1)
        XCTAssertTrue(runtime.stderr.hasPrefix("run.mask:2:7: error: "), runtime.stderr)
        XCTAssertEqual(try mask("check", "none.mask").status, 1)
    }

    func testCheckFindsUnknownNamesInCodeThatNeverRuns() throws {
        try write("fn f() { print(typo) }\nif false { print(alsotypo) }\nprint(\"ran\")\n", to: "never.mask")
        let run = try mask("check", "never.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "", "a program with static errors does not run")
        XCTAssertTrue(run.stderr.hasPrefix("never.mask:1:16: error: unknown name `typo`"), run.stderr)
        XCTAssertTrue(run.stderr.contains("never.mask:2:18: error: unknown name `alsotypo`"), run.stderr)
    }

    func testRelativeImagePathsResolveAgainstTheScriptsFolder() throws {
        try write(Self.tinyPPM, to: "project/img/dot.ppm")
        try write("""
            canvas { size: [4, 4]; background: black }
            layer { frame: [0, 0, 2, 2]; contents: image("img/dot.ppm") }

            """, to: "project/scene.mask")
        try FileManager.default.createDirectory(at: url("elsewhere"), withIntermediateDirectories: true)
        let run = try mask("render", "../project/scene.mask", "--at", "0", "-o", "still.ppm", in: "elsewhere")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("elsewhere"), ["still.ppm"], "-o is relative to the current directory")
        let image = try bytes("elsewhere/still.ppm")
        XCTAssertEqual(Array(image.prefix(11)), ppmHeader(width: 4, height: 4))
    }

    func testRelativeImagePathsIgnoreTheCurrentDirectory() throws {
        try write(Self.tinyPPM, to: "elsewhere/img/dot.ppm")
        try write("layer { contents: image(\"img/dot.ppm\") }\n", to: "project/scene.mask")
        let run = try mask("check", "../project/scene.mask", in: "elsewhere")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("../project/scene.mask:1:"), run.stderr)
    }

    func testPrintIsFlushedInOrderWhenPiped() throws {
        try write("""
            for i in 0..<300 { print("line", i) }

            """, to: "many.mask")
        let run = try mask("check", "many.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, (0..<300).map { "line \($0)\n" }.joined())
    }
}

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

    /// `--lottie` lists every construct `export` refuses, each at the property that asks
    /// for it, all at once; without it, `check` accepts what renders.
    func testCheckLottieListsEveryExportRefusalAtItsLine() throws {
        try write("""
            canvas { size: [40, 40]; duration: 1s }
            gradient wheel {
              colors: [red, blue]
              type: conic
            }
            layer card {
              frame: [0, 0, 10, 10]
              borderWidth: 2
              shadowOpacity: 0.5
            }

            """, to: "lot.mask")
        XCTAssertEqual(try mask("check", "lot.mask").status, 0)
        let run = try mask("check", "lot.mask", "--lottie")
        XCTAssertEqual(run.status, 1, run.stderr)
        let headers = run.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("lot.mask:") }
        XCTAssertEqual(headers, [
            "lot.mask:4:3: error: cannot export layer `wheel` as Lottie: a conic gradient has no Lottie equivalent",
            "lot.mask:2:1: note: layer `wheel` is declared here",
            "lot.mask:8:3: error: cannot export layer `card` as Lottie: a border has no Lottie equivalent",
            "lot.mask:6:1: note: layer `card` is declared here",
            "lot.mask:9:3: error: cannot export layer `card` as Lottie: a shadow has no Lottie equivalent",
            "lot.mask:6:1: note: layer `card` is declared here",
        ], run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("""
            lot.mask:4:3: error: cannot export layer `wheel` as Lottie: a conic gradient has no Lottie equivalent
                4 |   type: conic
                  |   ^~~~~~~~~~~

            """), run.stderr)
        XCTAssertEqual(try listing(), ["lot.mask"])
        let typo = try mask("check", "lot.mask", "--lotie")
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean '--lottie'?"), typo.stderr)
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

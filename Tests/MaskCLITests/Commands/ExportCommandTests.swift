import Foundation
import XCTest

/// `mask export FILE.mask -o OUT.json`: a Lottie file written whole, errors for what
/// Lottie cannot express (exit 1) and for bad usage (exit 2).
final class ExportCommandTests: MaskCLITestCase {
    private let script = """
        canvas { size: [40, 30]; duration: 1s }
        layer box {
          frame: [0, 0, 10, 10]
          background: red
        }
        animate box.x to 30 over 1s ease easeInOut

        """

    func testWritesLottieJSON() throws {
        try write(script, to: "a.mask")
        let run = try mask("export", "a.mask", "-o", "a.json")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let object = try JSONSerialization.jsonObject(with: Data(try bytes("a.json"))) as? [String: Any]
        XCTAssertEqual(object?["w"] as? Int, 40)
        XCTAssertEqual(object?["h"] as? Int, 30)
        XCTAssertEqual(object?["op"] as? Int, 31)
        XCTAssertEqual(try listing(), ["a.json", "a.mask"], "no temporary is left")
    }

    func testConicGradientIsAnErrorAndWritesNothing() throws {
        try write("canvas { size: [40, 40]; duration: 1s }\ngradient wheel {\n  colors: [red, blue]\n  type: conic\n}\n",
                  to: "c.mask")
        let run = try mask("export", "c.mask", "-o", "c.json")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("conic gradient"), run.stderr)
        XCTAssertTrue(run.stderr.contains("wheel"), run.stderr)
        XCTAssertEqual(try listing(), ["c.mask"])
    }

    func testUsageErrorsExitTwo() throws {
        try write(script, to: "a.mask")
        XCTAssertEqual(try mask("export", "a.mask").status, 2, "no output")
        XCTAssertEqual(try mask("export", "-o", "a.json").status, 2, "no script")
        XCTAssertEqual(try mask("export", "a.mask", "b.mask", "-o", "a.json").status, 2, "two scripts")
        let unknown = try mask("export", "a.mask", "-o", "a.json", "--fast")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--fast"), unknown.stderr)
    }

    func testHelp() throws {
        let run = try mask("export", "--help")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasPrefix("usage: mask export FILE.mask -o OUT.json"), run.stdout)
        XCTAssertTrue(try mask("--help").stdout.contains("mask export FILE.mask -o OUT.json"))
    }
}

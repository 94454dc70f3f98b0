import Foundation
import XCTest

/// `mask render` on the library's one frame loop: a failing frame leaves exactly the
/// frames before it, whatever `--jobs`; a contact sheet is the same for every `--jobs`.
final class FrameLoopCLITests: MaskCLITestCase {
    /// A square growing from 8 to 64 pixels over 11 frames: past some frame it costs more
    /// than a small work budget.
    private let growing = """
        canvas { size: [64, 64]; fps: 10; duration: 1s; background: black }
        layer box { frame: [0, 0, 8, 8]; background: red }
        animate box.width to 64 over 1s
        animate box.height to 64 over 1s

        """

    func testAFailingFrameLeavesTheFramesBeforeItForEveryJobCount() throws {
        try write(growing, to: "grow.mask")
        var failing: [Int] = []
        for jobs in ["1", "3"] {
            let run = try mask("render", "grow.mask", "-o", "out\(jobs)", "--jobs", jobs, "--max-frame-work", "1500")
            XCTAssertEqual(run.status, 1, run.stderr)
            let prefix = "grow.mask:2:1: error: cannot render frame "
            XCTAssertTrue(run.stderr.hasPrefix(prefix), run.stderr)
            let frame = Int(run.stderr.dropFirst(prefix.count).prefix { $0.isNumber }) ?? -1
            XCTAssertEqual(try listing("out\(jobs)"), (0..<frame).map { String(format: "frame_%05d.ppm", $0) }, "jobs \(jobs)")
            failing.append(frame)
        }
        XCTAssertEqual(failing[0], failing[1])
        XCTAssertTrue((1...9).contains(failing[0]), "frame \(failing[0]) fails")
    }

    func testASheetIsTheSameForEveryJobCount() throws {
        try write(TestScripts.animated, to: "anim.mask")
        XCTAssertEqual(try mask("render", "anim.mask", "--sheet", "one.png", "--jobs", "1").status, 0)
        XCTAssertEqual(try mask("render", "anim.mask", "--sheet", "three.png", "--jobs", "3").status, 0)
        XCTAssertEqual(try bytes("one.png"), try bytes("three.png"))
    }
}

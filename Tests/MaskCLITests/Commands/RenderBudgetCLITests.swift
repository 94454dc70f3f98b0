import Foundation
import XCTest

/// A frame over the render budget: exit 1 with the layer, the line that declared it and
/// the option that raises the limit, and no frame written; within it, frames as usual.
final class RenderBudgetCLITests: MaskCLITestCase {
    /// Twenty translucent 512×512 layers, each inside the last: 1 MiB of buffer each.
    private let nested: String = {
        var text = "canvas { size: [512, 512]; fps: 10; duration: 0.2s }\n"
        for level in 0..<20 {
            text += String(repeating: "  ", count: level)
                + "layer l\(level) { frame: [0, 0, 512, 512]; opacity: 0.9; background: #ff000020\n"
            text += String(repeating: "  ", count: level + 1) + "layer { frame: [0, 0, 8, 8]; background: blue }\n"
        }
        for level in (0..<20).reversed() { text += String(repeating: "  ", count: level) + "}\n" }
        return text
    }()

    func testAFrameOverTheMemoryBudgetNamesTheLayerAndTheOption() throws {
        try write(nested, to: "deep.mask")
        let run = try mask("render", "deep.mask", "--max-frame-memory", "8M")
        XCTAssertEqual(run.status, 1, run.stderr)
        // The frame (1 MiB) and the groups of l0 to l7 (1 MiB each) pass 8 MiB at l7.
        XCTAssertTrue(run.stderr.hasPrefix("mask: error: cannot render frame 0: layer l7 (deep.mask:16:15) would need 9.0 MiB"
            + " of offscreen buffers in one frame, over the render budget of 8.0 MiB"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("'--max-frame-memory SIZE' raises the limit\n"), run.stderr)
        XCTAssertEqual((try? listing("frames")) ?? [], [])

        let roomy = try mask("render", "deep.mask", "--max-frame-memory", "1G", "--frames", "0:0")
        XCTAssertEqual(roomy.status, 0, roomy.stderr)
        XCTAssertEqual(try listing("frames"), ["frame_00000.ppm"])
    }

    func testAFrameOverTheWorkBudgetNamesTheOption() throws {
        try write(nested, to: "deep.mask")
        let run = try mask("render", "deep.mask", "--at", "0", "-o", "x.png", "--max-frame-work", "2M")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("passes the render budget of 2097152 pixel operations a frame"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("'--max-frame-work N' raises the limit\n"), run.stderr)
        XCTAssertEqual(try listing(), ["deep.mask"])
    }

    func testBadSizesAreUsageErrors() throws {
        try write(nested, to: "deep.mask")
        for value in ["0", "-1", "12X", "4.5G", "", "99999999999999999999T"] {
            let run = try mask("render", "deep.mask", "--max-frame-memory", value)
            XCTAssertEqual(run.status, 2, value)
            XCTAssertTrue(run.stderr.hasPrefix("mask: error: invalid value '\(value)' for '--max-frame-memory'"), run.stderr)
        }
    }
}

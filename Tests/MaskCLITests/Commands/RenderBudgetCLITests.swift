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
        // At l7's declaration, in the one diagnostic form: line, caret under its column.
        XCTAssertTrue(run.stderr.hasPrefix("deep.mask:16:15: error: cannot render frame 0: layer `l7` would need 9.0 MiB"
            + " of offscreen buffers in one frame, over the render budget of 8.0 MiB"), run.stderr)
        XCTAssertTrue(run.stderr.contains("'--max-frame-memory SIZE' raises the limit\n"
            + "   16 |               layer l7 {"), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("\n      |               ^\n"), run.stderr)
        XCTAssertEqual((try? listing("frames")) ?? [], [])

        for size in ["1G", "1GB", "1GiB", "1024M", "1024MB", "1024MiB", "1073741824"] {
            let roomy = try mask("render", "deep.mask", "--max-frame-memory", size, "--frames", "0:0")
            XCTAssertEqual(roomy.status, 0, "\(size): \(roomy.stderr)")
            XCTAssertEqual(try listing("frames"), ["frame_00000.ppm"])
        }
        // The frame and 20 groups need 21 MiB: M is 1024 × 1024, so 21MB passes where
        // 22,000,000 bytes do not.
        XCTAssertEqual(try mask("render", "deep.mask", "--max-frame-memory", "21MB", "--frames", "0:0").status, 0)
        XCTAssertEqual(try mask("render", "deep.mask", "--max-frame-memory", "22000000", "--frames", "0:0").status, 1)
    }

    func testAFrameOverTheWorkBudgetNamesTheOption() throws {
        try write(nested, to: "deep.mask")
        let run = try mask("render", "deep.mask", "--at", "0", "-o", "x.png", "--max-frame-work", "2M")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("passes the render budget of 2097152 pixel operations a frame"), run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("deep.mask:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("'--max-frame-work N' raises the limit\n"), run.stderr)
        XCTAssertEqual(try listing(), ["deep.mask"])
    }

    /// `mask check` renders nothing, but finds what the first frame would refuse under the
    /// default budget (a blur over 4 billion operations), at the line of `shadowRadius`.
    func testCheckFindsWhatTheFirstFrameWouldRefuse() throws {
        try write("canvas { size: [2000, 2000] }\nlayer glow {\n  background: white\n  shadowOpacity: 1\n  shadowRadius: 400\n}\n",
                  to: "glow.mask")
        let check = try mask("check", "glow.mask")
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.stderr, """
            glow.mask:5:3: error: cannot render frame 0: drawing the shadow of layer `glow` passes the render budget of \
            4000000000 pixel operations a frame (a shadow's blur takes about 16 × shadowRadius operations a pixel); \
            '--max-frame-work N' raises the limit
                5 |   shadowRadius: 400
                  |   ^~~~~~~~~~~~~~~~~
            glow.mask:2:1: note: layer `glow` is declared here
                2 | layer glow {
                  | ^

            """)
        try write("canvas { size: [2000, 2000] }\nlayer glow {\n  background: white\n  shadowOpacity: 1\n  shadowRadius: 4\n}\n",
                  to: "glow.mask")
        XCTAssertEqual(try mask("check", "glow.mask").status, 0)
    }

    /// A shadow's buffers over the memory budget, and a radius set by `animate`: each at
    /// the line that set `shadowRadius`.
    func testAShadowOverTheBudgetIsAtItsRadius() throws {
        try write("canvas { size: [400, 400]; duration: 1s }\nlayer glow {\n  background: white\n  shadowOpacity: 1\n  shadowRadius: 40\n}\n",
                  to: "glow.mask")
        let memory = try mask("render", "glow.mask", "--at", "0", "-o", "x.png", "--max-frame-memory", "1500000")
        XCTAssertEqual(memory.status, 1, memory.stderr)
        XCTAssertTrue(memory.stderr.hasPrefix("glow.mask:5:3: error: cannot render the frame at 0.0s: the shadow of layer `glow` would need "),
                      memory.stderr)
        XCTAssertTrue(memory.stderr.contains("'--max-frame-memory SIZE' raises the limit\n    5 |   shadowRadius: 40\n"), memory.stderr)
        try write("canvas { size: [400, 400]; duration: 1s }\nlayer glow {\n  background: white\n  shadowOpacity: 1\n}\n"
                  + "animate glow.shadowRadius to 40 over 1s\n", to: "glow.mask")
        let work = try mask("render", "glow.mask", "--at", "1", "-o", "x.png", "--max-frame-work", "10M")
        XCTAssertEqual(work.status, 1, work.stderr)
        XCTAssertTrue(work.stderr.hasPrefix("glow.mask:6:9: error: cannot render the frame at 1.0s: drawing the shadow of layer `glow`"),
                      work.stderr)
        XCTAssertTrue(work.stderr.contains("glow.mask:2:1: note: layer `glow` is declared here"), work.stderr)
        XCTAssertEqual(try listing(), ["glow.mask"])
    }

    func testBadSizesAreUsageErrors() throws {
        try write(nested, to: "deep.mask")
        for value in ["0", "-1", "12X", "4.5G", "", "99999999999999999999T", "4GiBs", "MB", "4BG"] {
            let run = try mask("render", "deep.mask", "--max-frame-memory", value)
            XCTAssertEqual(run.status, 2, value)
            XCTAssertTrue(run.stderr.hasPrefix("mask: error: invalid value '\(value)' for '--max-frame-memory'"), run.stderr)
        }
    }
}

import Foundation
import XCTest

/// `mask render`: which files it writes, their names and formats, and what it leaves alone.
final class RenderTests: MaskCLITestCase {
    func testWritesOneP6FilePerFrameNamedInOrder() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("frames"), (0...5).map { "frame_0000\($0).ppm" })
        let header = ppmHeader(width: 8, height: 6)
        for k in 0...5 {
            let frame = try bytes("frames/frame_0000\(k).ppm")
            XCTAssertEqual(Array(frame.prefix(header.count)), header)
            XCTAssertEqual(frame.count, header.count + 8 * 6 * 3)
        }
    }

    func testFramesOptionWritesExactlyTheRange() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--frames", "2:3", "-o", "part")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("part"), ["frame_00002.ppm", "frame_00003.ppm"])
    }

    func testFramesBeyondTheLastFrameFailNamingTheFrameCount() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--frames", "4:6")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: '--frames 4:6' is out of range: the script made a scene of 6 frames (0:5)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("frames").path))
    }

    func testFormatPNGWritesPNGFrames() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--format", "png", "--output=out")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("out"), (0...5).map { "frame_0000\($0).png" })
        for name in try listing("out") {
            XCTAssertEqual(Array(try bytes("out/" + name).prefix(8)), Self.pngSignature, name)
        }
    }

    func testAtWritesOnePNG() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--at", "0.5", "-o", "still.png")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Array(try bytes("still.png").prefix(8)), Self.pngSignature)
        XCTAssertEqual(try listing(), ["six.mask", "still.png"])
    }

    func testAtWritesOneP6PPM() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--at", "0.25", "-o", "still.ppm")
        XCTAssertEqual(run.status, 0, run.stderr)
        let header = ppmHeader(width: 8, height: 6)
        let image = try bytes("still.ppm")
        XCTAssertEqual(Array(image.prefix(header.count)), header)
        XCTAssertEqual(image.count, header.count + 8 * 6 * 3)
        XCTAssertEqual(try listing(), ["six.mask", "still.ppm"])
    }

    func testAtMatchesTheFrameAtTheSameTime() throws {
        try write(TestScripts.animated, to: "anim.mask")
        XCTAssertEqual(try mask("render", "anim.mask", "--quiet").status, 0)
        XCTAssertEqual(try mask("render", "anim.mask", "--at", "0.25", "-o", "at.ppm").status, 0)
        XCTAssertEqual(try bytes("at.ppm"), try bytes("frames/frame_00006.ppm"))
    }

    func testLeavesUnrelatedFilesAndNoTemporaries() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        try write("keep me\n", to: "out/notes.txt")
        try write("not a frame of this render", to: "out/frame_99999.ppm")
        let run = try mask("render", "six.mask", "-o", "out", "--jobs", "2")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("out"), (0...5).map { "frame_0000\($0).ppm" } + ["frame_99999.ppm", "notes.txt"])
        XCTAssertEqual(String(decoding: try bytes("out/notes.txt"), as: UTF8.self), "keep me\n")
        XCTAssertEqual(String(decoding: try bytes("out/frame_99999.ppm"), as: UTF8.self), "not a frame of this render")
    }

    func testJobsOneAndTwoWriteIdenticalBytes() throws {
        try write(TestScripts.animated, to: "anim.mask")
        XCTAssertEqual(try mask("render", "anim.mask", "--jobs", "1", "-o", "one").status, 0)
        XCTAssertEqual(try mask("render", "anim.mask", "-j", "2", "-o", "two").status, 0)
        let names = try listing("one")
        XCTAssertEqual(names.count, 13)
        XCTAssertEqual(try listing("two"), names)
        for name in names {
            XCTAssertEqual(try bytes("one/" + name), try bytes("two/" + name), name)
        }
        XCTAssertNotEqual(try bytes("one/frame_00000.ppm"), try bytes("one/frame_00012.ppm"))
    }

    func testCreatesTheOutputDirectoryWithItsParents() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "-o", "a/b/c", "--frames", "0:0")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("a/b/c"), ["frame_00000.ppm"])
    }

    func testUnwritableOutputIsAnInputError() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        try write("a file", to: "blocker")
        let run = try mask("render", "six.mask", "-o", "blocker/frames")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: cannot create directory 'blocker/frames': Not a directory\n")
        let still = try mask("render", "six.mask", "--at", "0", "-o", "missing/still.png")
        XCTAssertEqual(still.status, 1)
        XCTAssertTrue(still.stderr.hasPrefix("mask: error: cannot write image 'missing/still.png': "), still.stderr)
    }

    func testPrintGoesToStandardOutputOnly() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "hello 10\n")
        XCTAssertEqual(run.stderr, "", "no progress when standard error is not a terminal")
    }

    func testDoubleDashEndsOptions() throws {
        try write(TestScripts.sixFrames, to: "-odd.mask")
        let run = try mask("render", "--frames", "0:0", "--", "-odd.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("frames"), ["frame_00000.ppm"])
    }

    func testInterruptStopsAfterWholeFramesAndExits130() throws {
        try write("""
            canvas { size: [640, 480]; fps: 30; duration: 10s }
            layer a { frame: [0, 0, 640, 480]; background: red; cornerRadius: 40 }
            animate a.opacity to 0 over 10s

            """, to: "long.mask")
        let frames = url("frames")
        let run = try MaskProcess.run(["render", "long.mask", "--jobs", "2"], in: directory) { process in
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: frames.path))?
                .contains(where: { $0.hasPrefix("frame_") }) != true {
                Thread.sleep(forTimeInterval: 0.01)
            }
            process.interrupt()
        }
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("mask: interrupted; "), run.stderr)
        let names = try listing("frames")
        XCTAssertFalse(names.isEmpty)
        XCTAssertLessThan(names.count, 301)
        let size = ppmHeader(width: 640, height: 480).count + 640 * 480 * 3
        for name in names {
            XCTAssertTrue(name.hasPrefix("frame_") && name.hasSuffix(".ppm"), "stray file \(name)")
            XCTAssertEqual(try bytes("frames/" + name).count, size, name)
        }
    }
}

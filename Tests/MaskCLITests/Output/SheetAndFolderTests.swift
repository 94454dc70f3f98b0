import Foundation
import XCTest

/// Contact sheets, stale frames in an output folder, the final line on a terminal, and
/// the usage rules of the output options.
final class SheetAndFolderTests: MaskCLITestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(AnimationFileTests.scene, to: "scene.mask")
    }

    /// A binary PPM's width, height and RGB bytes.
    private func readPPM(_ path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let data = try bytes(path)
        let text = String(decoding: data.prefix(32), as: UTF8.self)
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(4)
        let numbers = fields.dropFirst().compactMap { Int($0) }
        XCTAssertEqual(fields.first, "P6")
        XCTAssertEqual(numbers.count, 3)
        let header = "P6\n\(numbers[0]) \(numbers[1])\n255\n".utf8.count
        return (numbers[0], numbers[1], Array(data.dropFirst(header)))
    }

    func testSheetCellsAreTheFramesSpreadEvenly() throws {
        let run = try mask("render", "scene.mask", "--sheet", "sheet.ppm", "--sheet-frames", "4", "--columns", "2")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try mask("render", "scene.mask", "-o", "ppm", "--quiet").status, 0)
        let sheet = try readPPM("sheet.ppm")
        // Cells at full size (161×91), a 6-pixel gap around them and a 22-pixel label band under each.
        XCTAssertEqual(sheet.width, 6 + 2 * (161 + 6))
        XCTAssertEqual(sheet.height, 6 + 2 * (91 + 22 + 6))
        for (cell, frame) in [0, 4, 8, 12].enumerated() {
            let reference = try readPPM(String(format: "ppm/frame_%05d.ppm", frame))
            let x0 = 6 + (cell % 2) * 167, y0 = 6 + (cell / 2) * 119
            var worst = 0
            for y in 0..<91 {
                for x in 0..<161 {
                    for c in 0..<3 {
                        let got = Int(sheet.rgb[((y0 + y) * sheet.width + x0 + x) * 3 + c])
                        let want = Int(reference.rgb[(y * 161 + x) * 3 + c])
                        worst = max(worst, abs(got - want))
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "cell \(cell) shows frame \(frame)")
        }
        // The label band under the first cell holds text lighter than the sheet's background.
        let labelRow = 6 + 91 + 11
        let band = (6..<167).map { Int(sheet.rgb[(labelRow * sheet.width + $0) * 3]) }
        XCTAssertGreaterThan(band.max() ?? 0, 120, "a label is drawn")
    }

    func testDefaultSheetIsTwelveFramesInFourColumnsShrunkToFit() throws {
        try write("""
            canvas { size: [800, 450]; fps: 30; duration: 2s; background: #446688 }
            layer dot { frame: [0, 0, 100, 100]; background: white; cornerRadius: 50 }
            animate dot.x to 700 over 2s

            """, to: "wide.mask")
        let run = try mask("render", "wide.mask", "--sheet", "wide.ppm")
        XCTAssertEqual(run.status, 0, run.stderr)
        let sheet = try readPPM("wide.ppm")
        // Four cells of 392×221 (800×450 scaled to fit 1600 pixels), three rows.
        XCTAssertEqual(sheet.width, 6 + 4 * (392 + 6))
        XCTAssertEqual(sheet.height, 6 + 3 * (221 + 22 + 6))
    }

    func testStaleFramesAreReportedAndCleanRemovesOnlyThem() throws {
        try write("old", to: "out/frame_00020.ppm")
        try write("old", to: "out/frame_00013.png")
        try write("keep", to: "out/notes.txt")
        try write("keep", to: "out/frame_0099.ppm")
        let run = try mask("render", "scene.mask", "-o", "out")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "mask: warning: 'out' holds 2 frame files (frame_00013.png to frame_00020.ppm) "
            + "from past the scene's last frame 12; '--clean' removes them\n")
        let clean = try mask("render", "scene.mask", "-o", "out", "--clean")
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stderr, "")
        let names = try listing("out")
        XCTAssertEqual(names.filter { !$0.hasPrefix("frame_000") }, ["frame_0099.ppm", "notes.txt"])
        XCTAssertEqual(names.filter { $0.hasPrefix("frame_000") }.count, 13)
    }

    func testFinalLineOnATerminal() throws {
        let run = try MaskProcess.run(["render", "scene.mask", "-o", "out"], in: directory, stderrIsTerminal: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = /\r\u{1B}\[Kwrote 13 frames to out\/ in \d+\.\ds \(\d+ frames\/s\)\r?\n$/
        XCTAssertNotNil(run.stderr.firstMatch(of: line.matchingSemantics(.unicodeScalar)), run.stderr)
        let quiet = try MaskProcess.run(["render", "scene.mask", "-o", "out", "--quiet"], in: directory, stderrIsTerminal: true)
        XCTAssertEqual(quiet.stderr, "")
        let piped = try mask("render", "scene.mask", "-o", "out")
        XCTAssertEqual(piped.stderr, "")
    }

    func testOutputOptionsThatDoNotGoTogetherAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["-o", "x.png"], "mask: error: '-o x.png' names one image, but render writes a folder of frames: add '--at T' "
                + "for the frame at T seconds, use '--sheet x.png' for a contact sheet, or '--format apng' for an animated PNG"),
            (["-o", "x.ppm", "--format", "png"], "mask: error: '-o x.ppm' names one image"),
            (["--sheet", "s.png", "--at", "1"], "mask: error: '--sheet' and '--at' each write one image"),
            (["--sheet", "s.png", "-o", "dir"], "mask: error: '--sheet' names its own file"),
            (["--sheet", "s.gif"], "mask: error: cannot tell the image format of 's.gif'"),
            (["--sheet-frames", "4"], "mask: error: '--sheet-frames' needs '--sheet FILE.png'"),
            (["--columns", "2"], "mask: error: '--columns' needs '--sheet FILE.png'"),
            (["--sheet", "s.png", "--sheet-frames", "0"], "mask: error: invalid value '0' for '--sheet-frames'"),
            (["--sheet", "s.png", "--columns", "x"], "mask: error: invalid value 'x' for '--columns'"),
            (["-o", "x.gif", "--clean"], "mask: error: '--clean' removes stale frames from a frame folder, not from an animation"),
            (["--at", "1", "-o", "x.png", "--clean"], "mask: error: '--clean' removes stale frames"),
            (["--at", "1", "-o", "x.png", "--format", "gif"], "mask: error: '--format gif' does not match the extension of 'x.png'"),
            (["--format", "avi"], "mask: error: invalid value 'avi' for '--format': expected ppm, png, apng, gif, mp4, webm"),
        ]
        for (arguments, message) in cases {
            let run = try MaskProcess.run(["render", "scene.mask"] + arguments, in: directory)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try listing(), ["scene.mask"])
    }
}

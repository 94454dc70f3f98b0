import Foundation
import XCTest

/// `mask watch` end to end: start it, save the script good, broken and good again, and
/// check what it printed and wrote each time; Ctrl-C ends it with status 0.
final class WatchTests: MaskCLITestCase {
    private let good = """
        canvas { size: [32, 24]; fps: 10; duration: 0.5s; background: #102030 }
        layer box { frame: [2, 2, 10, 8]; background: orange }
        animate box.x to 20 over 0.5s

        """

    /// Replaces the script the way many editors save: a new file renamed over the old.
    private func save(_ text: String) throws {
        try write(text, to: ".script.mask.swp")
        XCTAssertEqual(rename(url(".script.mask.swp").path, url("script.mask").path), 0)
    }

    /// Waits until `condition` holds, up to 20 s.
    private func wait(for what: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(condition(), "timed out waiting for \(what)")
    }

    private func sheetBytes() -> Data? { try? Data(contentsOf: url("sheet.ppm")) }

    func testWritesOnEverySaveAndRecoversFromABrokenOne() throws {
        try write(good, to: "script.mask")
        try write(Data(Self.tinyPPM), to: "texture.ppm")
        let run = try MaskProcess.run(["watch", "script.mask", "--sheet", "sheet.ppm"], in: directory) { process in
            self.wait(for: "the first sheet") { self.sheetBytes() != nil }
            let first = self.sheetBytes()
            try? self.save(self.good + "layer top { frame: [0, 0, 32, 4]; background: white }\n")
            self.wait(for: "the sheet after the second save") { self.sheetBytes() != first }
            let second = self.sheetBytes()
            try? self.save(self.good + "print(nope)\n")
            Thread.sleep(forTimeInterval: 0.5)
            XCTAssertEqual(self.sheetBytes(), second, "a broken save writes nothing")
            // An image the script uses is watched too.
            try? self.save(self.good + "layer pic { frame: [0, 0, 8, 8]; contents: \"texture.ppm\" }\n")
            self.wait(for: "the sheet with the image") { self.sheetBytes() != second }
            let third = self.sheetBytes()
            var brighter = Self.tinyPPM
            brighter[brighter.count - 1] = 10
            try? brighter.write(to: self.url("texture.ppm"))
            self.wait(for: "the sheet after the image changed") { self.sheetBytes() != third }
            process.interrupt()
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "mask watch: build 1: wrote sheet.ppm")
        XCTAssertTrue(run.stderr.contains("script.mask:4:7: error: unknown name `nope`"), run.stderr)
        XCTAssertEqual(lines.filter { $0.hasSuffix(": wrote sheet.ppm") }.count, 4, run.stderr)
        XCTAssertEqual(try listing().filter { $0.hasPrefix(".") }, [], "no temporary is left")
    }

    func testASaveWhileTheScriptRunsStartsAnotherBuild() throws {
        // The second save lands while the first one's script still runs its loop; the
        // watch must not lose it when it renews its watches after the run.
        let slow = "let n = 0\nfor i in 0..<1000 { for j in 0..<1000 { n = n + 1 } }\n"
        let last = good.replacingOccurrences(of: "orange", with: "blue")
        try write(last, to: "script.mask")
        XCTAssertEqual(try MaskProcess.run(["render", "script.mask", "--sheet", "expected.ppm"], in: directory).status, 0)
        let expected = try Data(contentsOf: url("expected.ppm"))
        try write(good, to: "script.mask")
        let run = try MaskProcess.run(["watch", "script.mask", "--sheet", "sheet.ppm"], in: directory) { process in
            self.wait(for: "the first sheet") { self.sheetBytes() != nil }
            try? self.save(slow + self.good.replacingOccurrences(of: "orange", with: "white"))
            Thread.sleep(forTimeInterval: 0.15)
            try? self.save(last)
            self.wait(for: "the sheet of the last save") { self.sheetBytes() == expected }
            process.interrupt()
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(sheetBytes(), expected, run.stderr)
    }

    /// `rm -rf scenes; mkdir scenes` and the script written again: the watch notices the
    /// folder is gone, waits for it to come back, and builds the new script.
    func testRebuildsAfterTheFolderIsRemovedAndMadeAgain() throws {
        try write(good, to: "scenes/s.mask")
        let last = good.replacingOccurrences(of: "orange", with: "blue")
        let binary = try XCTUnwrap(MaskProcess.binary)
        // Standard error goes to a file the test reads while the watch runs.
        let log = { String(decoding: (try? self.bytes("watch.log")) ?? [], as: UTF8.self) }
        let run = try MaskProcess.run(["-c", "exec \"$0\" watch scenes/s.mask --sheet sheet.ppm 2>watch.log", binary.path],
                                      in: directory, whileRunning: { process in
            self.wait(for: "the first sheet") { self.sheetBytes() != nil }
            let first = self.sheetBytes()
            try? FileManager.default.removeItem(at: self.url("scenes"))
            self.wait(for: "the build that finds the script gone") { log().contains("cannot read 'scenes/s.mask'") }
            try? FileManager.default.createDirectory(at: self.url("scenes"), withIntermediateDirectories: false)
            try? self.write(last, to: "scenes/s.mask")
            self.wait(for: "the sheet of the script written again") { self.sheetBytes() != first }
            process.interrupt()
        }, executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(run.status, 0, log())
        XCTAssertGreaterThanOrEqual(log().components(separatedBy: ": wrote sheet.ppm").count - 1, 2, log())
    }

    func testAnImportedFileIsWatchedToo() throws {
        try write("let size = 10\n", to: "lib.mask")
        try write("import \"lib.mask\"\ncanvas { size: [32, 24]; duration: 0.5s }\n"
            + "layer a { frame: [0, 0, lib.size, lib.size]; background: white }\n", to: "script.mask")
        let run = try MaskProcess.run(["watch", "script.mask", "--sheet", "sheet.ppm"], in: directory) { process in
            self.wait(for: "the first sheet") { self.sheetBytes() != nil }
            let first = self.sheetBytes()
            try? self.write("let size = 20\n", to: ".lib.tmp")
            _ = rename(self.url(".lib.tmp").path, self.url("lib.mask").path)
            self.wait(for: "the sheet after the library changed") { self.sheetBytes() != first }
            process.interrupt()
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: ": wrote sheet.ppm").count - 1, 2, run.stderr)
    }

    func testTerminalPreviewPlaysShowsErrorsInPlaceAndCtrlCLeavesCleanly() throws {
        try write(good, to: "script.mask")
        let terminal = try ReplTerminal(arguments: ["watch", url("script.mask").path],
                                        environment: ["TERM": "xterm", "LANG": "C.UTF-8", "HOME": directory.path, "NO_COLOR": "1"])
        terminal.expect("script.mask: watching (Ctrl-C stops)")
        XCTAssertTrue(terminal.output.hasPrefix("\u{1B}[?25l"), "the cursor is hidden while playing")
        try save(good + "print(nope)\n")
        terminal.expect("error: unknown name `nope`")
        try save(good)
        terminal.expect("script.mask: watching (Ctrl-C stops)")
        terminal.send("\u{3}")
        XCTAssertEqual(terminal.waitForExit(), 0)
        terminal.expect("\u{1B}[?25h")
    }

    func testWatchUsageErrors() throws {
        try write(good, to: "script.mask")
        for (arguments, message) in [
            (["watch"], "mask: error: missing the script to watch"),
            (["watch", "script.mask", "--clean"], "mask: error: '--clean' removes stale frames from a frame folder; name it with '-o'"),
            (["watch", "script.mask", "--at", "1", "--frames", "0:1"], "mask: error: '--at' shows one frame"),
        ] {
            let run = try MaskProcess.run(arguments, in: directory)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix(message), run.stderr)
            XCTAssertTrue(run.stderr.hasSuffix("see 'mask watch --help'\n"), run.stderr)
        }
    }
}

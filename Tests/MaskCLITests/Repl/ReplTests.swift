import Foundation
import XCTest

/// End-to-end tests of `mask repl`: the real binary on a pseudo-terminal (prompts,
/// readline, history, Ctrl-C, Ctrl-D, commands) and with standard input from a pipe.
final class ReplTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try ReplBinary.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The REPL on a terminal, with HOME in a temporary folder and no inputrc.
    private func startTerminal(_ extra: [String: String] = [:], file: String? = nil, directory: String? = nil) throws -> ReplTerminal {
        var environment = ["HOME": home, "INPUTRC": "/dev/null", "TERM": "xterm", "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        let terminal = try ReplTerminal(arguments: ["repl"] + (file.map { [$0] } ?? []), environment: environment, directory: directory)
        terminal.expect("mask> ")
        return terminal
    }

    // MARK: - Terminal

    func testMultiLineLayerPrintAndTree() throws {
        let terminal = try startTerminal()
        terminal.type("layer box {")
        terminal.expect("...> ")
        terminal.type("  frame: [10, 20, 30, 40]")
        terminal.expect("...> ")
        terminal.type("  background: red")
        terminal.expect("...> ")
        terminal.type("}")
        terminal.expect("mask> ")
        terminal.type("print(box.width * 2)")
        XCTAssertTrue(terminal.reply().contains("\n60\n"))
        terminal.type(":tree")
        XCTAssertTrue(terminal.reply().contains("layer box  [10, 20, 30, 40]"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testExpressionEchoesItsValueAndPrintPrintsOnce() throws {
        let terminal = try startTerminal()
        terminal.type("1 + 2")
        XCTAssertTrue(terminal.reply().contains("\n3\n"))
        terminal.type("print(\"a\" + \"b\")")
        let shown = terminal.reply()
        XCTAssertEqual(shown.components(separatedBy: "ab").count - 1, 1, shown)
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testErrorShowsDiagnosticAndSessionContinues() throws {
        let terminal = try startTerminal()
        terminal.type("let a = 1")
        terminal.expect("mask> ")
        terminal.type("print(a + nope)")
        let error = terminal.reply()
        XCTAssertTrue(error.contains("<repl>:1:11: error: unknown name `nope`"), error)
        XCTAssertTrue(error.contains("    1 | print(a + nope)"), error)
        XCTAssertTrue(error.contains("      |           ^~~~"), error)
        terminal.type("print(a + 1)")
        XCTAssertTrue(terminal.reply().contains("\n2\n"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testFailedInputLeavesNoneOfItsChanges() throws {
        let terminal = try startTerminal()
        terminal.type("let kept = 1")
        terminal.expect("mask> ")
        terminal.type("let lost = 2; layer half { background: red }; kept = 5; print(missing)")
        terminal.expect("unknown name `missing`")
        terminal.expect("mask> ")
        terminal.type("print(kept)")
        XCTAssertTrue(terminal.reply().contains("\n1\n"))
        terminal.type("lost")
        XCTAssertTrue(terminal.reply().contains("unknown name `lost`"))
        terminal.type(":tree")
        XCTAssertTrue(terminal.reply().contains("(no layers)"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testUpArrowRecallsAndHistoryIsSaved() throws {
        let terminal = try startTerminal()
        terminal.type("print(40 + 2)")
        terminal.expect("42")
        terminal.expect("mask> ")
        terminal.send("\u{1b}[A")
        terminal.expect("print(40 + 2)")
        terminal.send("\r")
        terminal.expect("42")
        terminal.expect("mask> ")
        terminal.send("\u{4}")
        XCTAssertEqual(terminal.waitForExit(), 0)
        XCTAssertEqual(try historyEntries(), ["print(40 + 2)"])

        let again = try startTerminal()
        again.send("\u{1b}[A")
        again.expect("print(40 + 2)")
        again.send("\r")
        again.expect("42")
        again.type(":quit")
        XCTAssertEqual(again.waitForExit(), 0)
    }

    func testHistoryKeepsTheLastThousandEntries() throws {
        let old = (1...1500).map { "print(\($0))" }.joined(separator: "\n") + "\n"
        try old.write(toFile: home + "/.mask_history", atomically: true, encoding: .utf8)
        let terminal = try startTerminal()
        terminal.send("\u{1b}[A")
        terminal.expect("print(1500)")
        terminal.send("\u{15}print(\"last\")\r")
        terminal.expect("last")
        terminal.expect("mask> ")
        terminal.send("\u{4}")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let entries = try historyEntries()
        XCTAssertEqual(entries.count, 1000)
        XCTAssertEqual(entries.first, "print(502)")
        XCTAssertEqual(entries.last, "print(\"last\")")
    }

    func testAMultiLineInputIsRecalledWhole() throws {
        let terminal = try startTerminal()
        terminal.type("layer box {")
        terminal.expect("...> ")
        terminal.type("  opacity: 0.5")
        terminal.expect("...> ")
        terminal.type("}")
        terminal.expect("mask> ")
        terminal.send("\u{4}")
        XCTAssertEqual(terminal.waitForExit(), 0)
        XCTAssertEqual(try historyEntries(), ["layer box {\n  opacity: 0.5\n}"])

        let again = try startTerminal()
        again.send("\u{1b}[A")
        again.expect("opacity: 0.5")
        again.send("\r")
        again.expect("mask> ")
        again.type("print(box.opacity)")
        again.expect("0.5")
        again.type(":quit")
        XCTAssertEqual(again.waitForExit(), 0)
    }

    /// The entries of the history file: readline starts each stamped entry with a
    /// `#<seconds>` line and keeps its lines together; unstamped lines are one entry each.
    private func historyEntries() throws -> [String] {
        let text = try String(contentsOfFile: home + "/.mask_history", encoding: .utf8)
        var entries: [String] = []
        var stamped = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("#"), line.dropFirst().allSatisfy(\.isNumber), !line.dropFirst().isEmpty {
                stamped = true
                entries.append("")
            } else if stamped, let last = entries.popLast() {
                entries.append(last.isEmpty ? String(line) : last + "\n" + line)
            } else {
                entries.append(String(line))
            }
        }
        return entries
    }

    func testCtrlCCancelsTheLineBeingTyped() throws {
        let terminal = try startTerminal()
        terminal.type("layer box {")
        terminal.expect("...> ")
        terminal.send("background: re")
        terminal.expect("re")
        terminal.send("\u{3}")
        terminal.expect("mask> ")
        terminal.type("print(5)")
        XCTAssertTrue(terminal.reply().contains("\n5\n"))
        terminal.type(":tree")
        XCTAssertTrue(terminal.reply().contains("(no layers)"))
        terminal.send("\u{4}")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    /// A frame of about 4·10⁹ units of work (the budget's limit; over a minute in a debug
    /// build) stopped by Ctrl-C while it is drawn: nothing is saved and the prompt comes back.
    func testCtrlCStopsALongFrameWhileItIsDrawn() throws {
        let terminal = try startTerminal()
        terminal.type("canvas { size: [2000, 2000] }")
        terminal.expect("mask> ")
        terminal.type("layer glow { frame: [0, 0, 2000, 2000]; background: white; shadowOpacity: 1; shadowRadius: 60 }")
        terminal.expect("mask> ")
        terminal.type(":save \(home)/g.png")
        // The line is taken once its Enter is echoed; the frame follows at once.
        terminal.expect("g.png")
        terminal.expect("\n")
        terminal.send("\u{3}")
        // A guard against a hang only: the frame ends within milliseconds of drawing.
        terminal.expect("interrupted", timeout: 30)
        terminal.expect("mask> ")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/g.png"))
        terminal.type("print(3)")
        XCTAssertTrue(terminal.reply().contains("\n3\n"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testCtrlCStopsARenderBetweenFrames() throws {
        let terminal = try startTerminal()
        terminal.type("canvas { size: [64, 64]; fps: 30; duration: 600s }")
        terminal.expect("mask> ")
        terminal.type(":render \(home)/frames")
        terminal.expect("/18001")
        terminal.send("\u{3}")
        terminal.expect("interrupted after")
        terminal.expect("of 18001 frames")
        terminal.expect("mask> ")
        terminal.type("print(3)")
        XCTAssertTrue(terminal.reply().contains("\n3\n"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testCtrlDOnAnEmptyLineExitsWithZero() throws {
        let terminal = try startTerminal()
        terminal.type("print(1)")
        terminal.expect("mask> ")
        terminal.send("\u{4}")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testTabCompletesNamesAndProperties() throws {
        let terminal = try startTerminal()
        terminal.type("layer banner { background: blue }")
        terminal.expect("mask> ")
        terminal.send("bann\t")
        terminal.expect("banner")
        terminal.send(".opac\t")
        terminal.expect("opacity")
        terminal.send("\r")
        XCTAssertTrue(terminal.reply().contains("\n1\n"))
        terminal.type("shape dot {")
        terminal.expect("...> ")
        terminal.send("strokeE\t")
        terminal.expect("strokeEnd")
        terminal.send("\u{3}")
        terminal.expect("mask> ")
        terminal.send(":he\t\r")
        terminal.expect(":value EXPR at T")
        terminal.expect("mask> ")
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    /// `:load` completes file names (folders with `/`, into them), says what it loaded,
    /// and `fx.` completes the names of the effects library.
    func testLoadCompletesFileNamesAndConfirmsAndImportsComplete() throws {
        try FileManager.default.createDirectory(atPath: home + "/scenes", withIntermediateDirectories: true)
        try Data("let loadedValue = 7\n".utf8).write(to: URL(fileURLWithPath: home + "/scenes/banner.mask"))
        let terminal = try startTerminal(["PWD": home], directory: home)
        terminal.send(":load sc\t")
        terminal.expect("scenes/")
        terminal.send("ba\t")
        terminal.expect("banner.mask")
        terminal.send("\r")
        terminal.expect("loaded scenes/banner.mask")
        terminal.expect("mask> ")
        terminal.type("print(loadedValue)")
        XCTAssertTrue(terminal.reply().contains("\n7\n"))
        terminal.type("import \"effects\" as fx")
        terminal.expect("mask> ")
        terminal.send("fx.circleRevealW\t")
        terminal.expect("circleRevealWith")
        terminal.send("\u{3}")
        terminal.expect("mask> ")
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testShowDrawsHalfBlocksInTrueColour() throws {
        let terminal = try startTerminal(["COLORTERM": "truecolor"])
        terminal.type("canvas { size: [20, 10]; background: red }")
        terminal.expect("mask> ")
        terminal.type(":show")
        let picture = terminal.expect("mask> ")
        XCTAssertTrue(picture.contains("\u{1b}[38;2;255;0;0;48;2;255;0;0m▀"), picture)
        // 20×10 pixels scaled to the 100 columns of the terminal: 50 pixel rows, 25 text rows.
        XCTAssertEqual(picture.components(separatedBy: "\u{1b}[0m\n").count - 1, 25)
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    /// A tall frame is drawn as large as fits the 30 rows of the terminal with the next
    /// prompt, not as wide as the terminal.
    func testShowFitsTheTerminalsHeight() throws {
        let terminal = try startTerminal(["COLORTERM": "truecolor"])
        terminal.type("canvas { size: [10, 40]; background: red }")
        terminal.expect("mask> ")
        terminal.type(":show")
        let picture = terminal.expect("mask> ")
        // 28 rows of the 30 are free: 56 pixel rows, so 14 columns.
        let rows = picture.components(separatedBy: "\u{1b}[0m\n").dropLast()
        XCTAssertEqual(rows.count, 28, picture)
        XCTAssertEqual(rows.last?.components(separatedBy: "▀").count, 15, picture)
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testShowUsesShadesWithoutTrueColour() throws {
        let terminal = try startTerminal(["COLORTERM": "truecolor", "NO_COLOR": "1"])
        terminal.type("canvas { size: [10, 10]; background: #ffffff }")
        terminal.expect("mask> ")
        terminal.type(":show 0")
        let picture = terminal.reply()
        // A square fits the 28 free rows: 56 columns.
        XCTAssertTrue(picture.contains(String(repeating: "@", count: 56)), picture)
        XCTAssertFalse(picture.contains(String(repeating: "@", count: 57)), picture)
        XCTAssertFalse(picture.contains("▀"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    func testFileIsLoadedFirst() throws {
        let script = home + "/start.mask"
        try "let greeting = \"hello\"\nlayer card { frame: [0, 0, 8, 8] }\n".write(toFile: script, atomically: true, encoding: .utf8)
        let terminal = try startTerminal(file: script)
        terminal.type("print(greeting, card.width)")
        XCTAssertTrue(terminal.reply().contains("hello 8"))
        terminal.type(":quit")
        XCTAssertEqual(terminal.waitForExit(), 0)
    }

    // MARK: - Piped

    /// Runs `mask repl ARGUMENTS` with `input` on a pipe as standard input.
    func runPiped(_ input: String, arguments: [String] = [], directory: String? = nil)
        throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ReplBinary.path)
        process.arguments = ["repl"] + arguments
        process.environment = SanitizerEnvironment.adding(to: ["HOME": home, "INPUTRC": "/dev/null", "LANG": "C.UTF-8"])
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func testPipedPrintsOnlyWhatTheProgramPrints() throws {
        let result = try runPiped("""
            let a = 2
            print(a * 5)
            1 + 2
            layer box {
              background: red
            }
            print(box.opacity)

            """)
        XCTAssertEqual(result.stdout, "10\n1\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    func testPipedErrorIsReportedWithItsLineAndStatusIsOne() throws {
        let result = try runPiped("print(1)\nlet x = [1,\n  nope]\nprint(2)\n")
        XCTAssertEqual(result.stdout, "1\n2\n")
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:3:3: error: unknown name `nope`"), result.stderr)
        XCTAssertTrue(result.stderr.contains("    3 |   nope]"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    func testPipedInputsEachGetTheWholeStepBudget() throws {
        // Eight inputs of 3 million steps each: more than the 20 million of one run.
        let busy = String(repeating: "repeat 3000000 { }\n", count: 8)
        let result = try runPiped(busy + "print(\"d\")\n")
        XCTAssertEqual(result.stdout, "d\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    func testPipedFailedInputLeavesNoNameBehind() throws {
        let result = try runPiped("let a = 1\nlet b = 5; a = 2; layer box { }; print(1 / 0)\nprint(a)\n:tree\nprint(b)\n")
        XCTAssertTrue(result.stdout.hasPrefix("1\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("(no layers)"), result.stdout)
        XCTAssertTrue(result.stderr.contains("<stdin>:2:40: error: division by zero"), result.stderr)
        XCTAssertTrue(result.stderr.contains("<stdin>:5:7: error: unknown name `b`"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    func testPipedErrorInAnEarlierInputsFunctionShowsThatInputsText() throws {
        let result = try runPiped("fn half(x) {\n  return x / \"two\"\n}\nprint(1)\nhalf(300)\n")
        XCTAssertEqual(result.stdout, "1\n")
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:2:10: error: `/` expects numbers, got a string"), result.stderr)
        XCTAssertTrue(result.stderr.contains("    2 |   return x / \"two\""), result.stderr)
        XCTAssertFalse(result.stderr.contains("half(300)"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    func testPipedUnknownNameInAFunctionIsFoundBeforeItRuns() throws {
        let result = try runPiped("fn f() { print(typo) }\nprint(2)\n")
        XCTAssertEqual(result.stdout, "2\n")
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:1:16: error: unknown name `typo`"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    func testPipedSyntaxErrorRunsNothingOfThatInput() throws {
        let result = try runPiped("let a = 1\nlet b = (a +\nprint(a)\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("<stdin>:"), result.stderr)
    }

    func testPipedCommandsValueAndTimeline() throws {
        let result = try runPiped("""
            layer box { frame: [0, 0, 10, 10] }
            animate box.opacity to 0 over 1s ease linear
            :value box.opacity at 0.5
            :value box.width at 1
            :timeline

            """)
        XCTAssertEqual(result.stdout, "0.5\n10\nbox.opacity  0s → 1s  repeat 1  ease linear\n")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testPipedResetForgetsEverything() throws {
        let result = try runPiped("let a = 1\nlayer box { }\n:reset\n:tree\nprint(a)\n")
        XCTAssertEqual(result.stdout, "reset: the session is empty\ncanvas 320×240, 30 fps, 0s, background #000000\n(no layers)\n")
        XCTAssertTrue(result.stderr.contains("unknown name `a`"), result.stderr)
        XCTAssertEqual(result.status, 1)
    }

    func testPipedUnknownCommandSuggestsTheClosest() throws {
        let result = try runPiped(":tre\n")
        XCTAssertEqual(result.stderr, "error: unknown command `:tre`; did you mean `:tree`?\n")
        XCTAssertEqual(result.status, 1)
    }

    func testPipedSaveAndRenderWriteImages() throws {
        let result = try runPiped("""
            canvas { size: [8, 6]; fps: 10; duration: 0.2s; background: blue }
            :save still.png 0.1
            :save still.ppm
            :render frames

            """, directory: home)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try Data(contentsOf: URL(fileURLWithPath: home + "/still.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let ppm = try Data(contentsOf: URL(fileURLWithPath: home + "/still.ppm"))
        XCTAssertEqual(Array(ppm.prefix(2)), Array("P6".utf8))
        let frames = try FileManager.default.contentsOfDirectory(atPath: home + "/frames").sorted()
        XCTAssertEqual(frames, ["frame_00000.png", "frame_00001.png", "frame_00002.png"])
        XCTAssertTrue(result.stderr.contains("rendered 3 frames into frames"), result.stderr)
    }

    /// A frame the renderer refuses is reported like any error of the session: at the
    /// line of the property that caused it, with its text and a caret; nothing is written.
    func testPipedRenderErrorIsADiagnosticAtThePropertysLine() throws {
        let result = try runPiped("""
            canvas { size: [2000, 2000] }
            layer glow {
              background: white; shadowOpacity: 1; shadowRadius: 400
            }
            :save g.png

            """, directory: home)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("""
            <stdin>:3:40: error: cannot render the frame at 0s: drawing the shadow of layer `glow` passes the render budget
            """), result.stderr)
        XCTAssertTrue(result.stderr.contains("\n    3 |   background: white; shadowOpacity: 1; shadowRadius: 400\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("<stdin>:2:1: note: layer `glow` is declared here\n    2 | layer glow {\n      | ^\n"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/g.png"))
    }

    /// The library misused and a Core Animation word, at the REPL: the input's line, the
    /// library's line in the library's file, and the mask word.
    func testPipedLibraryMisuseAndCoreAnimationWords() throws {
        let result = try runPiped("import \"effects\" as fx\nfx.shimmer(\"a\", 2)\nlayer card { masksToBounds: true }\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            <stdin>:2:1: error: `shimmer` takes 1 argument, got 2
                2 | fx.shimmer("a", 2)
                  | ^~~~~~~~~~~~~~~~~~
            effects:114:1: note: `shimmer` is declared here
              114 | fn shimmer(string) {
                  | ^
            <stdin>:3:14: error: unknown property `masksToBounds`; did you mean `clip`?
                3 | layer card { masksToBounds: true }
                  |              ^~~~~~~~~~~~~

            """)
    }

    func testPipedLoadResolvesTheFilesPathsAgainstItsFolder() throws {
        let folder = home + "/scenes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let picture = """
            canvas { size: [4, 4] }
            :save scenes/dot.ppm
            """
        _ = try runPiped(picture, directory: home)
        try "let dot = image(\"dot.ppm\")\n".write(toFile: folder + "/use.mask", atomically: true, encoding: .utf8)
        let result = try runPiped("print(dot)\n:load scenes/use.mask\nprint(dot)\n", arguments: ["scenes/use.mask"], directory: home)
        XCTAssertEqual(result.stdout, "<image 4×4>\n<image 4×4>\n", result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}

/// `import` in the REPL: typed at the prompt and inside a `:load`ed file.
extension ReplTests {
    func testPipedImportAtThePromptAndInALoadedFile() throws {
        let folder = home + "/scenes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "let k = 7\n".write(toFile: folder + "/lib.mask", atomically: true, encoding: .utf8)
        try "import \"lib.mask\" as inner\nprint(inner.k)\n".write(toFile: folder + "/use.mask", atomically: true, encoding: .utf8)
        let result = try runPiped("import \"scenes/lib.mask\"\nprint(lib.k + 1)\n:load scenes/use.mask\nprint(inner == lib)\n",
                                  directory: home)
        XCTAssertEqual(result.stdout, "8\n7\ntrue\n", result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}

/// Declaring a layer again at the prompt replaces it.
extension ReplTests {
    func testPipedRedeclaringALayerReplacesItInPlace() throws {
        let result = try runPiped("""
            let c = red
            layer b2 { frame: [0, 0, 10, 10]; background: c }
            layer top { }
            print("once")
            animate b2.x to 50 over 1s
            layer b2 { frame: [5, 5, 20, 20]; background: blue }
            :tree
            print(b2.background)
            :value b2.x at 1

            """)
        XCTAssertEqual(result.stdout, """
            once
            canvas 320×240, 30 fps, 1s, background #000000
            layer b2  [5, 5, 20, 20]
            layer top  [0, 0, 320, 240]
            #0000ff
            50

            """, "the new b2 keeps the old one's place and its animation; earlier prints are not repeated")
        XCTAssertEqual(result.stderr, "note: replaced layer `b2` declared at <stdin>:2:1\n")
        XCTAssertEqual(result.status, 0)
    }

    func testPipedALayerThatCannotBeReplacedIsAddedWithANote() throws {
        // The first input names a sublayer that the new declaration no longer has.
        let result = try runPiped("layer a { layer inner { } }\ninner.opacity = 0.5\nlayer a { }\n:tree\n")
        XCTAssertTrue(result.stderr.hasPrefix("note: cannot replace layer `a` (<stdin>:2: unknown name `inner`"), result.stderr)
        XCTAssertTrue(result.stdout.contains("layer a  [0, 0, 320, 240]\n  layer inner"), result.stdout)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTreeListsTheMasksInOrderWithTheirModes() throws {
        let result = try runPiped("""
            layer box {
              mask shape a { path: circle(5, 5, 5) }
              mask shape b { path: circle(8, 8, 5); maskCombine: subtract; feather: 4 }
            }
            :tree

            """)
        XCTAssertTrue(result.stdout.contains("""
            layer box  [0, 0, 320, 240]
              mask add shape a  [0, 0, 320, 240]
              mask subtract shape b  [0, 0, 320, 240]  feather 4
            """), result.stdout)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}

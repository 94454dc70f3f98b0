import Foundation
import XCTest

/// Command-line usage: exit status 2 with a clear message, help and version.
final class UsageTests: MaskCLITestCase {
    func testUnknownOptionSuggestsTheClosestAndPointsAtHelp() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "--foo")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "mask: error: unknown option '--foo' (did you mean '--format'?)\nsee 'mask render --help'\n")
        XCTAssertEqual(try listing(), ["six.mask"], "a usage error runs nothing")
    }

    func testTyposSuggestTheOptionOrCommandMeant() throws {
        XCTAssertEqual(try mask("render", "x.mask", "--fromat", "png").stderr,
                       "mask: error: unknown option '--fromat' (did you mean '--format'?)\nsee 'mask render --help'\n")
        XCTAssertEqual(try mask("rendr", "x.mask").stderr,
                       "mask: error: unknown command 'rendr' (did you mean 'render'?)\nsee 'mask --help'\n")
        XCTAssertEqual(try mask("--verison").stderr,
                       "mask: error: unknown option '--verison' (did you mean '--version'?)\nsee 'mask --help'\n")
    }

    func testBadFramesValuesAreUsageErrors() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        for value in ["3:2", "a:b", "2", "-1:2", "1:", ":3", "1.5:2", "1:99999999999999999999999"] {
            let run = try mask("render", "six.mask", "--frames", value)
            XCTAssertEqual(run.status, 2, value)
            XCTAssertTrue(run.stderr.hasPrefix("mask: error: invalid value '\(value)' for '--frames'"), run.stderr)
        }
        XCTAssertEqual(try listing(), ["six.mask"])
    }

    func testBadValuesMissingAndExtraArgumentsAreUsageErrors() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let cases: [([String], String)] = [
            ([], "mask: error: no command given"),
            (["render"], "mask: error: missing the script to render"),
            (["render", "six.mask", "other.mask"], "mask: error: unexpected argument 'other.mask'"),
            (["render", "six.mask", "--jobs", "0"], "mask: error: invalid value '0' for '--jobs'"),
            (["render", "six.mask", "--jobs", "65"], "mask: error: invalid value '65' for '--jobs'"),
            (["render", "six.mask", "--format", "tiff"], "mask: error: invalid value 'tiff' for '--format'"),
            (["render", "six.mask", "--at", "-1", "-o", "x.png"], "mask: error: invalid value '-1' for '--at'"),
            (["render", "six.mask", "--at", "nan", "-o", "x.png"], "mask: error: invalid value 'nan' for '--at'"),
            (["render", "six.mask", "--at", "0x10", "-o", "x.png"], "mask: error: invalid value '0x10' for '--at'"),
            (["render", "six.mask", "--at", "inf", "-o", "x.png"], "mask: error: invalid value 'inf' for '--at'"),
            (["render", "six.mask", "--at", "+1", "-o", "x.png"], "mask: error: invalid value '+1' for '--at'"),
            (["render", "six.mask", "--at", "1e", "-o", "x.png"], "mask: error: invalid value '1e' for '--at'"),
            (["render", "six.mask", "--at", ".", "-o", "x.png"], "mask: error: invalid value '.' for '--at'"),
            (["render", "six.mask", "--at", "1e999", "-o", "x.png"], "mask: error: invalid value '1e999' for '--at'"),
            (["render", "six.mask", "--at", "1"], "mask: error: '--at' needs the image to write"),
            (["render", "six.mask", "--at", "1", "-o", "x.gif"], "mask: error: cannot tell the image format of 'x.gif'"),
            (["render", "six.mask", "--at", "1", "-o", "x.ppm", "--format", "png"],
             "mask: error: '--format png' does not match the extension of 'x.ppm'"),
            (["render", "six.mask", "--at", "1", "-o", "x.ppm", "--frames", "0:1"], "mask: error: '--at' renders one image"),
            (["render", "six.mask", "-o"], "mask: error: option '-o' needs a value"),
            (["render", "six.mask", "--output="], "mask: error: option '--output' needs a non-empty path"),
            (["render", "six.mask", "--quiet=yes"], "mask: error: option '--quiet' takes no value"),
            (["check"], "mask: error: missing the script to check"),
            (["check", "six.mask", "--jobs", "2"], "mask: error: unknown option '--jobs'"),
            (["repl", "a.mask", "b.mask"], "mask: error: unexpected argument 'b.mask': repl takes one script"),
            (["repl", "--load", "a.mask"], "mask: error: unknown option '--load'"),
            (["help", "nothing"], "mask: error: no help for 'nothing'"),
            (["--version", "now"], "mask: error: unexpected argument 'now'"),
        ]
        for (arguments, message) in cases {
            let run = try MaskProcess.run(arguments, in: directory)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasSuffix("--help'\n"), "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "")
        }
        XCTAssertEqual(try listing(), ["six.mask"])
    }

    /// `-o` with an extension mask does not write is refused, naming the formats, instead
    /// of becoming a folder of frames; without an extension it stays a folder.
    func testAnUnknownOutputExtensionIsAUsageErrorNamingTheFormats() throws {
        try write(TestScripts.sixFrames, to: "six.mask")
        let run = try mask("render", "six.mask", "-o", "anim.mov")
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("mask: error: cannot tell what to write for '-o anim.mov': '.mov' is not a format "
            + "mask writes (animations: .apng, .gif, .mp4, .webm; images: .png, .ppm)"), run.stderr)
        XCTAssertEqual(try listing(), ["six.mask"])
        XCTAssertEqual(try mask("render", "six.mask", "-o", "out/frames").status, 0)
        XCTAssertEqual(try listing("out/frames").count, 6)
    }

    func testVersion() throws {
        let run = try mask("--version")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "mask 0.1.0\n")
        XCTAssertEqual(run.stderr, "")
    }

    func testHelpPages() throws {
        let overview = try mask("--help")
        XCTAssertEqual(overview.status, 0)
        XCTAssertEqual(overview.stderr, "")
        for text in ["usage: mask render FILE.mask [-o DIR] [--format ppm|png] [--frames A:B] [--jobs N] [--quiet]",
                     "mask render FILE.mask --at T -o FILE.ppm|FILE.png", "mask check FILE.mask", "mask repl [FILE.mask]",
                     "exit status:", "examples:"] {
            XCTAssertTrue(overview.stdout.contains(text), text)
        }
        XCTAssertEqual(try mask("-h").stdout, overview.stdout)
        XCTAssertEqual(try mask("help").stdout, overview.stdout)

        let render = try mask("render", "--help")
        XCTAssertEqual(render.status, 0)
        for text in ["-o, --output PATH", "--format F", "--frames A:B", "-j, --jobs N", "--at T", "-q, --quiet",
                     "--sheet OUT.png", "--sheet-frames N", "--columns C", "--clean", "apt-get install ffmpeg",
                     "(default: ./frames)", "(default: ppm)", "frame 12/91  24.3 fps  ETA 3.2s"] {
            XCTAssertTrue(render.stdout.contains(text), text)
        }
        XCTAssertEqual(try mask("help", "render").stdout, render.stdout)
        XCTAssertEqual(try mask("render", "six.mask", "--bogus", "--help").stdout, render.stdout,
                       "help wins over other mistakes")

        let check = try mask("check", "--help")
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.stdout.hasPrefix("usage: mask check FILE.mask [--lottie]\n"))
        XCTAssertTrue(check.stdout.contains("--lottie      also report every construct 'mask export' would refuse"), check.stdout)
        XCTAssertEqual(try mask("help", "check").stdout, check.stdout)

        let repl = try mask("repl", "--help")
        XCTAssertEqual(repl.status, 0)
        XCTAssertTrue(repl.stdout.hasPrefix("usage: mask repl [FILE.mask]\n"))
        XCTAssertTrue(repl.stdout.contains(":quit"))
        XCTAssertEqual(try mask("help", "repl").stdout, repl.stdout)
    }
}

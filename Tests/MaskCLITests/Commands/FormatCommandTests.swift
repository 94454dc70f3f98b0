import Foundation
import XCTest

/// `mask fmt`: printing, `--check` exit codes, `-w` rewriting in place, and scripts with
/// syntax errors reported and left alone.
final class FormatCommandTests: MaskCLITestCase {
    private let messy = "let  x=1\nlayer a{opacity:0.5}\n"
    private let tidy = "let x = 1\nlayer a { opacity: 0.5 }\n"

    func testPrintsTheFormattedScript() throws {
        try write(messy, to: "a.mask")
        let run = try mask("fmt", "a.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, tidy)
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), messy, "printing leaves the file alone")
    }

    func testCheckExitsOneNamingEachFileNotFormatted() throws {
        try write(messy, to: "a.mask")
        try write(tidy, to: "b.mask")
        let run = try mask("fmt", "--check", "a.mask", "b.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "mask fmt: a.mask is not formatted\n")
        let clean = try mask("fmt", "--check", "b.mask")
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stderr, "")
    }

    func testWriteRewritesInPlaceKeepingPermissions() throws {
        try write(messy, to: "a.mask")
        XCTAssertEqual(chmod(url("a.mask").path, 0o640), 0)
        let run = try mask("fmt", "-w", "a.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), tidy)
        let attributes = try FileManager.default.attributesOfItem(atPath: url("a.mask").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try listing(), ["a.mask"], "no temporary is left")
    }

    /// A link is followed: the file it names is formatted, and the link stays a link.
    func testWriteThroughASymbolicLinkFormatsItsTarget() throws {
        try write(messy, to: "real/a.mask")
        try FileManager.default.createSymbolicLink(atPath: url("link.mask").path, withDestinationPath: "real/a.mask")
        let run = try mask("fmt", "-w", "link.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("link.mask").path), "real/a.mask")
        XCTAssertEqual(String(decoding: try bytes("real/a.mask"), as: UTF8.self), tidy)
        XCTAssertEqual(try listing("real"), ["a.mask"], "no temporary is left")
    }

    /// A file without any write permission is left alone, even by root, as gofmt does;
    /// the message calls it a script.
    func testWriteRefusesAReadOnlyFile() throws {
        try write(messy, to: "a.mask")
        XCTAssertEqual(chmod(url("a.mask").path, 0o444), 0)
        let run = try mask("fmt", "-w", "a.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: cannot write script 'a.mask': it is read-only (mode 444)\n")
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), messy)
    }

    /// Root formatting another user's file must not leave it owned by root.
    func testWriteKeepsTheOwnerAndGroup() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        try write(messy, to: "a.mask")
        XCTAssertEqual(chown(url("a.mask").path, 12345, 23456), 0)
        let run = try mask("fmt", "-w", "a.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        var info = stat()
        XCTAssertEqual(stat(url("a.mask").path, &info), 0)
        XCTAssertEqual(info.st_uid, 12345)
        XCTAssertEqual(info.st_gid, 23456)
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), tidy)
    }

    func testSyntaxErrorsAreReportedAndTheFileIsNotRewritten() throws {
        let broken = "let = 5\nlet  y=2\n"
        try write(broken, to: "bad.mask")
        try write(messy, to: "a.mask")
        let run = try mask("fmt", "-w", "bad.mask", "a.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasPrefix("bad.mask:1:5: error:"), run.stderr)
        XCTAssertEqual(String(decoding: try bytes("bad.mask"), as: UTF8.self), broken)
        XCTAssertEqual(String(decoding: try bytes("a.mask"), as: UTF8.self), tidy, "the other file is still formatted")
    }

    func testUsageErrors() throws {
        for (arguments, message) in [
            (["fmt"], "mask: error: missing the scripts to format"),
            (["fmt", "a.mask", "--check", "-w"], "mask: error: '--check' only reports and '-w' rewrites"),
            (["fmt", "a.mask", "--chek"], "mask: error: unknown option '--chek' (did you mean '--check'?)"),
        ] {
            let run = try MaskProcess.run(arguments, in: directory)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix(message), run.stderr)
        }
        let missing = try mask("fmt", "none.mask")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "mask: error: cannot read 'none.mask': No such file or directory\n")
    }
}

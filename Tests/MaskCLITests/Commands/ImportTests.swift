import Foundation
import XCTest

/// `import` through the command: files relative to the importing file, errors inside an
/// imported file shown with that file's line, and `mask fmt` keeping import lines.
final class ImportTests: MaskCLITestCase {
    func testCheckFollowsImportsRelativeToEachFile() throws {
        try write("import \"parts/shapes.mask\"\nprint(shapes.twice(4), shapes.k)\n", to: "main.mask")
        try write("import \"util.mask\" as u\nlet k = u.one\nfn twice(x) { return 2 * x }\n", to: "parts/shapes.mask")
        try write("let one = 1\n", to: "parts/util.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "8 1\n")
    }

    func testAnErrorInAnImportedFileShowsThatFilesLine() throws {
        try write("import \"lib.mask\"\nprint(lib.half(1))\n", to: "main.mask")
        try write("// helpers\nfn half(x) {\n  return x / \"two\"\n}\n", to: "lib.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasSuffix("lib.mask:3:10: error: `/` expects numbers, got a string") ?? false, run.stderr)
        XCTAssertEqual(lines.dropFirst().first, "    3 |   return x / \"two\"", run.stderr)
    }

    func testAStaticErrorInAnImportedFileShowsThatFilesLine() throws {
        try write("import \"lib.mask\"\n", to: "main.mask")
        try write("let a = 1\nlayer stray { }\n", to: "lib.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("lib.mask:2:1: error: an imported file may only declare functions and constants"), run.stderr)
        XCTAssertTrue(run.stderr.contains("    2 | layer stray { }"), run.stderr)
    }

    func testTheEffectsLibraryNeedsNoFile() throws {
        try write("import \"effects\" as fx\nprint(fx)\n", to: "main.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "<namespace fx>\n")
    }

    func testFormatKeepsImports() throws {
        try write("import   \"lib.mask\"   as   l\nimport \"effects\"\n", to: "main.mask")
        let run = try mask("fmt", "main.mask")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "import \"lib.mask\" as l\nimport \"effects\"\n")
    }
}

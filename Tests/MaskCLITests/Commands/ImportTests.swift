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

    /// An error inside a function of another file is reported at the user's call, with a
    /// note at the line of that file where it happened, showing that file's line.
    func testAnErrorInAnImportedFunctionIsReportedAtTheCall() throws {
        try write("import \"lib.mask\"\nprint(lib.half(1))\n", to: "main.mask")
        try write("// helpers\nfn half(x) {\n  return x / \"two\"\n}\n", to: "lib.mask")
        let run = try mask("check", "main.mask")
        XCTAssertEqual(run.status, 1)
        let lib = url("lib.mask").path
        XCTAssertEqual(run.stderr, """
            main.mask:2:7: error: `/` expects numbers, got a string
                2 | print(lib.half(1))
                  |       ^~~~~~~~~~~
            \(lib):3:10: note: in `half`: `/` expects numbers, got a string
                3 |   return x / \"two\"
                  |          ^~~~~~~~~

            """)
    }

    /// A layer an imported function made, refused later by the export, is reported at
    /// the user's call, with notes at its declaration and property in the imported file.
    func testALayerMadeByAnImportedFunctionIsReportedAtTheCall() throws {
        try write("import \"lib.mask\"\ncanvas { size: [40, 40]; duration: 1s }\nlib.wheel()\n", to: "main.mask")
        try write("fn wheel() {\n  gradient w {\n    colors: [red, blue]\n    type: conic\n  }\n  return w\n}\n", to: "lib.mask")
        let run = try mask("check", "main.mask", "--lottie")
        XCTAssertEqual(run.status, 1)
        let lib = url("lib.mask").path
        XCTAssertEqual(run.stderr, """
            main.mask:3:1: error: cannot export layer `w` as Lottie: a conic gradient has no Lottie equivalent
                3 | lib.wheel()
                  | ^~~~~~~~~~~
            \(lib):2:3: note: in `wheel`, layer `w` is declared here
                2 |   gradient w {
                  |   ^
            \(lib):4:5: note: in `wheel`, `type` is set here
                4 |     type: conic
                  |     ^~~~~~~~~~~

            """)
    }

    /// The effects library misused: the error is at the user's line, with notes walking
    /// through the library's calls; a wrong argument count names the library's line in
    /// the library's file.
    func testMisusingTheEffectsLibraryPointsAtTheCallersLine() throws {
        try write("import \"effects\" as fx\ncanvas { size: [64, 64] }\nfx.circleReveal(\"x\", [1, 2])\n", to: "reveal.mask")
        let reveal = try mask("check", "reveal.mask")
        XCTAssertEqual(reveal.status, 1)
        XCTAssertEqual(reveal.stderr, """
            reveal.mask:3:1: error: a string has no member `width`
                3 | fx.circleReveal("x", [1, 2])
                  | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
            effects:223:10: note: in `circleReveal`, which calls `circleRevealWith` here
              223 |   return circleRevealWith(target, center, nil, nil, nil)
                  |          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            effects:231:26: note: in `circleRevealWith`: a string has no member `width`
              231 |     frame: [0, 0, target.width, target.height]
                  |                          ^~~~~

            """)
        try write("import \"effects\" as fx\ncanvas { size: [64, 64] }\nfx.shimmer(\"a\", 2)\n", to: "arity.mask")
        let arity = try mask("check", "arity.mask")
        XCTAssertEqual(arity.status, 1)
        XCTAssertEqual(arity.stderr, """
            arity.mask:3:1: error: `shimmer` takes 1 argument, got 2
                3 | fx.shimmer("a", 2)
                  | ^~~~~~~~~~~~~~~~~~
            effects:114:1: note: `shimmer` is declared here
              114 | fn shimmer(string) {
                  | ^

            """)
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

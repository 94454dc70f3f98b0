import Foundation
import MaskEngine
import MaskScript
import XCTest

/// The embedding API for scripts on disk: `Script(contentsOf:)` resolves relative paths
/// against the file, diagnostics render with their source lines, layers are found by name.
final class ScriptFileAPITests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("script-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    func testContentsOfResolvesImagesAgainstTheScriptsFolder() throws {
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = 255; pixels[i + 3] = 255 }
        try Image(width: 4, height: 4, premultipliedRGBA: pixels).write(toFile: folder.appendingPathComponent("art/red.png").path)
        let script = folder.appendingPathComponent("scene.mask")
        try Data("canvas { size: [4, 4] }\nlayer photo { contents: \"art/red.png\" }\n".utf8).write(to: script)

        // Run from another directory: the image is still found beside the script.
        let loaded = try Script(contentsOf: script.path)
        XCTAssertEqual(loaded.folder, folder.path)
        let scene = try loaded.run()
        let frame = try Renderer(scene: scene).render(at: 0)
        XCTAssertEqual(frame.pixel(x: 2, y: 2)?.r, 255)
        XCTAssertEqual(scene.layer(named: "photo"), scene.roots.first)
        XCTAssertNil(scene.layer(named: "nothing"))
    }

    func testContentsOfAURLReadsTheFileItNames() throws {
        let url = folder.appendingPathComponent("url.mask")
        try Data("canvas { size: [4, 4] }\nlayer dot { }\n".utf8).write(to: url)
        let script = try Script(contentsOf: url)
        XCTAssertEqual(script.folder, folder.path)
        XCTAssertEqual(script.source.name, url.path)
        XCTAssertNotNil(try script.run().layer(named: "dot"))
        XCTAssertThrowsError(try Script(contentsOf: try XCTUnwrap(URL(string: "https://example.com/a.mask")))) { error in
            XCTAssertEqual((error as? RegularFileError)?.path, "https://example.com/a.mask")
        }
    }

    func testContentsOfAMissingFileOrAFolderIsARegularFileError() {
        XCTAssertThrowsError(try Script(contentsOf: folder.appendingPathComponent("none.mask").path)) { error in
            XCTAssertTrue(error is RegularFileError, "\(error)")
        }
        XCTAssertThrowsError(try Script(contentsOf: folder.path)) { error in
            XCTAssertEqual((error as? RegularFileError)?.reason, "it is a directory, not a regular file")
        }
    }

    func testDiagnosticsRenderWithTheirLinesAndCarets() throws {
        do {
            _ = try Script(text: "let a = 1\nprint(b)\n", name: "t.mask").run(options: ScriptOptions(resources: SandboxResolver()))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.rendered(), """
                t.mask:2:7: error: unknown name `b`; did you mean `a`?
                    2 | print(b)
                      |       ^
                """)
        }
        do {
            _ = try Script(text: "let = 1\n", name: "s.mask")
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error.rendered().contains("    1 | let = 1\n"), error.rendered())
        }
    }
}

import Foundation
import MaskEngine
import MaskScript
import XCTest

/// The README's embedding examples, compiled (without warnings) and run here; the test
/// also checks that the README shows exactly this code, and no Swift block besides.
final class ReadmeExampleTests: XCTestCase {
    // README-EXAMPLE-BEGIN
    func renderBanner() throws -> Image {
        let source = """
            canvas { size: [120, 40]; duration: 1s }
            text title { string: greeting(); color: accent; align: center }
            animate title.opacity from 0 to 1 over 1s
            """
        let greeting = HostFunction(name: "greeting", arity: 0...0) { _ in .string("hello") }
        let options = ScriptOptions(
            resources: SandboxResolver(),                        // scripts read no files
            functions: [greeting],
            globals: ["accent": .color(Color(red: 1, green: 0.6, blue: 0))])
        do {
            let scene = try Script(text: source, name: "banner.mask").run(options: options)
            return try Renderer(scene: scene).render(at: 0.5)
        } catch let errors as DiagnosticList {
            print(errors.rendered())                     // lines and carets, as mask prints them
            throw errors
        }
    }
    // README-EXAMPLE-END

    // README-EXAMPLE-BEGIN
    func renderFrames(of file: URL, into folder: String) async throws {
        let script = try Script(contentsOf: file)        // or a path: Script(contentsOf: "a.mask")
        let options = ScriptOptions(resources: FileResolver(baseDirectory: script.folder ?? "."))
        let built = try script.build(options: options)   // the scene, and where each layer was made
        do {
            for try await frame in Renderer(scene: built.scene).frames(jobs: 2) {
                try frame.image.write(toFile: "\(folder)/frame_\(frame.index).png")
            }
        } catch let failure as FrameError {
            if let error = failure.error as? any LayerError {   // at the script's line, as mask reports it
                print(built.diagnostics(for: error).rendered())
            }
            throw failure
        }
    }

    func printErrors(of text: String) {
        do {
            _ = try Script(text: text, name: "typed.mask").run(options: ScriptOptions(resources: SandboxResolver()))
        } catch {
            print(error.rendered())                          // `error` is a DiagnosticList already
        }
    }
    // README-EXAMPLE-END

    func testTheFileExampleWritesEveryFrame() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("banner.mask")
        try Data("canvas { size: [8, 8]; fps: 10; duration: 0.3s }\nlayer { background: red }\n".utf8).write(to: file)
        try await renderFrames(of: file, into: folder.path)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(written, ["frame_0.png", "frame_1.png", "frame_2.png", "frame_3.png"])
        printErrors(of: "layer { opacty: 1 }\n")
    }

    func testTheExampleRendersText() throws {
        let image = try renderBanner()
        XCTAssertEqual(image.width, 120)
        var lit = 0
        for y in 0..<image.height {
            for x in 0..<image.width where (image.pixel(x: x, y: y)?.r ?? 0) > 40 { lit += 1 }
        }
        XCTAssertGreaterThan(lit, 50, "the text shows at half opacity")
    }

    func testTheReadmeShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let me = try String(contentsOf: here, encoding: .utf8)
        var examples = 0
        var rest = me[...]
        while let begin = rest.range(of: "    // README-EXAMPLE-" + "BEGIN\n"),
              let end = rest.range(of: "    // README-EXAMPLE-" + "END", range: begin.upperBound..<rest.endIndex) {
            let code = rest[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
                .joined(separator: "\n")
            XCTAssertTrue(readme.contains("```swift\n" + code + "```\n"), "README.md's example differs from ReadmeExampleTests:\n\(code)")
            examples += 1
            rest = rest[end.upperBound...]
        }
        XCTAssertEqual(examples, 2)
        // Every Swift block of the README that is code (not a Package.swift excerpt) is one of them.
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().filter { !$0.hasPrefix("dependencies:") }
        XCTAssertEqual(blocks.count, examples, "a Swift block of README.md is not compiled by ReadmeExampleTests")
    }
}

import Foundation
import MaskEngine
import MaskScript
import XCTest

/// The README's embedding example, compiled and run here; the test also checks that the
/// README still shows exactly this code.
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
        guard let begin = me.range(of: "    // README-EXAMPLE-BEGIN\n"),
              let end = me.range(of: "    // README-EXAMPLE-END", range: begin.upperBound..<me.endIndex) else {
            return XCTFail("markers missing")
        }
        let code = me[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
            .joined(separator: "\n")
        XCTAssertTrue(readme.contains(code), "README.md's embedding example differs from ReadmeExampleTests")
    }
}

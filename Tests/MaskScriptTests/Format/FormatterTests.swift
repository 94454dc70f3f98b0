import Foundation
import MaskEngine
@testable import MaskScript
import XCTest

/// `ScriptFormatter`: the layout rules on small cases, comments kept, and over every
/// example and test script: formatting twice equals formatting once, and the formatted
/// script prints and renders exactly what the original does.
final class FormatterTests: XCTestCase {
    private static let root = RepositoryRoot.url

    private func format(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return try ScriptFormatter.format(SourceFile(name: "t.mask", text: text))
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func testSpacingIndentationAndStatementsOneALine() {
        XCTAssertEqual(format("let  x=1+2*-3\nlet y = [ 1,2 ,3 ][0]\nprint( x,y )"),
                       "let x = 1 + 2 * -3\nlet y = [1, 2, 3][0]\nprint(x, y)\n")
        XCTAssertEqual(format("fn f(a,b){\nreturn a..<b\n}\nlet g = fn(x){ return -x }"),
                       "fn f(a, b) {\n  return a..<b\n}\nlet g = fn (x) { return -x }\n")
        XCTAssertEqual(format("layer a {\nframe: [0,0,10,10]; background: red\nif true { opacity: 0.5 } else { opacity : 1 }\n}"),
                       "layer a {\n  frame: [0, 0, 10, 10]\n  background: red\n  if true { opacity: 0.5 } else { opacity: 1 }\n}\n")
    }

    func testBlankLinesAreKeptButCollapsed() {
        XCTAssertEqual(format("\n\nlet a = 1\n\n\n\nlet b = 2\nlet c = 3\n\n"), "let a = 1\n\nlet b = 2\nlet c = 3\n")
        XCTAssertEqual(format("layer a {\n\n  opacity: 1\n}"), "layer a {\n  opacity: 1\n}\n")
    }

    func testCommentsStayWhereTheyWere() {
        let text = """
            // heading

            let a = 1 // after a
              // before b
            let b = [
              1, // one
              2,
              // before three
              3,
            ]
            layer l { // on the brace line
              opacity: 1
              // at the end of the body
            }
            // at the end
            """
        XCTAssertEqual(format(text), """
            // heading

            let a = 1  // after a
            // before b
            let b = [
              1,  // one
              2,
              // before three
              3,
            ]
            layer l {  // on the brace line
              opacity: 1
              // at the end of the body
            }
            // at the end

            """)
    }

    func testAnimateClausesGoInTheGrammarsOrder() {
        XCTAssertEqual(format("layer a { }\nanimate a.x ease easeIn over 2s to 100 repeat forever from 0 delay 1s autoreverse"),
                       "layer a {}\nanimate a.x from 0 to 100 over 2s delay 1s ease easeIn repeat forever autoreverse\n")
        // Clause words are names elsewhere: a variable called `over` stays a value.
        XCTAssertEqual(format("let over = 3\nlayer a { }\nanimate a.x over over to -over"),
                       "let over = 3\nlayer a {}\nanimate a.x to -over over over\n")
    }

    func testLongListsBreakOneItemALineWithTrailingCommas() {
        let items = (1...30).map { "\($0 * 1000)" }.joined(separator: ", ")
        let formatted = format("let xs = [\(items)]")
        XCTAssertTrue(formatted.hasPrefix("let xs = [\n  1000,\n  2000,\n"), formatted)
        XCTAssertTrue(formatted.hasSuffix("  30000,\n]\n"), formatted)
        XCTAssertEqual(format(formatted), formatted)
        // A short list written over lines joins up, dropping its trailing comma.
        XCTAssertEqual(format("let xs = [\n  1,\n  2,\n]"), "let xs = [1, 2]\n")
    }

    func testScriptsWithSyntaxErrorsAreNotFormatted() {
        XCTAssertThrowsError(try ScriptFormatter.format(SourceFile(name: "t.mask", text: "let = 5\n"))) { error in
            XCTAssertEqual((error as? DiagnosticList)?.diagnostics.first?.range.start.line, 1)
        }
    }

    // MARK: - Every script

    /// The examples and the test scripts that parse.
    private func corpus() throws -> [URL] {
        let manager = FileManager.default
        var files = try manager.contentsOfDirectory(at: Self.root.appendingPathComponent("Examples"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mask" }
        files += try manager.contentsOfDirectory(at: Self.root.appendingPathComponent("Examples/short"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mask" }
        files.append(Self.root.appendingPathComponent("Sources/MaskScript/Library/effects.mask"))
        let scripts = Self.root.appendingPathComponent("Tests/MaskScriptTests/Scripts")
        for folder in try manager.contentsOfDirectory(at: scripts, includingPropertiesForKeys: nil) {
            files += try manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "mask" }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// What running a script shows: its print lines, its error messages (without places,
    /// which formatting moves), and for a scene its frame count and a few frames.
    private func outcome(of source: SourceFile, folder: String) -> [String] {
        let lines = OutputLines()
        let options = ScriptOptions(resources: FileResolver(baseDirectory: folder), output: { lines.append($0) })
        do {
            let scene = try Script(source: source).run(options: options)
            let renderer = Renderer(scene: scene)
            let count = scene.frameCount ?? 0
            var result = lines.all + ["frames \(count)"]
            for frame in Set([0, count / 2, max(count - 1, 0)]).sorted() {
                let pixels = (try? renderer.renderFrame(frame).pixels) ?? []
                result.append("frame \(frame): \(pixels.count) bytes, hash \(pixels.reduce(into: UInt64(1469598103934665603)) { $0 = ($0 ^ UInt64($1)) &* 1099511628211 })")
            }
            return result
        } catch {
            return lines.all + error.diagnostics.map { "\($0.severity): \($0.message)" }
        }
    }

    func testEveryScriptFormatsIdempotentlyAndRendersTheSame() throws {
        var formattedCount = 0
        for url in try corpus() {
            let original = SourceFile(name: url.path, bytes: [UInt8](try Data(contentsOf: url)))
            guard let once = try? ScriptFormatter.format(original) else { continue }
            formattedCount += 1
            let formatted = SourceFile(name: url.path, text: once)
            XCTAssertEqual(try ScriptFormatter.format(formatted), once, "formatting \(url.lastPathComponent) twice")
            let folder = url.deletingLastPathComponent().path
            XCTAssertEqual(outcome(of: formatted, folder: folder), outcome(of: original, folder: folder), url.lastPathComponent)
        }
        XCTAssertGreaterThan(formattedCount, 150)
    }

    /// Comments anywhere: after every token of the examples, a comment on its own line
    /// or at the end of the line is kept and formats idempotently (a comment inside
    /// brackets once moved by a space, or went missing before a `,`, on each pass).
    func testCommentsAfterEveryTokenAreKeptAndFormatIdempotently() throws {
        var checked = 0
        for url in try corpus() where url.path.contains("/Examples/") && !url.path.contains("/short/") {
            let scalars = Array(try String(contentsOf: url, encoding: .utf8).unicodeScalars)
            let tokens = Lexer.tokenize(SourceFile(name: url.path, text: String(String.UnicodeScalarView(scalars)))).tokens
            for token in tokens where token.kind != .eof && token.kind != .newline {
                for comment in ["\n// c\n", "  // c\n"] {
                    let end = token.range.end.offset
                    var view = String.UnicodeScalarView(scalars[..<end])
                    view.append(contentsOf: comment.unicodeScalars)
                    view.append(contentsOf: scalars[end...])
                    let text = String(view)
                    // A comment that splits a statement in two (`let a` / `= 1`) is a syntax error.
                    guard let once = try? ScriptFormatter.format(SourceFile(name: "c.mask", text: text)) else { continue }
                    checked += 1
                    let where_ = "\(url.lastPathComponent) after `\(token.kind)` at \(token.range.start)"
                    XCTAssertEqual(once.components(separatedBy: "// c").count, text.components(separatedBy: "// c").count, where_)
                    XCTAssertEqual(try? ScriptFormatter.format(SourceFile(name: "c.mask", text: once)), once, where_)
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    func testExamplesAreFormatted() throws {
        for url in try corpus() where url.path.contains("/Examples/") || url.path.hasSuffix("/effects.mask") {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(try ScriptFormatter.format(SourceFile(name: url.path, text: text)), text,
                           "\(url.lastPathComponent): run mask fmt -w on it")
        }
    }
}

import Foundation
import MaskEngine
import MaskScript
import XCTest

/// Runs every ```mask block of Grammar.md, so the documentation cannot drift from the
/// language: each must parse, run without error, and print its `// expect:` lines.
final class GrammarExampleTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ line: String) { lock.lock(); storage.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return storage }
    }

    private func examples() throws -> [(line: Int, code: String)] {
        let root = RepositoryRoot.url
        let text = try String(contentsOf: root.appendingPathComponent("Grammar.md"), encoding: .utf8)
        return MarkdownExamples.blocks(in: text)
    }

    func testEveryExampleRunsAndPrintsWhatItSays() throws {
        let blocks = try examples()
        XCTAssertGreaterThanOrEqual(blocks.count, 7, "Grammar.md should hold an example per construct")
        for (line, code) in blocks {
            let expected = code.components(separatedBy: "\n").compactMap { l -> String? in
                guard let r = l.range(of: "// expect: ") else { return nil }
                return String(l[r.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            let printed = Lines()
            do {
                let script = try Script(text: code, name: "Grammar.md:\(line)")
                _ = try script.run(options: ScriptOptions(resources: SandboxResolver(), output: { printed.append($0) }))
            } catch {
                XCTFail("example at Grammar.md line \(line) failed: \(error.diagnostics.map(\.description))")
                continue
            }
            XCTAssertEqual(printed.all, expected, "example at Grammar.md line \(line)")
        }
    }

    /// The examples show the layout `mask fmt` writes.
    func testEveryExampleIsFormatted() throws {
        for (line, code) in try examples() {
            let source = SourceFile(name: "Grammar.md:\(line)", text: code + "\n")
            XCTAssertEqual(try ScriptFormatter.format(source), code + "\n", "example at Grammar.md line \(line)")
        }
    }
}

import Foundation
import XCTest
import MaskEngine
@testable import MaskScript

/// docs/Reference.md against the interpreter's own tables: every name it documents is
/// accepted, every name the interpreter accepts is documented, and every example runs.
final class ReferenceTests: XCTestCase {
    private static let root = RepositoryRoot.url

    private func reference() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("docs/Reference.md"), encoding: .utf8)
    }

    /// The rows of the tables under the heading that contains `title`, up to the next
    /// heading: each row's cells, without the leading and trailing `|`.
    private func rows(under title: String, backticked: Bool = true) throws -> [[String]] {
        var inside = false
        var out: [[String]] = []
        for line in try reference().components(separatedBy: "\n") {
            if line.hasPrefix("#") {
                inside = line.contains(title)
                continue
            }
            guard inside, line.hasPrefix(backticked ? "| `" : "| "), !line.hasPrefix("|---"), !line.hasPrefix("| limit |") else {
                continue
            }
            out.append(line.dropFirst(2).dropLast(2).components(separatedBy: " | "))
        }
        XCTAssertFalse(out.isEmpty, "no table under `\(title)`")
        return out
    }

    /// The first backticked word of a cell, up to `(` (`cubic(x1, ...)` gives `cubic`).
    private func name(_ cell: String) -> String {
        let inner = cell.split(separator: "`").first.map(String.init) ?? cell
        return String(inner.prefix { $0 != "(" })
    }

    func testEveryPropertyOfEveryKindIsDocumentedWithItsKindOfChange() throws {
        let common = try rows(under: "Every layer")
        let extra: [LayerKeyword: String] = [.gradient: "`gradient` adds", .shape: "`shape` adds", .text: "`text` adds",
                                             .grid: "`grid` adds"]
        for kind in LayerKeyword.allCases {
            let table = common + (try extra[kind].map { try rows(under: $0) } ?? [])
            var documented = Set(table.map { name($0[0]) })
            if kind == .grid { XCTAssertNotNil(documented.remove("tile"), "grid.tile") }
            XCTAssertEqual(documented, Set(LayerProperty.names(for: kind)), "\(kind)")
            for row in table {
                guard let property = LayerProperty(rawValue: name(row[0])) else { continue }
                XCTAssertEqual(row.count, 6, "\(row)")
                XCTAssertEqual(row[3] == "animates", property.isAnimatable, "\(property) changes: \(row[3])")
                XCTAssertFalse(row[4].isEmpty, "\(property): the Core Animation column")
            }
        }
    }

    func testEveryColourNameIsDocumentedWithItsValue() throws {
        let table = try rows(under: "Colours")
        XCTAssertEqual(Set(table.map { name($0[0]) }), Set(Color.named.keys))
        for row in table {
            XCTAssertEqual(row[1], "`\(Color.named[name(row[0])]?.description ?? "?")`", row[0])
        }
    }

    func testEveryBuiltInIsDocumented() throws {
        let functions = Set(try rows(under: "Built-in functions").map { name($0[0]) })
        XCTAssertEqual(functions, Set(Builtins.functions.map(\.0)))
        let text = try reference()
        for name in Builtins.values.keys {
            XCTAssertTrue(text.contains("`\(name)`") || text.contains("`\(name) ") || text.contains(" \(name)`"),
                          "`\(name)` is not in the reference")
        }
    }

    func testEasesAndOrdersAreTheInterpretersOwn() throws {
        let eases = Set(try rows(under: "### Eases").map { name($0[0]) })
        XCTAssertEqual(eases, Set(Builtins.easings.keys).union(["cubic", "spring"]))
        let orders = try rows(under: "Stagger orders").map { name($0[0]) }
        XCTAssertEqual(orders, LanguageCatalog.staggerOrders)
        let clauses = Set(try rows(under: "## Animation").map { name($0[0]).split(separator: " ").first.map(String.init) ?? "" })
        XCTAssertEqual(clauses, Set(LanguageCatalog.animateClauseWords).subtracting(["forever"]))
        let settings = try rows(under: "The canvas").map { name($0[0]) }
        XCTAssertEqual(settings, LanguageCatalog.canvasSettings)
    }

    func testEveryKeywordAndStatementIsDocumented() throws {
        let text = try reference()
        let keywords = text.components(separatedBy: "Keywords: ").dropFirst().first?.components(separatedBy: ".\n").first ?? ""
        let listed = Set(keywords.replacingOccurrences(of: "`", with: "").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .map(String.init))
        XCTAssertEqual(listed, Set(Keyword.allCases.map(\.rawValue)))
    }

    func testEveryEffectsFunctionIsDocumented() throws {
        let documented = try rows(under: "The effects library").map { name($0[0]) }
        XCTAssertEqual(Set(documented), Set(try EffectsLibraryTests.functionNames()))
        XCTAssertEqual(documented.count, Set(documented).count, "a function documented twice")
    }

    func testEveryLimitIsDocumented() throws {
        let fields = Set(try rows(under: "## Limits", backticked: false).compactMap { row -> String? in
            row[2].hasPrefix("`Limits.") ? String(row[2].dropFirst(8).dropLast()) : nil
        })
        let properties = Set(Mirror(reflecting: Limits()).children.compactMap(\.label))
        XCTAssertEqual(fields, properties)
    }

    // MARK: - Examples

    private func examples() throws -> [(line: Int, code: String)] {
        MarkdownExamples.blocks(in: try reference())
    }

    func testEveryExampleRunsPrintsWhatItSaysAndIsFormatted() throws {
        let blocks = try examples()
        XCTAssertGreaterThanOrEqual(blocks.count, 5)
        for (line, code) in blocks {
            let expected = code.components(separatedBy: "\n").compactMap { l -> String? in
                guard let r = l.range(of: "// expect: ") else { return nil }
                return String(l[r.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            let printed = OutputLines()
            do {
                let script = try Script(text: code, name: "Reference.md:\(line)")
                let scene = try script.run(options: ScriptOptions(resources: SandboxResolver(), output: { printed.append($0) }))
                _ = try Renderer(scene: scene).render(at: scene.duration / 2)
            } catch {
                XCTFail("example at Reference.md line \(line) failed: \(error)")
                continue
            }
            XCTAssertEqual(printed.all, expected, "example at Reference.md line \(line)")
            let source = SourceFile(name: "Reference.md:\(line)", text: code + "\n")
            XCTAssertEqual(try ScriptFormatter.format(source), code + "\n", "example at Reference.md line \(line) is not formatted")
        }
    }
}

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

    /// The sections of the layer tables and the kinds whose properties each lists.
    static let propertySections: [(title: String, kinds: Set<LayerKeyword>)] = [
        ("Every layer", Set(LayerKeyword.allCases)), ("`gradient` adds", [.gradient]), ("`shape` adds", [.shape]),
        ("`text` adds", [.text]), ("`grid` adds", [.grid]),
    ]

    /// The row the reference must have for a property, from the language's table (and
    /// through it the engine's declarations).
    static func row(_ p: LayerProperty) -> String {
        let defaultValue = p.defaultValue.map { p.defaultIsLiteral ? "`\($0)`" : $0 } ?? "—"
        let cells = ["`\(p.name)`", p.type, defaultValue, p.change.rawValue, p.coreAnimation, p.doc]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// The properties a section lists: every kind's under "Every layer", a kind's own under its heading.
    static func properties(in section: Set<LayerKeyword>) -> [LayerProperty] {
        LayerProperty.all.filter { p in
            section.count > 1 ? p.kinds == section : section.isSubset(of: p.kinds) && p.kinds != Set(LayerKeyword.allCases)
        }
    }

    func testEveryPropertyOfEveryKindIsDocumentedAsTheTableDeclaresIt() throws {
        let lines = try reference().components(separatedBy: "\n")
        for (title, kinds) in Self.propertySections {
            var inside = false
            let documented = lines.filter { line in
                if line.hasPrefix("#") { inside = line.contains(title) }
                return inside && line.hasPrefix("| `") && !line.hasPrefix("| `tile` |")
            }
            let expected = Self.properties(in: kinds).map(Self.row)
            XCTAssertEqual(documented, expected, "the table under \(title) should be:\n" + expected.joined(separator: "\n"))
        }
        // Every kind's properties are in its sections, once.
        for kind in LayerKeyword.allCases {
            let listed = Self.propertySections.filter { $0.kinds.contains(kind) }.flatMap { Self.properties(in: $0.kinds) }.map(\.name)
            XCTAssertEqual(listed.sorted(), LayerProperty.names(for: kind).sorted(), "\(kind)")
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

    /// Every Core Animation word of the reference's property tables that is not a script
    /// name gets "did you mean" the property of its row, from the compiler; the list is
    /// read from the document, so a row and the compiler cannot disagree.
    func testCoreAnimationWordsOfThePropertyTablesSuggestTheirProperty() throws {
        var checked = 0
        for (title, kinds) in Self.propertySections {
            let kind = kinds.count == 1 ? kinds.first ?? .layer : .layer
            for row in try rows(under: title) where row.count >= 5 {
                let property = name(row[0])
                let words = LayerProperty.coreAnimationWords(row[4].replacingOccurrences(of: "\\|", with: "|"))
                for word in words where LayerProperty(rawValue: word) == nil && !word.contains(" ") {
                    // The first row naming a word is the one it maps to.
                    guard LayerProperty.coreAnimationNames[word] == property else { continue }
                    let dotted = word.contains(".")
                    let script = "\(kind == .layer ? "layer" : kind.rawValue) x {\n  \(word): 1\n}\n"
                    let messages = checkErrors(script)
                    XCTAssertEqual(messages, ["2:3: unknown property `\(word)`; did you mean `\(property)`?"],
                                   "\(word) (\(dotted ? "key path" : "name"))")
                    checked += 1
                }
            }
        }
        // fillColor, strokeColor, anchorPoint, masksToBounds, startPoint, endPoint, bounds,
        // transform.scale, backgroundColor and more.
        XCTAssertGreaterThanOrEqual(checked, 15)
        for word in ["fillColor", "strokeColor", "anchorPoint", "masksToBounds", "startPoint", "endPoint", "bounds",
                     "transform.scale", "backgroundColor"] {
            XCTAssertNotNil(LayerProperty.coreAnimationNames[word], word)
        }
    }

    /// The animate clause table's Core Animation column is the parser's, and each word
    /// there is an error suggesting its clause.
    func testCoreAnimationWordsOfTheClauseTableSuggestTheirClause() throws {
        let table = try rows(under: "## Animation").map { row in
            (name(row[0]).split(separator: " ").first.map(String.init) ?? "", LayerProperty.coreAnimationWords(row[3]))
        }
        XCTAssertEqual(Dictionary(table, uniquingKeysWith: { a, _ in a }),
                       Dictionary(Parser.animateClauseTable.map { ($0.word, $0.coreAnimation) }, uniquingKeysWith: { a, _ in a }))
        for (clause, words) in table {
            for word in words where word != clause {
                let value = clause == "autoreverse" ? "" : " 1"
                XCTAssertEqual(errors("layer a { }\nanimate a.opacity to 1 \(word)\(value) over 1s\n"),
                               ["2:24: unknown animate clause `\(word)`; did you mean `\(clause)`?"], word)
            }
        }
    }

    /// The errors of `source` once parsed and compiled, as `LINE:COLUMN: MESSAGE`.
    private func checkErrors(_ source: String) -> [String] {
        do {
            _ = try Script(text: source, name: "t.mask").run(options: ScriptOptions(resources: SandboxResolver(), output: { _ in }))
            return []
        } catch {
            return error.diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
        }
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

import MaskScript
import XCTest

/// The catalog editors read: complete, and the same words the evaluator accepts.
final class LanguageCatalogTests: XCTestCase {
    func testEveryPropertyOfEveryKindIsDocumented() {
        for kind in LayerKeyword.allCases {
            for name in kind.propertyNames {
                let property = LanguageCatalog.property(named: name, of: kind)
                XCTAssertNotNil(property, "\(kind).\(name)")
                XCTAssertFalse(property?.doc.isEmpty ?? true, "\(kind).\(name) has no doc")
                XCTAssertNotEqual(property?.type, "value", "\(kind).\(name) has no type")
            }
        }
        XCTAssertNil(LanguageCatalog.property(named: "colors", of: .shape), "checked per kind")
        XCTAssertEqual(LanguageCatalog.property(named: "opacity", of: .layer)?.defaultValue, "1")
        XCTAssertEqual(LanguageCatalog.property(named: "opacity", of: .layer)?.isAnimatable, true)
        XCTAssertEqual(LanguageCatalog.property(named: "hidden", of: .text)?.isAnimatable, false)
        XCTAssertEqual(LanguageCatalog.property(named: "type", of: .gradient)?.choices, ["axial", "radial", "conic"])
        XCTAssertEqual(LanguageCatalog.property(named: "opacity", of: .layer)?.choices, [])
    }

    func testEveryBuiltinFunctionHasItsSignature() {
        XCTAssertGreaterThan(LanguageCatalog.functions.count, 20)
        for function in LanguageCatalog.functions {
            XCTAssertTrue(function.signature.hasPrefix(function.name + "("), function.signature)
            XCTAssertNotEqual(function.doc, "A built-in function.", "\(function.name) has no doc")
        }
        XCTAssertEqual(LanguageCatalog.function(named: "circle")?.arity, 3...3)
        XCTAssertEqual(LanguageCatalog.function(named: "hsl")?.arity, 3...4)
    }

    func testTheWordListsAreWhatScriptsAccept() throws {
        XCTAssertEqual(LanguageCatalog.easeNames, ["easeIn", "easeInOut", "easeOut", "linear"])
        XCTAssertTrue(LanguageCatalog.colorNames.contains("lightGray"))
        // Every listed colour and ease is a name a script can use.
        for name in LanguageCatalog.colorNames + LanguageCatalog.easeNames {
            XCTAssertNoThrow(try Script(text: "let v = \(name)", name: "t.mask").run(options: ScriptOptions(output: { _ in })), name)
        }
        // Every listed order works after `stagger`.
        for order in LanguageCatalog.staggerOrders {
            let call = order == "random" ? "random(1)" : order
            let text = "grid g { rows: 2; columns: 2 }\nanimate g.tiles.opacity to 0 stagger 0.1 order \(call)\n"
            XCTAssertNoThrow(try Script(text: text, name: "t.mask").run(options: ScriptOptions(output: { _ in })), order)
        }
    }
}

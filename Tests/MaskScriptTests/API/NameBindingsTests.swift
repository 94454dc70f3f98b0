import XCTest
import MaskEngine
import MaskScript

/// `NameBindings`: the resolver's declarations and the use it binds to each.
final class NameBindingsTests: XCTestCase {
    /// The bindings of `text`, parsed with recovery as an editor does.
    private func bindings(_ text: String) -> (NameBindings, String) {
        let source = SourceFile(name: "test.mask", text: text)
        return (NameBindings(source: source, statements: Parser.parse(source).statements), text)
    }

    /// The scalar offset of the `occurrence`-th (from 1) `word` in `text` (ASCII texts).
    private func offset(of word: String, _ occurrence: Int = 1, in text: String) -> Int {
        var from = text.startIndex
        var found = text.startIndex
        for _ in 0..<occurrence {
            guard let range = text.range(of: word, range: from..<text.endIndex) else { return -1 }
            found = range.lowerBound
            from = range.upperBound
        }
        return text.distance(from: text.startIndex, to: found)
    }

    /// `LINE:COLUMN` of a range's start.
    private func place(_ range: SourceRange) -> String { "\(range.start.line):\(range.start.column)" }

    func testEveryKindOfDeclarationWithItsNameRange() {
        let (names, _) = bindings("""
            import "effects" as fx
            let size = 10
            fn grow(by) {
              return size + by
            }
            for i in 0..<3 {}
            repeat 2 as k {}
            layer outer {
              shape inner {}
            }

            """)
        let found = names.bindings.map { "\($0.name) \($0.kind) \(place($0.declaration))" }
        XCTAssertEqual(Set(found), [
            "fx namespace 1:21", "size variable 2:5", "grow function 3:4", "by parameter 3:9",
            "i loopVariable 6:5", "k loopVariable 7:13", "outer layer(MaskScript.LayerKeyword.layer) 8:7",
            "inner layer(MaskScript.LayerKeyword.shape) 9:9",
        ])
        XCTAssertEqual(names.bindings.first { $0.name == "grow" }?.parameters, ["by"])
        XCTAssertEqual(names.layerKind(named: "inner"), .shape)
        XCTAssertEqual(names.functions.count, 1)
    }

    func testUsesFollowTheResolversScopes() {
        let (names, text) = bindings("""
            let x = 1
            if true {
              let x = x + 1
              print(x)
            }
            fn f() {
              return later
            }
            let later = 2
            x = f()

            """)
        let outer = names.binding(at: offset(of: "x", in: text))
        XCTAssertEqual(outer.map { $0.uses.map(place) }, ["3:11", "10:1"],
                       "the `x` after `let x =` in the block is the outer one: the inner is declared after its value")
        let inner = names.binding(at: offset(of: "x", 2, in: text))
        XCTAssertEqual(inner.map { place($0.declaration) }, "3:7")
        XCTAssertEqual(inner.map { $0.uses.map(place) }, ["4:9"])
        XCTAssertEqual(names.binding(at: offset(of: "later", in: text)).map { place($0.declaration) }, "9:5",
                       "a function body sees a name declared after the function")
        XCTAssertEqual(names.binding(at: offset(of: "f()", 2, in: text)).map { place($0.declaration) }, "6:4")
        XCTAssertNil(names.binding(at: offset(of: "print", in: text)), "built-ins are not bindings")
    }

    func testLayersOfOneNameAndNamespaceMembers() {
        let (names, text) = bindings("""
            import "effects" as fx
            layer box {}
            layer box {}
            box.opacity = 0.5
            print(fx.sweep)

            """)
        let box = names.binding(at: offset(of: "box", 3, in: text))
        XCTAssertEqual(box.map { place($0.declaration) }, "2:7")
        XCTAssertEqual(box.map { $0.uses.map(place) }, ["3:7", "4:1"], "the second `layer box` stores into the same variable")
        XCTAssertEqual(names.binding(at: offset(of: "fx", 2, in: text)).map { place($0.declaration) }, "1:21")
    }

    func testAParsedScriptsBindings() throws {
        let script = try Script(text: "fn f(n) {\n  return n\n}\nprint(f(1))\n", name: "test.mask")
        let names = NameBindings(script)
        XCTAssertEqual(names.bindings.map(\.name), ["f", "n"])
        XCTAssertEqual(names.bindings.first?.uses.map(place), ["4:7"])
    }

    func testAScriptWithErrorsStillBindsWhatItCan() {
        let (names, text) = bindings("""
            let radius = 4
            layer dot {
              cornerRadius: radius +
            }
            print(radius, nme)

            """)
        XCTAssertEqual(names.binding(at: offset(of: "radius", 3, in: text)).map { place($0.declaration) }, "1:5")
        XCTAssertNil(names.binding(at: offset(of: "nme", in: text)), "an unknown name binds to nothing")
        XCTAssertEqual(names.layerKind(named: "dot"), .layer)
    }

    func testVisibleNamesInnermostFirst() {
        let (names, text) = bindings("""
            let a = 1
            fn g(a) {
              return b
            }
            let b = 2

            """)
        let inBody = names.visible(at: offset(of: "return", in: text)).map { "\($0.name) \(place($0.declaration))" }
        XCTAssertEqual(Set(inBody), ["a 2:6", "g 2:4", "b 5:5"], "the parameter hides the global; a body sees `b`")
        let atStart = names.visible(at: 0).map(\.name)
        XCTAssertEqual(atStart, ["g"], "before any `let`, only the function, which a call may reach")
    }
}

import Foundation
import XCTest

/// `mask lsp`'s editor features over pipes: completion, hover, document symbols,
/// formatting, definition and references.
final class LSPFeatureTests: MaskCLITestCase {
    private let uri = "file:///tmp/features.mask"

    /// The labels of a completion response, in order, duplicates kept.
    private func labelList(_ response: [String: Any]) -> [String] {
        ((response["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    /// A session with one document open.
    private func session(_ text: String) throws -> LSPSession {
        let session = try LSPSession(in: directory)
        try session.initialize()
        try session.open(uri, text)
        return session
    }

    // MARK: - Completion

    func testCompletionAfterAnImportsNameOffersItsFunctionsAndConstants() throws {
        try write("let k = 3\nfn twice(x) { return 2 * x }\n", to: "lib.mask")
        let document = "file://" + url("main.mask").path
        let lsp = try LSPSession(in: directory)
        try lsp.initialize()
        try lsp.open(document, "import \"effects\" as fx\nimport \"lib.mask\"\nfx.\nlib.\n")
        let effects = LSP.labels(try lsp.request("textDocument/completion", LSP.at(document, 2, 3)))
        XCTAssertTrue(effects.isSuperset(of: ["shimmer", "circleReveal", "tileTransition", "fadeString"]), "\(effects)")
        XCTAssertFalse(effects.contains("let"), "only the library's names")
        XCTAssertEqual(LSP.labels(try lsp.request("textDocument/completion", LSP.at(document, 3, 4))), ["k", "twice"])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testCompletionAfterADotOffersThatLayersProperties() throws {
        let lsp = try session("shape dot { path: circle(5, 5, 5) }\ngrid tiles { rows: 2 }\ndot.\ntiles.\ntiles.tiles.\ndot.tiles.\nx.dot.\n")
        let shape = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 2, 4)))
        XCTAssertTrue(shape.isSuperset(of: ["path", "fill", "stroke", "lineWidth", "opacity", "frame"]), "\(shape)")
        XCTAssertFalse(shape.contains("colors"), "a gradient's property on a shape")
        XCTAssertFalse(shape.contains("let"), "no keywords after a dot")
        let grid = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 3, 6)))
        XCTAssertTrue(grid.isSuperset(of: ["rows", "columns", "tiles", "tile", "color"]), "\(grid)")
        XCTAssertFalse(grid.contains("path"))
        let tile = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 4, 12)))
        XCTAssertTrue(tile.isSuperset(of: ["opacity", "background", "frame"]), "a grid's tiles are plain layers: \(tile)")
        XCTAssertFalse(tile.contains("rows"))
        XCTAssertEqual(LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 5, 10))), [], "a shape has no tiles")
        XCTAssertEqual(LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 6, 6))), [], "a member, not the layer `dot`")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testCompletionInsideABodyOffersItsKindsProperties() throws {
        let lsp = try session("canvas {\n  \n}\ngradient sky {\n  col\n  type: \n}\n")
        let canvas = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 1, 2)))
        XCTAssertEqual(canvas, ["size", "fps", "duration", "background"])
        let gradient = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 4, 5)))
        XCTAssertTrue(gradient.isSuperset(of: ["colors", "locations", "start", "end", "type", "opacity", "red", "sky"]), "\(gradient)")
        XCTAssertFalse(gradient.contains("path"))
        XCTAssertFalse(gradient.contains("radial"), "choice words only after their property")
        let choices = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 5, 8)))
        XCTAssertTrue(choices.isSuperset(of: ["axial", "radial", "conic"]), "\(choices)")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testCompletionOnAnAnimateLineOffersClausesEasesAndOrders() throws {
        let lsp = try session("layer box {}\nanimate box.x to 10 \nlet after = 1\n")
        let response = try lsp.request("textDocument/completion", LSP.at(uri, 1, 20))
        XCTAssertEqual(labelList(response).count, LSP.labels(response).count, "each word once")
        let words = LSP.labels(response)
        XCTAssertTrue(words.isSuperset(of: ["over", "delay", "ease", "autoreverse", "stagger", "order", "easeInOut", "linear",
                                            "reverse", "diagonal", "cubic", "spring", "box"]), "\(words)")
        let elsewhere = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 2, 0)))
        XCTAssertFalse(elsewhere.contains("autoreverse"), "clause words only on an animate line")
        XCTAssertTrue(elsewhere.isSuperset(of: ["let", "fn", "animate", "circle", "orange", "easeIn"]))
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testCompletionOffersTheNamesInScope() throws {
        let text = "let speed = 2\nfn helper() {\n  let hidden = 1\n  return hidden\n}\nfn grow(amount) {\n  \n}\nlayer card {}\n"
        let lsp = try session(text)
        let inside = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 6, 2)))
        XCTAssertTrue(inside.isSuperset(of: ["speed", "helper", "grow", "amount", "card"]), "\(inside)")
        XCTAssertFalse(inside.contains("hidden"), "another function's local")
        let top = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 9, 0)))
        XCTAssertFalse(top.contains("amount"), "a parameter outside its function")
        XCTAssertTrue(top.contains("speed"))
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testCompletionOffersTheMaskCombinationsAndHoverDescribesFeather() throws {
        let lsp = try session("layer card {\n  mask shape hole {\n    maskCombine: \n    feather: 4\n  }\n}\n")
        let words = LSP.labels(try lsp.request("textDocument/completion", LSP.at(uri, 2, 17)))
        for word in ["add", "subtract", "intersect", "difference", "lighten", "darken"] {
            XCTAssertTrue(words.contains(word), "\(word) in \(words)")
        }
        let feather = try hoverText(lsp, 3, 6)
        XCTAssertTrue(feather.contains("feather: number") && feather.contains("feather / 2"), feather)
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Hover

    private func hoverText(_ lsp: LSPSession, _ line: Int, _ character: Int) throws -> String {
        let answer = try lsp.request("textDocument/hover", LSP.at(uri, line, character))
        let result = answer["result"] as? [String: Any]
        return (result?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }

    func testHoverOnAnImportsNameShowsItsSignatureAndDoc() throws {
        try write("// How far the dots go.\nlet k = 3\n// Doubles a number.\nfn twice(x) { return 2 * x }\n", to: "lib.mask")
        let document = "file://" + url("main.mask").path
        let lsp = try LSPSession(in: directory)
        try lsp.initialize()
        try lsp.open(document, "import \"effects\" as fx\nimport \"lib.mask\"\nprint(lib.twice(lib.k))\nfx.shimmer(\"hi\")\n")
        func hover(_ line: Int, _ character: Int) throws -> String {
            let response = try lsp.request("textDocument/hover", LSP.at(document, line, character))
            return ((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        let twice = try hover(2, 11)
        XCTAssertTrue(twice.contains("fn lib.twice(x)") && twice.contains("Doubles a number."), twice)
        let k = try hover(2, 20)
        XCTAssertTrue(k.contains("let lib.k") && k.contains("How far the dots go."), k)
        XCTAssertTrue(try hover(3, 4).contains("fn fx.shimmer(string)"))
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testHoverExplainsPropertiesFunctionsAndLayers() throws {
        let text = "layer box {\n  frame: [10, 20, 30, 40]\n  opacity: 0.5\n}\nbox.cornerRadius = 4\nlet ring = circle(1, 2, 3)\n"
        let lsp = try session(text)
        let body = try hoverText(lsp, 2, 3)
        XCTAssertTrue(body.contains("opacity: number 0...1"), body)
        XCTAssertTrue(body.contains("default 1"), body)
        XCTAssertTrue(body.contains("animatable"), body)
        let member = try hoverText(lsp, 4, 6)
        XCTAssertTrue(member.contains("cornerRadius: number"), member)
        let function = try hoverText(lsp, 5, 12)
        XCTAssertTrue(function.contains("circle(cx, cy, r) -> path"), function)
        let layer = try hoverText(lsp, 4, 1)
        XCTAssertTrue(layer.contains("layer box"), layer)
        XCTAssertTrue(layer.contains("frame: [10, 20, 30, 40]"), layer)
        let nothing = try lsp.request("textDocument/hover", LSP.at(uri, 1, 12))
        XCTAssertTrue(nothing["result"] is NSNull, "a number has no hover: \(nothing)")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Symbols

    func testDocumentSymbolsAreATreeOfLayers() throws {
        let text = """
            canvas { size: [100, 100] }
            let speed = 2
            layer card {
              text title { string: "hi" }
              mask shape hole { path: circle(1, 1, 1) }
              mask layer cut { maskCombine: subtract }
            }
            fn pulse(target) {
              animate target.opacity to 0
            }

            """
        let lsp = try session(text)
        let symbols = try XCTUnwrap(try lsp.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"]
            as? [[String: Any]])
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["canvas", "speed", "card", "pulse"])
        XCTAssertEqual(symbols.compactMap { $0["kind"] as? Int }, [3, 13, 19, 12])
        guard symbols.count == 4 else { return }
        let card = symbols[2]
        let children = try XCTUnwrap(card["children"] as? [[String: Any]])
        XCTAssertEqual(children.compactMap { $0["name"] as? String }, ["title", "hole", "cut"])
        XCTAssertEqual(children.compactMap { $0["detail"] as? String }, ["text", "mask shape", "mask layer, subtract"])
        XCTAssertEqual(LSP.start(card), [2, 0])
        XCTAssertEqual(LSP.start(["range": card["selectionRange"] as Any]), [2, 6])
        XCTAssertEqual(LSP.start(["range": symbols[3]["selectionRange"] as Any]), [7, 3])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Formatting

    func testFormattingGivesTheOutputOfMaskFmt() throws {
        let text = "layer box{frame:[0,0,10,10]\n\n\n  opacity:0.5}\nanimate box.x   to 10 over 1s\n"
        try write(text, to: "messy.mask")
        let expected = try mask("fmt", "messy.mask")
        XCTAssertEqual(expected.status, 0)
        let lsp = try session(text)
        let edits = try XCTUnwrap(try lsp.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]])["result"]
            as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits[0]["newText"] as? String, expected.stdout)
        XCTAssertEqual(LSP.start(edits[0]), [0, 0])
        XCTAssertEqual(LSP.end(edits[0]), [5, 0])

        lsp.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": expected.stdout]]])
        _ = try lsp.diagnostics()
        let none = try lsp.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertEqual((none["result"] as? [Any])?.count, 0, "a formatted document needs no edit")

        lsp.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": "layer {\n"]]])
        _ = try lsp.diagnostics()
        let refused = try lsp.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertEqual(LSP.errorCode(refused), -32803, "\(refused)")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Definition and references

    func testDefinitionAndReferencesFollowTheScopes() throws {
        let text = """
            let x = 1
            fn f(x) {
              return x + 1
            }
            layer outer {
              layer inner {}
            }
            inner.x = x
            print(f(x))

            """
        let lsp = try session(text)
        func definition(_ line: Int, _ character: Int) throws -> [Int] {
            let result = try XCTUnwrap(try lsp.request("textDocument/definition", LSP.at(uri, line, character))["result"]
                as? [String: Any])
            XCTAssertEqual(result["uri"] as? String, uri)
            return LSP.start(result)
        }
        XCTAssertEqual(try definition(2, 9), [1, 5], "the parameter shadows the global")
        XCTAssertEqual(try definition(7, 10), [0, 4])
        XCTAssertEqual(try definition(8, 8), [0, 4])
        XCTAssertEqual(try definition(8, 6), [1, 3], "the function's name")
        XCTAssertEqual(try definition(7, 1), [5, 8], "a sublayer's name is bound around the outermost layer")

        var params = LSP.at(uri, 0, 4)
        params["context"] = ["includeDeclaration": true]
        let references = try XCTUnwrap(try lsp.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(references.map(LSP.start), [[0, 4], [7, 10], [8, 8]])
        params = LSP.at(uri, 1, 5)
        params["context"] = ["includeDeclaration": false]
        let parameter = try XCTUnwrap(try lsp.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(parameter.map(LSP.start), [[2, 9]])
        let builtin = try lsp.request("textDocument/definition", LSP.at(uri, 8, 1))
        XCTAssertTrue(builtin["result"] is NSNull, "print is built in")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// Binding comes from the resolver: an inner `let x = x + 1` reads the outer `x`, an
    /// import's namespace is a declaration, and a name with errors around still resolves.
    func testDefinitionUsesTheResolversBindings() throws {
        let text = """
            import "effects" as fx
            let x = 1
            if true {
              let x = x + 1
              print(fx.sweep, x)
            }
            let broken = * 2
            layer box { opacity: x }

            """
        let lsp = try session(text)
        func definition(_ line: Int, _ character: Int) throws -> [Int] {
            LSP.start(try XCTUnwrap(try lsp.request("textDocument/definition", LSP.at(uri, line, character))["result"]
                as? [String: Any]))
        }
        XCTAssertEqual(try definition(3, 10), [1, 4], "the inner `x` is declared after its value")
        XCTAssertEqual(try definition(4, 18), [3, 6])
        XCTAssertEqual(try definition(4, 8), [0, 20], "an import's namespace")
        XCTAssertEqual(try definition(7, 21), [1, 4], "a document with a syntax error still resolves")
        var params = LSP.at(uri, 0, 20)
        params["context"] = ["includeDeclaration": false]
        let references = try XCTUnwrap(try lsp.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(references.map(LSP.start), [[4, 8]])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Rename

    func testRenameChangesTheDeclarationAndEveryUseBoundToIt() throws {
        let text = """
            let size = 4
            fn grow(by) {
              return size + by
            }
            if true {
              let size = 1
              print(size)
            }
            layer box { opacity: grow(size) / 10 }

            """
        let lsp = try session(text)
        let prepared = try XCTUnwrap(try lsp.request("textDocument/prepareRename", LSP.at(uri, 2, 10))["result"] as? [String: Any])
        XCTAssertEqual(prepared["placeholder"] as? String, "size")
        XCTAssertEqual(LSP.start(prepared), [2, 9])
        var params = LSP.at(uri, 0, 4)
        params["newName"] = "side"
        let result = try XCTUnwrap(try lsp.request("textDocument/rename", params)["result"] as? [String: Any])
        let edits = try XCTUnwrap((result["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        XCTAssertEqual(edits.map(LSP.start), [[0, 4], [2, 9], [8, 26]], "the inner `size` and its use are another variable")
        XCTAssertEqual(Set(edits.compactMap { $0["newText"] as? String }), ["side"])

        for (name, why) in [("by", "already used"), ("print", "already used"), ("opacity", "already used"),
                            ("let", "not a name"), ("2x", "not a name")] {
            params["newName"] = name
            let refused = try lsp.request("textDocument/rename", params)
            XCTAssertEqual(LSP.errorCode(refused), -32803, name)
            let message = (refused["error"] as? [String: Any])?["message"] as? String ?? ""
            XCTAssertTrue(message.contains(why), "\(name): \(message)")
        }
        XCTAssertTrue(try lsp.request("textDocument/prepareRename", LSP.at(uri, 6, 3))["result"] is NSNull, "print is built in")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testAnImportWithoutAsCannotBeRenamed() throws {
        try write("let k = 3\n", to: "lib.mask")
        let document = "file://" + url("main.mask").path
        let lsp = try LSPSession(in: directory)
        try lsp.initialize()
        try lsp.open(document, "import \"lib.mask\"\nprint(lib.k)\n")
        XCTAssertTrue(try lsp.request("textDocument/prepareRename", LSP.at(document, 1, 7))["result"] is NSNull,
                      "its name is the file's")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }
}

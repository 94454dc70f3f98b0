import Foundation
import XCTest

/// `mask lsp` over pipes: the life cycle, document sync, diagnostics, and answers to
/// malformed input. The editor features are in `LSPFeatureTests`.
final class LSPTests: MaskCLITestCase {
    private func session() throws -> LSPSession {
        let session = try LSPSession(in: directory)
        try session.initialize()
        return session
    }

    private func fileURI(_ path: String) -> String {
        url(path).absoluteString
    }

    // MARK: - Life cycle

    func testInitializeAdvertisesWhatTheServerImplements() throws {
        let lsp = try LSPSession(in: directory)
        let result = try lsp.initialize()
        let capabilities = try XCTUnwrap(result["capabilities"] as? [String: Any])
        let sync = try XCTUnwrap(capabilities["textDocumentSync"] as? [String: Any])
        XCTAssertEqual(sync["change"] as? Int, 2, "incremental sync")
        XCTAssertEqual(sync["openClose"] as? Bool, true)
        XCTAssertEqual((capabilities["completionProvider"] as? [String: Any])?["triggerCharacters"] as? [String], ["."])
        for provider in ["hoverProvider", "documentSymbolProvider", "documentFormattingProvider", "definitionProvider",
                         "referencesProvider"] {
            XCTAssertEqual(capabilities[provider] as? Bool, true, provider)
        }
        XCTAssertEqual((capabilities["renameProvider"] as? [String: Any])?["prepareProvider"] as? Bool, true)
        XCTAssertEqual(Set(capabilities.keys), ["positionEncoding", "textDocumentSync", "completionProvider", "hoverProvider",
                                                "documentSymbolProvider", "documentFormattingProvider", "definitionProvider",
                                                "referencesProvider", "renameProvider"])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testRequestsBeforeInitializeAreRefused() throws {
        let lsp = try LSPSession(in: directory)
        let answer = try lsp.request("textDocument/hover", LSP.at("file:///x.mask", 0, 0))
        XCTAssertEqual(LSP.errorCode(answer), -32002)
        try lsp.initialize()
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testExitWithoutShutdownIsStatusOne() throws {
        let lsp = try session()
        lsp.notify("exit", [:])
        XCTAssertEqual(try lsp.exitStatus(), 1)
    }

    func testEndOfInputEndsTheServer() throws {
        let clean = try session()
        XCTAssertTrue(try clean.request("shutdown", [:])["result"] is NSNull)
        try clean.closeInput()
        XCTAssertEqual(try clean.exitStatus(), 0)

        let abrupt = try session()
        try abrupt.closeInput()
        XCTAssertEqual(try abrupt.exitStatus(), 1)
    }

    func testRequestsAfterShutdownAreRefused() throws {
        let lsp = try session()
        XCTAssertTrue(try lsp.request("shutdown", [:])["result"] is NSNull)
        let answer = try lsp.request("textDocument/hover", LSP.at("file:///x.mask", 0, 0))
        XCTAssertEqual(LSP.errorCode(answer), -32600)
        lsp.notify("exit", [:])
        XCTAssertEqual(try lsp.exitStatus(), 0)
    }

    // MARK: - Diagnostics

    func testDiagnosticsAreTheMessagesOfMaskCheck() throws {
        let script = "layer box {\n  frame: [0, 0, 10, 10]\n  opacty: 0.5\n}\n"
        try write(script, to: "box.mask")
        let check = try mask("check", "box.mask")
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("box.mask:3:3: error: unknown property `opacty`; did you mean `opacity`?"), check.stderr)

        let lsp = try session()
        let diagnostics = try lsp.open(fileURI("box.mask"), script)
        XCTAssertEqual(diagnostics.count, 1)
        let first = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(first["message"] as? String, "unknown property `opacty`; did you mean `opacity`?")
        XCTAssertEqual(first["severity"] as? Int, 1)
        XCTAssertEqual(LSP.start(first), [2, 2])
        XCTAssertEqual(LSP.end(first), [2, 8])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// With a syntax error, `mask check` and the editor both give the misspellings of what
    /// parsed too, in source order, and nothing about the names the broken line lost.
    func testASyntaxErrorDoesNotHideAMisspelling() throws {
        let script = "let size = 4 *\nlayer box {\n  frame: [0, 0, size, size]\n  opacty: 0.5\n}\n"
        try write(script, to: "box.mask")
        let check = try mask("check", "box.mask")
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stderr, """
            box.mask:1:15: error: expected expression
                1 | let size = 4 *
                  |               ^
            box.mask:4:3: error: unknown property `opacty`; did you mean `opacity`?
                4 |   opacty: 0.5
                  |   ^~~~~~

            """)
        let lsp = try session()
        let diagnostics = try lsp.open(fileURI("box.mask"), script)
        XCTAssertEqual(diagnostics.map { $0["message"] as? String }, ["expected expression", "unknown property `opacty`; did you mean `opacity`?"])
        XCTAssertEqual(diagnostics.map(LSP.start), [[0, 14], [3, 2]])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// The first frame is checked too, within an eighth of the render budget on a
    /// keystroke: a frame that needs more is information where the check stopped (here at
    /// the `shadowRadius` of layer `glow`, whose blur passed the budget), not an error of
    /// the script.
    func testTheFirstFrameIsCheckedWithinTheEditorsBudget() throws {
        let script = "canvas { size: [2000, 2000] }\nlayer glow {\n  background: white\n  shadowOpacity: 1\n  shadowRadius: 400\n}\n"
        let lsp = try session()
        let diagnostics = try lsp.open("file:///tmp/glow.mask", script)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let message = try XCTUnwrap(diagnostics.first?["message"] as? String)
        XCTAssertTrue(message.hasPrefix("the editor's check of the first frame stopped here"), message)
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 3)
        XCTAssertEqual(LSP.start(diagnostics[0]), [4, 2])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// An error inside the effects library is published at the document's call, with the
    /// library's places named in its related information (at the call: the document's
    /// positions cannot point into the library).
    func testAnErrorInsideTheLibraryIsPublishedAtTheCall() throws {
        let lsp = try session()
        let uri = fileURI("reveal.mask")
        let diagnostics = try lsp.open(uri, "import \"effects\" as fx\ncanvas { size: [64, 64] }\nfx.circleReveal(\"x\", [1, 2])\n")
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["message"] as? String, "a string has no member `width`")
        XCTAssertEqual(LSP.start(diagnostics[0]), [2, 0])
        let related = try XCTUnwrap(diagnostics.first?["relatedInformation"] as? [[String: Any]])
        XCTAssertEqual(related.map { $0["message"] as? String }, [
            "effects:223:10: note: in `circleReveal`, which calls `circleRevealWith` here",
            "effects:231:26: note: in `circleRevealWith`: a string has no member `width`",
        ])
        for note in related {
            let location = try XCTUnwrap(note["location"] as? [String: Any])
            XCTAssertEqual(location["uri"] as? String, uri)
            XCTAssertEqual(LSP.start(location), [2, 0])
        }
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// Core Animation words are published with the mask word, at the word; a syntax
    /// error elsewhere does not hide the misspelled property.
    func testCoreAnimationWordsArePublishedWithTheMaskWord() throws {
        let lsp = try session()
        let diagnostics = try lsp.open("file:///tmp/ca.mask", "shape s {\n  fillColor: red\n}\nanimate s.opacity to 0 duration 1s\n")
        XCTAssertEqual(diagnostics.map { $0["message"] as? String },
                       ["unknown property `fillColor`; did you mean `fill`?", "unknown animate clause `duration`; did you mean `over`?"])
        XCTAssertEqual(diagnostics.map(LSP.start), [[1, 2], [3, 23]])
        lsp.notify("textDocument/didChange", ["textDocument": ["uri": "file:///tmp/ca.mask", "version": 2],
                                              "contentChanges": [["text": "shape s {\n  fillColor: red\n}\nanimate s.opacity to 0 over 1s\n"]]])
        let fixed = try lsp.diagnostics()
        XCTAssertEqual(fixed.map { $0["message"] as? String }, ["unknown property `fillColor`; did you mean `fill`?"])
        XCTAssertEqual(LSP.start(fixed[0]), [1, 2])
        XCTAssertEqual(LSP.end(fixed[0]), [1, 11])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// A character no installed font has is a warning at the string.
    func testACharacterNoFontHasIsAWarningAtTheString() throws {
        let lsp = try session()
        // The string literal starts 17 UTF-16 units into line 1 (both counted from 0).
        let diagnostics = try lsp.open("file:///tmp/text.mask", "canvas { size: [40, 20] }\ntext t { string: \"滑\u{E000}\" }\n")
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let first = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(first["severity"] as? Int, 2)
        XCTAssertTrue((first["message"] as? String)?.hasPrefix("no installed font has U+E000") ?? false, "\(first)")
        XCTAssertEqual(LSP.start(first), [1, 17])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testEverySyntaxErrorIsPublished() throws {
        let lsp = try session()
        let diagnostics = try lsp.open("file:///tmp/broken.mask", "let = 1\nlet b = (2\nprint(b)\n")
        XCTAssertGreaterThanOrEqual(diagnostics.count, 2, "\(diagnostics)")
        XCTAssertEqual(LSP.start(diagnostics[0]), [0, 4])
        XCTAssertEqual(diagnostics[0]["message"] as? String, "expected name after `let`")
        XCTAssertEqual(diagnostics[1]["message"] as? String, "expected `)` after expression")
        let note = try XCTUnwrap((diagnostics[1]["relatedInformation"] as? [[String: Any]])?.first)
        XCTAssertEqual(note["message"] as? String, "to close `(` at line 2")
        XCTAssertEqual(LSP.start(try XCTUnwrap(note["location"] as? [String: Any])), [1, 8])
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testTheRunIsBoundedAndPrintsNothing() throws {
        let lsp = try session()
        let started = Date()
        // `print` output on standard output would corrupt the protocol stream; the next
        // message must still be a well-framed notification.
        let diagnostics = try lsp.open("file:///tmp/loop.mask", "print(\"Content-Length: 3\")\nrepeat 1e9 { let x = 1 }\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(diagnostics.count, 1)
        let message = try XCTUnwrap(diagnostics.first?["message"] as? String)
        XCTAssertTrue(message.contains("stopped here after 200000 steps"), message)
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 3, "the server's own budget is not the script's error")
        XCTAssertEqual(LSP.start(diagnostics[0])[0], 1)
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// An error inside an imported file is published against that file, and the document
    /// gets an error at the `import` that leads there, pointing at it; both clear once fixed.
    func testErrorsInImportedFilesArePublishedAgainstThoseFiles() throws {
        try write("// helpers\nfn f() {\n  return nme\n}\n", to: "lib.mask")
        try write("import \"deep.mask\" as deep\n", to: "mid.mask")
        try write("fn h() { return 1 + }\n", to: "deep.mask")
        let lsp = try session()
        let main = fileURI("main.mask")
        let text = "import \"lib.mask\" as lib\nimport \"mid.mask\" as mid\nprint(lib.f())\n"
        let own = try lsp.open(main, text)
        XCTAssertEqual(own.count, 2, "\(own)")
        XCTAssertEqual(own.map(LSP.start), [[0, 0], [1, 0]], "at the import statements")
        XCTAssertEqual(own.first?["message"] as? String, "in the imported file `lib.mask`: unknown name `nme`")
        XCTAssertEqual(own.first?["severity"] as? Int, 1)
        let related = try XCTUnwrap((own.first?["relatedInformation"] as? [[String: Any]])?.first)
        let location = try XCTUnwrap(related["location"] as? [String: Any])
        XCTAssertEqual(location["uri"] as? String, fileURI("lib.mask"))
        XCTAssertEqual(LSP.start(location), [2, 9])
        XCTAssertEqual(own.last?["message"] as? String, "in the imported file `deep.mask`: expected expression",
                       "a file imported through another is put at the document's import of the other")

        /// The diagnostics of the next `count` notifications, by URI.
        func published(_ count: Int) throws -> [String: [[String: Any]]] {
            var found: [String: [[String: Any]]] = [:]
            for _ in 0..<count {
                let params = try XCTUnwrap(try lsp.nextNotification()["params"] as? [String: Any])
                found[try XCTUnwrap(params["uri"] as? String)] = try XCTUnwrap(params["diagnostics"] as? [[String: Any]])
            }
            return found
        }
        var files = try published(2)
        XCTAssertEqual(Set(files.keys), [fileURI("lib.mask"), fileURI("deep.mask")])
        let lib = try XCTUnwrap(files[fileURI("lib.mask")])
        XCTAssertEqual(lib.map { $0["message"] as? String }, ["unknown name `nme`"])
        XCTAssertEqual(lib.map(LSP.start), [[2, 9]], "in the imported file's own positions")
        XCTAssertEqual(files[fileURI("deep.mask")]?.map(LSP.start), [[0, 20]])

        lsp.notify("textDocument/didChange", ["textDocument": ["uri": main, "version": 2],
                                              "contentChanges": [["text": "import \"mid.mask\" as mid\n"]]])
        XCTAssertEqual(try lsp.diagnostics().count, 1)
        files = try published(2)
        XCTAssertEqual(files[fileURI("lib.mask")]?.count, 0, "lib.mask's errors are gone with its import")
        XCTAssertEqual(files[fileURI("deep.mask")]?.count, 1)
        lsp.notify("textDocument/didClose", ["textDocument": ["uri": main]])
        files = try published(2)
        XCTAssertEqual(files.mapValues(\.count), [main: 0, fileURI("deep.mask"): 0], "closing the document clears both")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testImagesResolveAgainstTheDocumentsFolder() throws {
        try write(MaskCLITestCase.tinyPPM, to: "art/pic.ppm")
        let script = "layer photo { contents: image(\"pic.ppm\") }\n"
        let lsp = try session()
        XCTAssertEqual(try lsp.open(fileURI("art/scene.mask"), script).count, 0)
        let elsewhere = try lsp.open(fileURI("other/scene.mask"), script)
        XCTAssertEqual(elsewhere.count, 1)
        XCTAssertTrue((elsewhere.first?["message"] as? String ?? "").contains("pic.ppm"), "\(elsewhere)")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testEveryExampleChecksCleanWithinTheBudget() throws {
        let examples = RepositoryRoot.url.appendingPathComponent("Examples")
        let scripts = try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mask" }
        XCTAssertGreaterThan(scripts.count, 5)
        let lsp = try session()
        for script in scripts {
            // Their images resolve against Examples/, as `mask check` resolves them.
            let diagnostics = try lsp.open(script.absoluteString, try String(contentsOf: script, encoding: .utf8))
            XCTAssertEqual(diagnostics.count, 0, "\(script.lastPathComponent): \(diagnostics)")
        }
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Document sync

    func testIncrementalChangesCountUTF16Units() throws {
        let lsp = try session()
        let uri = "file:///tmp/emoji.mask"
        XCTAssertEqual(try lsp.open(uri, "let s = \"😀😀\"\nprint(s)\n").count, 0)
        // Line 0 is `let s = "😀😀"`: the closing quote is at UTF-16 character 13 (each
        // emoji is two units); insert `, nosuch` after `s` on line 1 and an unknown name
        // right after the emoji on line 0.
        lsp.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": LSP.range(1, 7, 1, 7), "text": ", nosuch"]],
        ])
        let unknown = try lsp.diagnostics()
        XCTAssertEqual(unknown.first?["message"] as? String, "unknown name `nosuch`")
        XCTAssertEqual(LSP.start(unknown[0]), [1, 9])

        lsp.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 3],
            "contentChanges": [
                ["range": LSP.range(1, 7, 1, 15), "text": ""],
                ["range": LSP.range(0, 13, 0, 14), "text": "\" + nothing"],
            ],
        ])
        let after = try lsp.diagnostics()
        XCTAssertEqual(after.first?["message"] as? String, "unknown name `nothing`")
        // `let s = "😀😀" + nothing`: `nothing` starts at scalar column 16, UTF-16 character 17.
        XCTAssertEqual(LSP.start(after[0]), [0, 17])
        XCTAssertEqual(LSP.end(after[0]), [0, 24])

        lsp.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 4],
            "contentChanges": [["text": "print(1 +)\n"]],
        ])
        XCTAssertEqual(LSP.start(try XCTUnwrap(try lsp.diagnostics().first)), [0, 9])

        lsp.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        XCTAssertEqual(try lsp.diagnostics().count, 0, "closing clears the diagnostics")
        let closed = try lsp.request("textDocument/hover", LSP.at(uri, 0, 0))
        XCTAssertEqual(LSP.errorCode(closed), -32602)
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testAByteOrderMarkIsOneUnitTheClientCounts() throws {
        let lsp = try session()
        // `mask check` counts columns after the mark; the client counts the mark too.
        let diagnostics = try lsp.open("file:///tmp/bom.mask", "\u{FEFF}print(nosuch)\nprint(1)\n")
        XCTAssertEqual(LSP.start(try XCTUnwrap(diagnostics.first)), [0, 7])
        let hover = try lsp.request("textDocument/hover", LSP.at("file:///tmp/bom.mask", 0, 2))
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        XCTAssertTrue(value?.contains("print(values...)") ?? false, "\(hover)")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    // MARK: - Malformed input

    func testMalformedMessagesGetErrorsAndTheServerKeepsServing() throws {
        let lsp = try session()
        func errorCode() throws -> Int? {
            LSP.errorCode(try lsp.nextMessage())
        }
        lsp.sendRaw(Array("Content-Type: text/plain\r\n\r\n".utf8))
        XCTAssertEqual(try errorCode(), -32700, "no Content-Length")
        lsp.sendRaw(Array("Content-Length: 12abc\r\n\r\n".utf8))
        XCTAssertEqual(try errorCode(), -32700, "a bad Content-Length")
        lsp.sendRaw(Array("no colon here\r\n\r\n".utf8))
        XCTAssertEqual(try errorCode(), -32700, "a malformed header line")
        lsp.sendFramed(Array("{\"jsonrpc\": \"2.0\", \"id\": 1,".utf8))
        XCTAssertEqual(try errorCode(), -32700, "invalid JSON")
        lsp.sendFramed(Array("[1, 2]".utf8))
        XCTAssertEqual(try errorCode(), -32600, "a batch")
        lsp.sendFramed(Array("42".utf8))
        XCTAssertEqual(try errorCode(), -32600, "not an object")
        lsp.send(["jsonrpc": "2.0", "id": ["no"], "method": "shutdown"])
        XCTAssertEqual(try errorCode(), -32600, "an id that is a list")
        lsp.send(["jsonrpc": "2.0", "id": 7])
        XCTAssertEqual(try errorCode(), -32600, "no method")
        XCTAssertEqual(LSP.errorCode(try lsp.request("workspace/unknown", [:])), -32601)
        let badParams = try lsp.request("textDocument/completion", ["textDocument": ["uri": 5], "position": ["line": -1]])
        XCTAssertEqual(LSP.errorCode(badParams), -32602)
        let fraction = try lsp.request("textDocument/hover", ["textDocument": ["uri": "file:///x"], "position": ["line": 0.5, "character": 0]])
        XCTAssertEqual(LSP.errorCode(fraction), -32602)
        // A notification with bad params gets no answer: the next message is the hover's.
        lsp.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": 3]])
        lsp.send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": "nonsense"])

        // Over 64 MiB: refused without being read as a message (it is a valid `shutdown`,
        // which would stop the server), and the stream stays in step.
        let huge = (64 << 20) + 1
        let head = Array("{\"jsonrpc\": \"2.0\", \"id\": 99, \"method\": \"shutdown\", \"pad\": \"".utf8), tail = Array("\"}".utf8)
        lsp.sendRaw(Array("Content-Length: \(huge)\r\n\r\n".utf8) + head)
        var left = huge - head.count - tail.count
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        while left > 0 {
            lsp.sendRaw(Array(chunk.prefix(left)))
            left -= min(left, chunk.count)
        }
        lsp.sendRaw(tail)
        let refusal = try lsp.nextMessage()
        XCTAssertEqual(LSP.errorCode(refusal), -32700, "a message over the size limit: \(refusal)")
        XCTAssertTrue(refusal["id"] is NSNull)

        let uri = "file:///tmp/after.mask"
        XCTAssertEqual(try lsp.open(uri, "let a = 1\n").count, 0, "still serving")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    func testHelpDescribesTheServer() throws {
        let help = try mask("lsp", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: mask lsp"), help.stdout)
        XCTAssertTrue(help.stdout.contains("Language Server Protocol"), help.stdout)
        XCTAssertTrue(try mask("--help").stdout.contains("mask lsp"))
        let extra = try mask("lsp", "file.mask")
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.stderr.contains("lsp takes none"), extra.stderr)
    }
}

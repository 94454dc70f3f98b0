import Foundation
import XCTest

/// `mask lsp` under load: a burst of queued changes is analysed once, at its newest
/// version, an analysis a newer change supersedes stops, and a document over the script size limit is refused while the server goes on.
final class LSPLoadTests: MaskCLITestCase {
    private func session() throws -> LSPSession {
        let session = try LSPSession(in: directory)
        try session.initialize()
        return session
    }

    /// 100 changes written at once, then a hover: the server publishes diagnostics for
    /// the newest version (where `zz` is unknown) instead of analysing every change.
    func testQueuedChangesAreAnalysedOnceAtTheirNewestVersion() throws {
        let lsp = try session()
        let uri = url("a.mask").absoluteString
        try lsp.open(uri, "let a = 0\n")
        var burst: [UInt8] = []
        func frame(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            burst += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
        }
        for version in 2...101 {
            let text = version == 101 ? "let a = zz\n" : "let a = \(version)\n"
            try frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]]])
        }
        try frame(["jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": LSP.at(uri, 0, 4)])
        lsp.sendRaw(burst)
        _ = try lsp.response(to: 7)
        var versions: [Int] = []
        var last: [[String: Any]] = []
        while let message = lsp.keptNotification() {
            let params = try XCTUnwrap(message["params"] as? [String: Any])
            versions.append(try XCTUnwrap(params["version"] as? Int))
            last = try XCTUnwrap(params["diagnostics"] as? [[String: Any]])
        }
        XCTAssertEqual(versions.last, 101)
        XCTAssertLessThan(versions.count, 10, "every queued change was analysed: \(versions)")
        XCTAssertEqual(last.first?["message"] as? String, "unknown name `zz`")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// A change whose analysis is slow (a loop declaring 35,000 layers, within the step
    /// budget), then at once a fast one: whether the slow analysis was coalesced away,
    /// stopped when the fast change arrived or (on a fast machine) finished first, the
    /// last diagnostics published are the newest version's, and nothing older follows
    /// them. (Whether a running analysis is stopped depends on when the second change
    /// arrives: `testARunningAnalysisStopsWhenANewerChangeArrives` fixes that order.)
    func testTheNewestChangeIsPublishedLastAfterASlowOne() throws {
        let lsp = try session()
        let uri = url("a.mask").absoluteString
        XCTAssertEqual(try lsp.open(uri, "let a = 0\n").count, 0)
        func change(_ version: Int, _ text: String) {
            lsp.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
        }
        change(2, "canvas { size: [100, 100] }\nrepeat 35000 as i { shape { position: [i, 0] } }\n")
        change(3, "let a = zz\n")
        _ = try lsp.request("textDocument/hover", LSP.at(uri, 0, 4))
        var published: [(version: Int, diagnostics: [[String: Any]])] = []
        while let message = lsp.keptNotification() {
            let params = try XCTUnwrap(message["params"] as? [String: Any])
            published.append((try XCTUnwrap(params["version"] as? Int), try XCTUnwrap(params["diagnostics"] as? [[String: Any]])))
        }
        XCTAssertEqual(published.last?.version, 3, "\(published.map(\.version))")
        XCTAssertTrue(published.allSatisfy { $0.version == 2 || $0.version == 3 }, "\(published.map(\.version))")
        XCTAssertEqual(published.last?.diagnostics.first?["message"] as? String, "unknown name `zz`")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// An analysis whose script is running when a newer change of its document arrives
    /// stops at its next cancellation poll and publishes nothing; the newer text is then
    /// analysed and published. The server (a debug build, `MASK_TEST_LSP_HOLD`) says when
    /// the run of version 2 has started and holds it there until the test's change is
    /// waiting, then says how the run ended: the order of events is fixed, with no pause
    /// standing in for any of them. (Without the hold the loop runs to its end: it is
    /// well within the step budget.)
    func testARunningAnalysisStopsWhenANewerChangeArrives() throws {
        let lsp = try LSPSession(in: directory, environment: ["MASK_TEST_LSP_HOLD": "2"])
        try lsp.initialize()
        let uri = url("a.mask").absoluteString
        XCTAssertEqual(try lsp.open(uri, "let a = 0\n").count, 0)
        func change(_ version: Int, _ text: String) {
            lsp.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
        }
        func logged() throws -> String? {
            let message = try lsp.nextNotification()
            XCTAssertEqual(message["method"] as? String, "window/logMessage", "\(message)")
            return (message["params"] as? [String: Any])?["message"] as? String
        }
        change(2, "let n = 0\nrepeat 50000 { }\n")
        XCTAssertEqual(try logged(), "analysis of version 2: running", "MASK_BINARY must be a debug build")
        change(3, "let a = zz\n")
        XCTAssertEqual(try logged(), "analysis of version 2: run cancelled")
        let published = try lsp.nextNotification()
        XCTAssertEqual(published["method"] as? String, "textDocument/publishDiagnostics")
        let params = try XCTUnwrap(published["params"] as? [String: Any])
        XCTAssertEqual(params["version"] as? Int, 3, "nothing of version 2 is published")
        XCTAssertEqual((params["diagnostics"] as? [[String: Any]])?.first?["message"] as? String, "unknown name `zz`")
        XCTAssertEqual(try lsp.shutDown(), 0)
    }

    /// A document larger than a script may be is refused with a message; requests
    /// about it get an error; other documents are still served.
    func testADocumentOverTheScriptLimitIsRefusedAndTheServerGoesOn() throws {
        let lsp = try session()
        let big = url("big.mask").absoluteString, small = url("small.mask").absoluteString
        let text = String(repeating: "let a = 1\n", count: (16 << 20) / 10 + 1)
        lsp.notify("textDocument/didOpen", ["textDocument": ["uri": big, "languageId": "mask", "version": 1, "text": text]])
        let shown = try lsp.nextNotification()
        XCTAssertEqual(shown["method"] as? String, "window/showMessage")
        let message = try XCTUnwrap((shown["params"] as? [String: Any])?["message"] as? String)
        XCTAssertTrue(message.contains("larger than 16 MiB"), message)
        XCTAssertEqual(try lsp.diagnostics().count, 0)
        let answer = try lsp.request("textDocument/hover", LSP.at(big, 0, 4))
        XCTAssertEqual((answer["error"] as? [String: Any])?["message"] as? String, message)
        XCTAssertEqual(try lsp.open(small, "let b = zz\n").count, 1)
        XCTAssertEqual(try lsp.shutDown(), 0)
    }
}

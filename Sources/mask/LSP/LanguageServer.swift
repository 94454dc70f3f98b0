import Foundation

/// The language server's state and its message dispatch: which methods exist, in which
/// state each may be called, and how every malformed message is answered.
///
/// One message is handled at a time, to completion, on the calling thread (a reader
/// thread fills the `MessageInbox`). A change is only stored; its analysis waits until no
/// message is waiting (`analyseStale`) or a request needs it, so a burst of queued changes
/// costs one analysis of the newest text rather than one per change (100 changes of 0.8 s
/// each once kept a hover waiting 80 s); and an analysis running when a newer change of
/// its document arrives stops without publishing.
final class LanguageServer {
    /// Where the session is in the protocol's life cycle.
    private enum State {
        case uninitialized, running, shutDown
    }

    private var state = State.uninitialized
    /// The open documents by URI, each with the analysis of its current text.
    var documents: [String: (document: TextDocument, analysis: DocumentAnalysis?)] = [:]
    /// The open documents changed since their last analysis.
    var stale: Set<String> = []
    /// Documents refused for their size: requests about them get an error.
    var refused: Set<String> = []
    /// The diagnostics published for imported files, by the URI of the open document
    /// whose run found them, then by the imported file's URI.
    var importedDiagnostics: [String: [String: [[String: Any]]]] = [:]
    private let writer: MessageWriter
    /// What sees the run of an analysis of a document, when anything does (tests only:
    /// `AnalysisWatch`).
    var watch: ((TextDocument) -> AnalysisWatch?)?
    /// The exit status once `exit` arrived: 0 after `shutdown`, 1 otherwise.
    private(set) var exitStatus: Int32?

    /// A server that writes its messages with `writer`.
    init(writer: MessageWriter) {
        self.writer = writer
    }

    /// The status to exit with when input ends without `exit`.
    var statusAtEndOfInput: Int32 { state == .shutDown ? ExitStatus.success : ExitStatus.failure }

    /// Handles one message the reader decoded.
    func handle(_ message: IncomingMessage) {
        switch message.content {
        case .refused(let error):
            respond(id: NSNull(), error: error)
        case .object(let object):
            handle(object)
        }
    }

    /// Sends a notification to the client.
    func notify(_ method: String, _ params: [String: Any]) {
        writer.send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    // MARK: - Dispatch

    private func handle(_ message: [String: Any]) {
        let id = message["id"]
        if let id, !LanguageServer.isValidID(id) {
            return respond(id: NSNull(), error: ResponseError(ResponseError.invalidRequest, "'id' must be a string or a whole number"))
        }
        if let version = message["jsonrpc"], version as? String != "2.0" {
            return reject(id, ResponseError(ResponseError.invalidRequest, "'jsonrpc' must be \"2.0\""))
        }
        guard let method = message["method"] as? String else {
            // A response to a request of ours (we send none) is dropped; anything else is refused.
            if message["result"] != nil || message["error"] != nil { return }
            return reject(id, ResponseError(ResponseError.invalidRequest, "missing 'method'"))
        }
        if let id {
            do throws(ResponseError) {
                respond(id: id, result: try request(method, message["params"]))
            } catch {
                respond(id: id, error: error)
            }
        } else {
            // Notifications get no answer, not even an error (JSON-RPC 2.0 section 4.1).
            try? notification(method, message["params"])
        }
    }

    /// The body with every U+FEFF inside it written as the escape `\uFEFF`.
    ///
    /// Foundation's decoder drops a raw byte-order mark at the start of a JSON string, so
    /// a document beginning with one would arrive a character shorter than the client's
    /// copy and every position on its first line would be off by one; the escaped form
    /// survives. A mark before the whole body is not part of the message and is dropped.
    static func escapingByteOrderMarks(_ data: Data) -> Data {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var bytes = Array(data)
        if bytes.starts(with: mark) { bytes.removeFirst(3) }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        var i = 0
        while i < bytes.count {
            if i + 2 < bytes.count, bytes[i] == 0xEF, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
                escaped += Array("\\uFEFF".utf8)
                i += 3
            } else {
                escaped.append(bytes[i])
                i += 1
            }
        }
        return Data(escaped)
    }

    /// Answers a broken message: with an error when it has an id, silently otherwise.
    private func reject(_ id: Any?, _ error: ResponseError) {
        guard let id else { return }
        respond(id: id, error: error)
    }

    private func request(_ method: String, _ rawParams: Any?) throws(ResponseError) -> Any {
        switch (state, method) {
        case (.uninitialized, "initialize"):
            _ = try Parameters(rawParams)
            state = .running
            return LanguageServer.initializeResult
        case (.uninitialized, _):
            throw ResponseError(ResponseError.serverNotInitialized, "the first request must be 'initialize'")
        case (.shutDown, _):
            throw ResponseError(ResponseError.invalidRequest, "the server is shut down; only 'exit' is left")
        case (.running, "initialize"):
            throw ResponseError(ResponseError.invalidRequest, "the server is already initialized")
        case (.running, "shutdown"):
            state = .shutDown
            return NSNull()
        case (.running, _):
            let params = try Parameters(rawParams)
            switch method {
            case "textDocument/completion": return try completion(params)
            case "textDocument/hover": return try hover(params)
            case "textDocument/documentSymbol": return try documentSymbols(params)
            case "textDocument/formatting": return try formatting(params)
            case "textDocument/definition": return try definition(params)
            case "textDocument/references": return try references(params)
            case "textDocument/prepareRename": return try prepareRename(params)
            case "textDocument/rename": return try rename(params)
            default: throw ResponseError(ResponseError.methodNotFound, "unknown method '\(method)'")
            }
        }
    }

    private func notification(_ method: String, _ rawParams: Any?) throws(ResponseError) {
        if method == "exit" {
            exitStatus = state == .shutDown ? ExitStatus.success : ExitStatus.failure
            return
        }
        guard state == .running else { return }
        let params = try Parameters(rawParams)
        switch method {
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didClose": try didClose(params)
        default: break  // `initialized`, `$/cancelRequest`, `$/setTrace`, ...: nothing to do.
        }
    }

    /// What the server offers; only what it implements.
    private static var initializeResult: [String: Any] {
        let capabilities: [String: Any] = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2],  // 2: incremental
            "completionProvider": ["triggerCharacters": ["."]],
            "hoverProvider": true,
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "mask", "version": MaskTool.version]]
    }

    /// JSON-RPC ids are strings or numbers (whole ones in practice), or null.
    private static func isValidID(_ id: Any) -> Bool {
        if id is String || id is NSNull { return true }
        guard let number = id as? NSNumber, !LanguageServer.isBool(id) else { return false }
        return Int(exactly: number.doubleValue) != nil
    }

    /// True for a JSON `true` or `false` (which Foundation may hand over as an NSNumber).
    static func isBool(_ value: Any) -> Bool {
        type(of: value) == Bool.self || (value as? NSNumber).map { String(cString: $0.objCType) == "c" } == true
    }

    // MARK: - Answers

    private func respond(id: Any, result: Any) {
        writer.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respond(id: Any, error: ResponseError) {
        writer.send(["jsonrpc": "2.0", "id": id, "error": error.json])
    }

    /// The document a request is about, or InvalidParams when it is not open.
    func openDocument(_ params: Parameters) throws(ResponseError) -> (document: TextDocument, analysis: DocumentAnalysis) {
        let uri = try params.string("textDocument.uri")
        if refused.contains(uri) { throw ResponseError(ResponseError.requestFailed, LanguageServer.tooLarge(uri)) }
        guard let document = documents[uri]?.document, let analysis = analysis(of: uri) else {
            throw ResponseError(ResponseError.invalidParams, "document '\(uri)' is not open")
        }
        return (document, analysis)
    }
}

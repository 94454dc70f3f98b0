import Foundation
import XCTest

/// A `mask lsp` process driven over pipes, as an editor drives it: framed JSON-RPC
/// messages written to its standard input, read from its standard output.
///
/// Reads poll with a deadline, so a server that stops answering fails the test instead
/// of hanging it. Notifications that arrive while waiting for a response are kept, in
/// order, for `nextNotification`.
final class LSPSession {
    /// How long one answer may take.
    static let timeout: TimeInterval = 20

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var notifications: [[String: Any]] = []
    private var nextID = 1

    /// Starts `mask lsp` (or `arguments`) in `directory`, with `environment` added to the
    /// test's own; standard error goes to a file there.
    init(in directory: URL, arguments: [String] = ["lsp"], environment: [String: String] = [:],
         file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = try XCTUnwrap(MaskProcess.binary, "cannot find the built mask binary", file: file, line: line)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        let errors = directory.appendingPathComponent("lsp-stderr.txt")
        try Data().write(to: errors)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// `initialize` then `initialized`; returns the initialize result.
    @discardableResult
    func initialize() throws -> [String: Any] {
        let result = try XCTUnwrap(try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [:]])["result"]
            as? [String: Any])
        notify("initialized", [:])
        return result
    }

    /// Sends a request and returns the response with its id (the whole message).
    func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try response(to: id)
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a message object, framed.
    func send(_ message: [String: Any]) {
        // The objects tests build are always valid JSON.
        let body = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
        sendFramed(Array(body))
    }

    /// Sends bytes as one framed message body.
    func sendFramed(_ body: [UInt8]) {
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends bytes exactly as given, header and all.
    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// Closes the server's standard input.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// The next message that is a response to `id`, keeping notifications met on the way.
    func response(to id: Any) throws -> [String: Any] {
        while true {
            let message = try nextMessage()
            if message["method"] != nil, message["id"] == nil {
                notifications.append(message)
                continue
            }
            if let got = message["id"], "\(got)" == "\(id)" { return message }
            XCTFail("unexpected message while waiting for response \(id): \(message)")
        }
    }

    /// The next notification, from those kept or from the server.
    func nextNotification() throws -> [String: Any] {
        if !notifications.isEmpty { return notifications.removeFirst() }
        return try nextMessage()
    }

    /// The next notification already received (while waiting for a response), or nil.
    func keptNotification() -> [String: Any]? {
        notifications.isEmpty ? nil : notifications.removeFirst()
    }

    /// The diagnostics of the next `publishDiagnostics` notification.
    func diagnostics() throws -> [[String: Any]] {
        let message = try nextNotification()
        XCTAssertEqual(message["method"] as? String, "textDocument/publishDiagnostics")
        let params = try XCTUnwrap(message["params"] as? [String: Any])
        return try XCTUnwrap(params["diagnostics"] as? [[String: Any]])
    }

    /// Opens a document and returns its first diagnostics.
    @discardableResult
    func open(_ uri: String, _ text: String) throws -> [[String: Any]] {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "mask", "version": 1, "text": text]])
        return try diagnostics()
    }

    /// `shutdown`, `exit`, and the exit status.
    func shutDown() throws -> Int32 {
        let answer = try request("shutdown", [:])
        XCTAssertTrue(answer["result"] is NSNull, "\(answer)")
        notify("exit", [:])
        return try exitStatus()
    }

    /// Waits for the process to end and returns its status.
    func exitStatus() throws -> Int32 {
        let deadline = Date().addingTimeInterval(LSPSession.timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        guard !process.isRunning else {
            process.terminate()
            throw LSPSessionError("mask lsp did not exit")
        }
        return process.terminationStatus
    }

    /// The next framed message from the server, decoded.
    func nextMessage() throws -> [String: Any] {
        let header = try readUntilBlankLine()
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else {
            throw LSPSessionError("bad header from the server: \(header)")
        }
        let body = try readBytes(length)
        guard let message = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw LSPSessionError("the server sent a message that is not an object")
        }
        return message
    }

    private func readUntilBlankLine() throws -> String {
        while true {
            if let end = findHeaderEnd() {
                let header = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return header
            }
            try fill()
        }
    }

    private func findHeaderEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    private func readBytes(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Reads what the server has written, waiting at most `timeout`.
    private func fill() throws {
        let fd = output.fileHandleForReading.fileDescriptor
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(LSPSession.timeout * 1000))
        guard ready > 0 else { throw LSPSessionError("no answer from mask lsp within \(LSPSession.timeout) s") }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { throw LSPSessionError("mask lsp closed its output") }
        buffer.append(contentsOf: chunk[0..<n])
    }
}

/// A protocol failure seen by the test's client.
struct LSPSessionError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Building LSP parameters.
enum LSP {
    /// `{textDocument: {uri}, position: {line, character}}`.
    static func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    /// `{start, end}`.
    static func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: Any] {
        ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
    }

    /// The code of an error response, nil for a result.
    static func errorCode(_ response: [String: Any]) -> Int? {
        (response["error"] as? [String: Any])?["code"] as? Int
    }

    /// The labels of a completion response.
    static func labels(_ response: [String: Any]) -> Set<String> {
        let result = response["result"] as? [String: Any]
        let items = result?["items"] as? [[String: Any]] ?? []
        return Set(items.compactMap { $0["label"] as? String })
    }

    /// The start of a diagnostic's or location's range, as (line, character).
    static func start(_ object: [String: Any]) -> [Int] {
        let range = object["range"] as? [String: Any]
        let start = range?["start"] as? [String: Any]
        return [start?["line"] as? Int ?? -1, start?["character"] as? Int ?? -1]
    }

    /// The end of a range, as (line, character).
    static func end(_ object: [String: Any]) -> [Int] {
        let range = object["range"] as? [String: Any]
        let end = range?["end"] as? [String: Any]
        return [end?["line"] as? Int ?? -1, end?["character"] as? Int ?? -1]
    }
}

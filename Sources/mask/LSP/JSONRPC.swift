import Foundation

/// A JSON-RPC error: one of the protocol's codes and a message for the client's log.
struct ResponseError: Error {
    /// Invalid JSON, or a header block without a usable `Content-Length`.
    static let parseError = -32700
    /// JSON that is not a request object.
    static let invalidRequest = -32600
    /// A request for a method the server does not implement.
    static let methodNotFound = -32601
    /// A request whose parameters lack a field or have the wrong type.
    static let invalidParams = -32602
    /// A failure inside the server.
    static let internalError = -32603
    /// A request other than `initialize` before `initialize`.
    static let serverNotInitialized = -32002
    /// A valid request the server could not carry out (formatting a broken document).
    static let requestFailed = -32803

    /// The code.
    let code: Int
    /// The message.
    let message: String

    /// Creates an error.
    init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The error as the `error` member of a response.
    var json: [String: Any] { ["code": code, "message": message] }
}

/// Typed access to the parameters of a message, throwing InvalidParams for what is
/// missing or of the wrong type, so each handler states what it needs in one line.
struct Parameters {
    /// The `params` object.
    let object: [String: Any]

    /// Wraps `params`, which must be an object when present.
    init(_ value: Any?) throws(ResponseError) {
        guard let value else { object = [:]; return }
        guard let object = value as? [String: Any] else {
            throw ResponseError(ResponseError.invalidParams, "params must be an object")
        }
        self.object = object
    }

    /// The object at a dotted path (`textDocument`).
    func object(_ path: String) throws(ResponseError) -> Parameters {
        try Parameters(value(path))
    }

    /// The string at a dotted path (`textDocument.uri`).
    func string(_ path: String) throws(ResponseError) -> String {
        guard let string = try value(path) as? String else { throw invalid(path, "a string") }
        return string
    }

    /// The whole number at a dotted path, or nil when absent or null.
    func optionalInt(_ path: String) throws(ResponseError) -> Int? {
        let found = try? value(path)
        if found == nil || found is NSNull { return nil }
        return try int(path)
    }

    /// The whole number at a dotted path; a fraction or a bool is refused.
    func int(_ path: String) throws(ResponseError) -> Int {
        let raw = try value(path)
        guard let number = raw as? NSNumber, !LanguageServer.isBool(raw),
              let int = Int(exactly: number.doubleValue) else { throw invalid(path, "a whole number") }
        return int
    }

    /// The array at a dotted path.
    func array(_ path: String) throws(ResponseError) -> [Any] {
        guard let array = try value(path) as? [Any] else { throw invalid(path, "an array") }
        return array
    }

    /// The position at a dotted path (`position`), with non-negative line and character.
    func position(_ path: String) throws(ResponseError) -> Position {
        let line = try int(path + ".line"), character = try int(path + ".character")
        guard line >= 0, character >= 0 else { throw invalid(path, "a position with non-negative line and character") }
        return Position(line: line, character: character)
    }

    /// True when a dotted path leads to a value that is not null.
    func has(_ path: String) -> Bool {
        guard let found = try? value(path) else { return false }
        return !(found is NSNull)
    }

    private func value(_ path: String) throws(ResponseError) -> Any {
        var current: Any = object
        for key in path.split(separator: ".") {
            guard let dictionary = current as? [String: Any], let next = dictionary[String(key)] else {
                throw ResponseError(ResponseError.invalidParams, "missing '\(path)'")
            }
            current = next
        }
        return current
    }

    private func invalid(_ path: String, _ expected: String) -> ResponseError {
        ResponseError(ResponseError.invalidParams, "'\(path)' must be \(expected)")
    }
}

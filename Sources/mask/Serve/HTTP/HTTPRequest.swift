/// One HTTP/1.x request head, as the server understood it. The server takes no request
/// bodies, so the head is the whole request.
struct HTTPRequest: Equatable, Sendable {
    /// `GET` or `HEAD` (the parser refuses the others).
    var method: String
    /// The target's path, before any `?`, exactly as sent (never decoded: it is only
    /// compared with the server's own routes and never reaches the file system).
    var path: String
    /// The target after `?`, or nil.
    var query: String?
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion: Int
    /// The header fields in order, names in lower case, values without surrounding spaces.
    var headers: [(name: String, value: String)]

    static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query == b.query && a.minorVersion == b.minorVersion
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }

    /// The value of the first field named `name` (lower case), or nil.
    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// True when the connection may carry another request after this one's response:
    /// HTTP/1.1 without `Connection: close`. HTTP/1.0 connections are closed.
    var keepsAlive: Bool {
        guard minorVersion == 1 else { return false }
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",")
        return !tokens.contains { $0.trimmingSpaces == "close" }
    }

    /// The value of a query parameter (`t` in `t=1.5`), not percent-decoded; nil when absent.
    func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first.map(String.init) == name { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// A whole response: status, content type, extra header fields and body.
struct HTTPResponse: Sendable {
    /// The status.
    var status: HTTPStatus
    /// The body's media type.
    var contentType: String
    /// The body (left out of the answer to HEAD).
    var body: [UInt8]
    /// Fields beyond those every response carries.
    var headers: [(name: String, value: String)] = []

    /// A response with `body` of type `contentType`.
    init(_ status: HTTPStatus = .ok, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A plain-text response: the text and a newline.
    static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The fields every response carries: nothing is cached (a frame changes on every
    /// save), nothing is sniffed, and no page of another site may frame ours.
    static let commonHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// The status line and header fields, ending with the empty line.
    /// - Parameter keepAlive: whether the connection stays open after this response.
    func head(keepAlive: Bool) -> [UInt8] {
        var fields = [("Content-Type", contentType), ("Content-Length", String(body.count))]
        fields += HTTPResponse.commonHeaders + headers.map { ($0.name, $0.value) }
        fields.append(("Connection", keepAlive ? "keep-alive" : "close"))
        return HTTPResponse.head(status, fields)
    }

    /// `HTTP/1.1 STATUS REASON` and the fields, ending with the empty line.
    static func head(_ status: HTTPStatus, _ fields: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}

/// What a handler answers a request with.
enum HTTPReply: Sendable {
    /// A whole response.
    case whole(HTTPResponse)
    /// A stream of server-sent events, written by the closure until it returns; the
    /// connection closes then.
    case eventStream(@Sendable (EventStream) -> Void)
}

/// The writing end of a `text/event-stream` response.
protocol EventStream: AnyObject {
    /// Sends one event (`event: NAME`, each line of `data` as a `data:` line); false when
    /// the client has gone or the server is stopping, and the stream should end.
    func send(event: String, data: String) -> Bool
    /// Sends a comment line, which keeps the connection alive and finds a client that
    /// has gone; false as for `send(event:data:)`.
    func keepAlive() -> Bool
    /// True once the server is stopping.
    var isStopping: Bool { get }
}

extension EventStream {
    /// The bytes of one event.
    static func encode(event: String, data: String) -> [UInt8] {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.replacingOccurrences(of: "\r", with: ""))\n"
        }
        return Array((text + "\n").utf8)
    }
}

/// Answers requests; called on the connection's thread, several at once.
protocol HTTPHandler: Sendable {
    /// The reply to a request that passed the server's checks (method, size, Host).
    func reply(to request: HTTPRequest) -> HTTPReply
}

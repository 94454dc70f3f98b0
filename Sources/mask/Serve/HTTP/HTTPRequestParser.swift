/// Reads request heads from the bytes a connection received, strictly, within limits.
///
/// What is refused, and how: a head longer than `Limits.headBytes`, empty lines before it
/// included, gets 431 (414 while still in the request line, 400 when all of it is empty
/// lines), more than `Limits.headerCount` fields 431, a request line that is not
/// `METHOD SP /TARGET SP HTTP/1.x` 400 (another version 505), a method other than GET and
/// HEAD 405, a field without a name, with a space before its colon, folded onto a second
/// line or holding control characters 400, a missing or repeated `Host` 400, a
/// `Content-Length` that is not a run of digits 400, both `Content-Length` and
/// `Transfer-Encoding` 400 (the body's length is ambiguous: the form request smuggling
/// uses), and a body (`Content-Length` above 0 or `Transfer-Encoding`) 413. Every refusal
/// closes the connection, so bytes sent after a refused head are never read as a request.
/// Lines may end in CRLF or LF; empty lines before a request line are skipped.
enum HTTPRequestParser {
    /// The most a request head may hold.
    struct Limits: Sendable {
        /// Bytes of the request line and header fields together: 16 KiB, four times
        /// what a browser sends with a large cookie jar.
        var headBytes = 16 << 10
        /// Header fields: browsers send about 15.
        var headerCount = 64
    }

    /// What the bytes received so far hold.
    enum Outcome: Equatable {
        /// Not yet a whole head: read more.
        case incomplete
        /// A request, whose head took the first `consumed` bytes.
        case request(HTTPRequest, consumed: Int)
        /// A request the server will not serve: answer with the status and the reason,
        /// then close the connection.
        case refused(HTTPStatus, String)
    }

    private static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// Parses the head at the start of `bytes`. Only the first `limits.headBytes` bytes
    /// are read, so once the outcome is not `.incomplete`, more bytes never change it.
    static func parse(_ bytes: ArraySlice<UInt8>, limits: Limits = Limits()) -> Outcome {
        let limit = bytes.startIndex + min(bytes.count, limits.headBytes)
        var start = bytes.startIndex
        while start < limit, bytes[start] == lineFeed || bytes[start] == carriageReturn { start += 1 }
        // The lines up to the first empty one.
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = start
        var end: Int?
        var index = start
        while index < limit {
            if bytes[index] == lineFeed {
                var line = bytes[lineStart..<index]
                if line.last == carriageReturn { line = line.dropLast() }
                if line.isEmpty {
                    end = index + 1
                    break
                }
                lines.append(line)
                if lines.count > limits.headerCount + 1 {
                    return .refused(.headerFieldsTooLarge, "more than \(limits.headerCount) header fields")
                }
                lineStart = index + 1
            }
            index += 1
        }
        guard let end else {
            // A head that has not ended within the limit never will.
            guard bytes.count >= limits.headBytes else { return .incomplete }
            if start == limit { return .refused(.badRequest, "\(limits.headBytes) bytes of empty lines and no request line") }
            if lines.isEmpty { return .refused(.uriTooLong, "the request line is longer than \(limits.headBytes) bytes") }
            return .refused(.headerFieldsTooLarge, "the request head is longer than \(limits.headBytes) bytes")
        }
        switch request(lines: lines) {
        case .success(let request): return .request(request, consumed: end - bytes.startIndex)
        case .failure(let refusal): return .refused(refusal.status, refusal.reason)
        }
    }

    /// Why a head was refused.
    private struct Refusal: Error {
        let status: HTTPStatus
        let reason: String
        init(_ status: HTTPStatus, _ reason: String) {
            self.status = status
            self.reason = reason
        }
    }

    /// The request of a head's lines: the request line, then the header fields.
    private static func request(lines: [ArraySlice<UInt8>]) -> Result<HTTPRequest, Refusal> {
        let parts = lines.first?.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, let methodBytes = parts.first, isToken(methodBytes) else {
            return .failure(Refusal(.badRequest, "a request line is METHOD /PATH HTTP/1.1"))
        }
        let target = parts[1], version = String(decoding: parts[2], as: UTF8.self)
        let minor: Int
        switch version {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            let isVersion = version.hasPrefix("HTTP/") && version.utf8.count == 8
                && version.utf8.dropFirst(5).enumerated().allSatisfy { $0.offset == 1 ? $0.element == UInt8(ascii: ".") : isDigit($0.element) }
            return .failure(isVersion ? Refusal(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are served")
                                      : Refusal(.badRequest, "a request line ends with HTTP/1.1"))
        }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
            return .failure(Refusal(.badRequest, "the target must be a path starting with '/', in visible ASCII"))
        }
        let method = String(decoding: methodBytes, as: UTF8.self)
        guard method == "GET" || method == "HEAD" else {
            return .failure(Refusal(.methodNotAllowed, "only GET and HEAD are served"))
        }
        var headers: [(name: String, value: String)] = []
        for field in lines.dropFirst() {
            guard let colon = field.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(Refusal(.badRequest, "a header field without a colon"))
            }
            let name = field[field.startIndex..<colon]
            // A name must be a token: this also refuses folded lines (leading space) and
            // a space before the colon, which proxies read differently.
            guard isToken(name) else { return .failure(Refusal(.badRequest, "a header field name that is not a token")) }
            let value = field[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                return .failure(Refusal(.badRequest, "a control character in a header field"))
            }
            headers.append((String(decoding: name, as: UTF8.self).lowercased(),
                            String(String(decoding: value, as: UTF8.self)[...].trimmingSpaces)))
        }
        let hosts = headers.filter { $0.name == "host" }
        guard hosts.count == 1 || (hosts.isEmpty && minor == 0) else {
            return .failure(Refusal(.badRequest, hosts.isEmpty ? "the Host header is missing" : "more than one Host header"))
        }
        let chunked = headers.contains { $0.name == "transfer-encoding" }
        if chunked, headers.contains(where: { $0.name == "content-length" }) {
            return .failure(Refusal(.badRequest, "both Content-Length and Transfer-Encoding: the body's length is ambiguous"))
        }
        if chunked {
            return .failure(Refusal(.contentTooLarge, "requests with a body are not served"))
        }
        for length in headers where length.name == "content-length" {
            guard let n = WholeNumber.parse(length.value) else { return .failure(Refusal(.badRequest, "a bad Content-Length")) }
            guard n == 0 else { return .failure(Refusal(.contentTooLarge, "requests with a body are not served")) }
        }
        let path: String, query: String?
        let text = String(decoding: target, as: UTF8.self)
        if let mark = text.firstIndex(of: "?") {
            path = String(text[..<mark])
            query = String(text[text.index(after: mark)...])
        } else {
            path = text
            query = nil
        }
        return .success(HTTPRequest(method: method, path: path, query: query, minorVersion: minor, headers: headers))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// RFC 9110's token: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || isDigit(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

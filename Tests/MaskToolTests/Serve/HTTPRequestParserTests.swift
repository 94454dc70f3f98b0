@testable import mask
import MaskScript
import XCTest

/// The request-head parser of `mask serve`, byte by byte: what it accepts, what it refuses
/// with which status (docs/Preview.md's "Safety" and CLI.md's `serve` are the contract),
/// and, over seeded random and mutated input, that every input gets a proper outcome.
/// ServeTests checks the same server end to end over sockets.
final class HTTPRequestParserTests: XCTestCase {
    private let host = "Host: 127.0.0.1:8147\r\n"

    // MARK: - Request lines

    func testARequestLineGivesMethodPathQueryAndVersion() throws {
        let raw = "GET /frame?t=1.5&x HTTP/1.1\r\n\(host)\r\n"
        let (request, consumed) = try XCTUnwrap(accepted(raw))
        XCTAssertEqual(consumed, raw.utf8.count)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/frame")
        XCTAssertEqual(request.query, "t=1.5&x")
        XCTAssertEqual(request.minorVersion, 1)
        XCTAssertEqual(request.queryValue("t"), "1.5")
        XCTAssertEqual(request.queryValue("x"), "")
        XCTAssertNil(request.queryValue("y"))

        let head = try XCTUnwrap(accepted("HEAD / HTTP/1.0\r\n\r\n")).request
        XCTAssertEqual(head.method, "HEAD")
        XCTAssertNil(head.query)
        XCTAssertEqual(head.minorVersion, 0, "HTTP/1.0 needs no Host")
        XCTAssertFalse(head.keepsAlive)
        // Only the first `?` splits; an empty query is not no query.
        XCTAssertEqual(try XCTUnwrap(accepted("GET /a?b?c HTTP/1.1\r\n\(host)\r\n")).request.query, "b?c")
        XCTAssertEqual(try XCTUnwrap(accepted("GET /a? HTTP/1.1\r\n\(host)\r\n")).request.query, "")
    }

    func testBadRequestLinesAreRefusedWithTheirStatus() {
        let cases: [(String, HTTPStatus)] = [
            ("POST / HTTP/1.1", .methodNotAllowed),
            ("DELETE / HTTP/1.1", .methodNotAllowed),
            ("get / HTTP/1.1", .methodNotAllowed),  // methods are case-sensitive
            ("G(T / HTTP/1.1", .badRequest),        // not a token
            (" / HTTP/1.1", .badRequest),
            ("GET", .badRequest),
            ("GET /", .badRequest),
            ("GET  / HTTP/1.1", .badRequest),
            ("GET / HTTP/1.1 ", .badRequest),
            ("GET\t/ HTTP/1.1", .badRequest),
            ("GET / http/1.1", .badRequest),
            ("GET / HTTP/1.x", .badRequest),
            ("GET / HTTP/11", .badRequest),
            ("GET / HTTP/2.0", .versionNotSupported),
            ("GET / HTTP/0.9", .versionNotSupported),
            ("GET noslash HTTP/1.1", .badRequest),
            ("GET * HTTP/1.1", .badRequest),
            ("GET http://127.0.0.1:8147/ HTTP/1.1", .badRequest),
            ("CONNECT 127.0.0.1:8147 HTTP/1.1", .badRequest),
            ("GET /a#b HTTP/1.1", .badRequest),
            ("GET /a\u{7F} HTTP/1.1", .badRequest),
            ("GET /\u{E9} HTTP/1.1", .badRequest),  // not ASCII
            ("GET /\u{1} HTTP/1.1", .badRequest),
            ("GET / HTTP/1.1\r", .badRequest),  // a line ending in two carriage returns
            ("GET /\r HTTP/1.1", .badRequest),
        ]
        for (line, status) in cases {
            XCTAssertEqual(refusal(line + "\r\n\(host)\r\n"), status, line.debugDescription)
        }
    }

    // MARK: - Lines and header fields

    func testHeaderFieldsKeepTheirOrderWithLowerCaseNamesAndTrimmedValues() throws {
        let raw = "GET / HTTP/1.1\r\n\(host)X-Empty:\r\nX-Tabs:\t a\tb \t\r\nConnection: keep-alive, Close\r\nX-Latin: caf\u{E9}\r\n\r\n"
        let request = try XCTUnwrap(accepted(raw)).request
        XCTAssertEqual(request.headers.map(\.name), ["host", "x-empty", "x-tabs", "connection", "x-latin"])
        XCTAssertEqual(request.headers.map(\.value), ["127.0.0.1:8147", "", "a\tb", "keep-alive, Close", "caf\u{E9}"])
        XCTAssertEqual(request.header("x-tabs"), "a\tb")
        XCTAssertNil(request.header("X-Tabs"), "names are looked up in lower case")
        XCTAssertFalse(request.keepsAlive, "Connection: close in any case, among other tokens")
        XCTAssertTrue(try XCTUnwrap(accepted("GET / HTTP/1.1\r\n\(host)\r\n")).request.keepsAlive)
    }

    func testBadHeaderFieldsAreRefused() {
        let cases: [(String, HTTPStatus)] = [
            ("", .badRequest),                                  // no Host in HTTP/1.1
            ("\(host)\(host)", .badRequest),
            ("\(host)HOST: evil.example\r\n", .badRequest),
            ("Host : 127.0.0.1:8147\r\n", .badRequest),
            ("\(host)no colon here\r\n", .badRequest),
            ("\(host): no name\r\n", .badRequest),
            ("\(host)Bad Name: x\r\n", .badRequest),
            ("\(host)X-A: b\r\n folded: line\r\n", .badRequest),
            ("\(host)X-A: b\r\n\tc\r\n", .badRequest),
            ("\(host)X-A: b\rc\r\n", .badRequest),
            ("\(host)X-A: a\u{0}b\r\n", .badRequest),
            ("\(host)X-A: a\u{7F}\r\n", .badRequest),
            ("\(host)X-\u{0}: b\r\n", .badRequest),
        ]
        for (fields, status) in cases {
            XCTAssertEqual(refusal("GET / HTTP/1.1\r\n\(fields)\r\n"), status, fields.debugDescription)
        }
    }

    func testLineEndingsLeadingEmptyLinesAndPipelinedRequests() throws {
        let bare = "GET / HTTP/1.1\nHost: a\n\n"
        XCTAssertEqual(try XCTUnwrap(accepted(bare)).consumed, bare.utf8.count)
        let mixed = "GET / HTTP/1.1\r\nHost: a\n\r\n"
        XCTAssertEqual(try XCTUnwrap(accepted(mixed)).consumed, mixed.utf8.count)
        // Empty lines before the request line are skipped and consumed with it.
        let leading = "\r\n\n\r\nGET / HTTP/1.1\r\n\(host)\r\n"
        XCTAssertEqual(try XCTUnwrap(accepted(leading)).consumed, leading.utf8.count)
        // The first head ends at its empty line; what follows is left for the next parse.
        let first = "GET /scene.json HTTP/1.1\r\n\(host)\r\n"
        let (request, consumed) = try XCTUnwrap(accepted(first + "GET / HTTP/1.1\r\n\(host)\r\nrest"))
        XCTAssertEqual(request.path, "/scene.json")
        XCTAssertEqual(consumed, first.utf8.count)
        // No empty line yet: more is needed, however the head so far ends.
        for partial in ["", "\r\n", "G", "GET / HTTP/1.1", "GET / HTTP/1.1\r\n", "GET / HTTP/1.1\r\n\(host)",
                        "GET / HTTP/1.1\r\n\(host)\r", "GARBAGE"] {
            XCTAssertEqual(HTTPRequestParser.parse(bytes(partial)), .incomplete, partial.debugDescription)
        }
    }

    // MARK: - Bodies

    func testContentLengthAndTransferEncoding() {
        XCTAssertNotNil(accepted("GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n"))
        XCTAssertNotNil(accepted("GET / HTTP/1.1\r\n\(host)Content-Length:  00 \r\n\r\n"))
        XCTAssertNotNil(accepted("GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nContent-Length: 0\r\n\r\n"))
        let cases: [(String, HTTPStatus)] = [
            ("Content-Length: 5", .contentTooLarge),
            ("Content-Length: 0\r\nContent-Length: 5", .contentTooLarge),
            ("Content-Length: 5\r\nContent-Length: 0", .contentTooLarge),
            ("Content-Length: -1", .badRequest),
            ("Content-Length: +0", .badRequest),
            ("Content-Length: 0, 0", .badRequest),
            ("Content-Length: ", .badRequest),
            ("Content-Length: 1e3", .badRequest),
            ("Content-Length: 0x10", .badRequest),
            ("Content-Length: \u{663}", .badRequest),  // an Arabic-Indic digit three
            ("Content-Length: 99999999999999999999999999", .badRequest),  // past Int
            ("Content-Length: 9223372036854775808", .badRequest),  // Int.max + 1
            ("Content-Length: 9223372036854775807", .contentTooLarge),
            ("Transfer-Encoding: chunked", .contentTooLarge),
            ("Transfer-Encoding: identity", .contentTooLarge),
            ("Transfer-Encoding: chunked\r\nContent-Length: 0", .badRequest),
            ("Content-Length: 0\r\nTransfer-Encoding: chunked", .badRequest),
            ("Transfer-Encoding : chunked", .badRequest),
        ]
        for (field, status) in cases {
            XCTAssertEqual(refusal("GET / HTTP/1.1\r\n\(host)\(field)\r\n\r\n0\r\n\r\n"), status, field.debugDescription)
        }
    }

    // MARK: - Limits

    func testHeadsUpToTheLimitAreReadAndLongerOnesRefused() throws {
        let limits = HTTPRequestParser.Limits()
        let start = "GET / HTTP/1.1\r\n\(host)X-Pad: "
        // Exactly the limit, closing empty line included: served; one byte more: 431.
        let exact = start + String(repeating: "p", count: limits.headBytes - start.utf8.count - 4) + "\r\n\r\n"
        XCTAssertEqual(exact.utf8.count, limits.headBytes)
        XCTAssertEqual(try XCTUnwrap(accepted(exact)).consumed, limits.headBytes)
        let over = start + String(repeating: "p", count: limits.headBytes - start.utf8.count - 3) + "\r\n\r\n"
        XCTAssertEqual(refusal(over), .headerFieldsTooLarge)
        // A head that has not ended is refused as soon as it reaches the limit, not later.
        XCTAssertEqual(HTTPRequestParser.parse(bytes(over)[..<(limits.headBytes - 1)]), .incomplete)
        XCTAssertEqual(HTTPRequestParser.parse(bytes(over)[..<limits.headBytes]),
                       .refused(.headerFieldsTooLarge, "the request head is longer than \(limits.headBytes) bytes"))
        // A request line that long: 414.
        XCTAssertEqual(refusal("GET /" + String(repeating: "a", count: limits.headBytes)), .uriTooLong)
        XCTAssertEqual(refusal("GET /" + String(repeating: "a", count: limits.headBytes) + " HTTP/1.1\r\n\(host)\r\n"), .uriTooLong)
        // Empty lines count: a client cannot hold the connection's buffer growing with them.
        XCTAssertEqual(refusal(String(repeating: "\r\n", count: limits.headBytes)), .badRequest)
        XCTAssertEqual(refusal(String(repeating: "\n", count: limits.headBytes) + "GET / HTTP/1.1\r\n\(host)\r\n"), .badRequest)
        XCTAssertEqual(refusal(String(repeating: "\r\n", count: limits.headBytes / 2 - 8) + "GET / HTTP/1.1\r\n\(host)\r\n"),
                       .headerFieldsTooLarge)
        // Fields: 64 served, 65 refused, even before the head ends.
        let fields = { (count: Int) in (1..<count).map { "X-F\($0): \($0)\r\n" }.joined() }
        XCTAssertNotNil(accepted("GET / HTTP/1.1\r\n\(host)\(fields(limits.headerCount))\r\n"))
        XCTAssertEqual(refusal("GET / HTTP/1.1\r\n\(host)\(fields(limits.headerCount + 1))\r\n"), .headerFieldsTooLarge)
        XCTAssertEqual(refusal("GET / HTTP/1.1\r\n\(host)\(fields(limits.headerCount + 1))"), .headerFieldsTooLarge)
    }

    // MARK: - Paths

    /// Paths are compared with the server's routes as sent: nothing is percent-decoded or
    /// normalised, so an encoded or literal `..` can only miss a route (404), never name a
    /// file; the same goes for the query (`queryValue` does not decode either).
    func testPathsAndQueriesAreKeptAsSent() throws {
        for path in ["/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/../../etc/passwd", "/export/../script.mask",
                     "//etc/passwd", "/scene%2Ejson", "/a%20b", "/%00", "/%", "/%zz", "/..%5c..%5cwin.ini", "/./scene.json"] {
            XCTAssertEqual(try XCTUnwrap(accepted("GET \(path) HTTP/1.1\r\n\(host)\r\n"), path).request.path, path)
        }
        let request = try XCTUnwrap(accepted("GET /frame?t=1%2E5&t=2 HTTP/1.1\r\n\(host)\r\n")).request
        XCTAssertEqual(request.queryValue("t"), "1%2E5", "not decoded, and the first of two")
    }

    // MARK: - Random and mutated input

    /// Every prefix of a good request (and of two pipelined ones) needs more bytes; the
    /// whole gets the request, whatever follows it.
    func testEveryTruncationOfAGoodRequestIsIncomplete() throws {
        let requests = [
            "GET /frame?t=0.5 HTTP/1.1\r\n\(host)User-Agent: test\r\nAccept: */*\r\nConnection: keep-alive\r\n\r\n",
            "\r\nHEAD / HTTP/1.0\nX-A:\tb\n\n",
            "GET /scene.json HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n",
        ]
        for raw in requests {
            let all = Array(raw.utf8)
            for count in 0..<all.count {
                XCTAssertEqual(HTTPRequestParser.parse(all[..<count]), .incomplete, "\(count) bytes of \(raw.debugDescription)")
            }
            let whole = HTTPRequestParser.parse(all[...])
            guard case .request(_, let consumed) = whole else { return XCTFail("\(raw.debugDescription): \(whole)") }
            XCTAssertEqual(consumed, all.count)
            let pipelined = all + Array("GET / HTTP/1.1\r\n\(host)\r\n".utf8)
            for count in all.count...pipelined.count {
                XCTAssertEqual(HTTPRequestParser.parse(pipelined[..<count]), whole)
            }
            // The same from a slice that does not start at index 0, as the connection's
            // buffer after a pipelined request.
            let offset = Array("xyz".utf8) + all
            XCTAssertEqual(HTTPRequestParser.parse(offset[3...]), whole)
        }
    }

    /// Thousands of seeded random byte strings and mutations of good requests, parsed
    /// with the default limits and with small ones: every outcome is proper (a request
    /// that keeps the parser's promises, a refusal with a 4xx or 5xx status and a reason,
    /// or a need for more bytes only while under the limit), and one that is not
    /// `.incomplete` stays the same however many bytes follow.
    func testRandomAndMutatedBytesAlwaysGetAProperOutcome() {
        let random = RandomGenerator(seed: 0x6D61_736B)
        let small = HTTPRequestParser.Limits(headBytes: 96, headerCount: 4)
        let seeds = [
            "GET /frame?t=1.5 HTTP/1.1\r\n\(host)Accept: image/png\r\n\r\n",
            "HEAD / HTTP/1.0\r\nConnection: close\r\n\r\n",
            "GET / HTTP/1.1\r\n\(host)Content-Length: 0\r\nX-A: b\r\n\r\n",
            "GET /events HTTP/1.1\nHost: localhost:8147\nTransfer-Encoding: chunked\n\n0\r\n\r\n",
            "HEAD /scene.json HTTP/1.2\r\nHost: [::1]:8147\r\n\r\n",
        ].map { Array($0.utf8) }
        // Bytes that matter to the grammar come often; any byte can come.
        let alphabet = Array("GET HEAD POST /?#%:.,-\t\r\n\r\n01 Host Content-Length Transfer-Encoding HTTP/1.1".utf8)
        var seen: [String: Int] = [:]
        for round in 0..<12_000 {
            let input: [UInt8]
            if round % 2 == 0 {
                input = (0..<random.int(in: 0...160)).map { _ in
                    random.next() < 0.5 ? alphabet[random.int(in: 0...(alphabet.count - 1))] : random.byte()
                }
            } else {
                input = mutated(seeds[(round / 2) % seeds.count], times: random.int(in: 1...4), using: random)
            }
            for limits in [HTTPRequestParser.Limits(), small] {
                let outcome = check(input[...], limits: limits)
                seen[kind(of: outcome), default: 0] += 1
                // More bytes never change an outcome that is not `.incomplete`.
                if outcome != .incomplete {
                    let more = input + (0..<random.int(in: 1...40)).map { _ in random.byte() }
                    XCTAssertEqual(HTTPRequestParser.parse(more[...], limits: limits), outcome, "\(input)")
                }
                // Every truncation of the mutated seeds, which are near-requests.
                if round % 2 == 1, round < 400 {
                    for count in 0..<input.count { _ = check(input[..<count], limits: limits) }
                }
            }
        }
        // The inputs reached every outcome, not only the first refusals.
        for kind in ["request", "incomplete", "400", "405", "413", "414", "431", "505"] {
            XCTAssertGreaterThan(seen[kind] ?? 0, 20, "\(kind) in \(seen)")
        }
    }

    private func kind(of outcome: HTTPRequestParser.Outcome) -> String {
        switch outcome {
        case .incomplete: "incomplete"
        case .request: "request"
        case .refused(let status, _): String(status.rawValue)
        }
    }

    // MARK: - Helpers

    private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    /// The request and the bytes its head took, or nil (with a failure) for another outcome.
    private func accepted(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (request: HTTPRequest, consumed: Int)? {
        let outcome = HTTPRequestParser.parse(bytes(text))
        guard case let .request(request, consumed) = outcome else {
            XCTFail("\(text.prefix(120).debugDescription): \(outcome)", file: file, line: line)
            return nil
        }
        return (request, consumed)
    }

    /// The status of a refusal, or nil (with a failure) for another outcome.
    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> HTTPStatus? {
        let outcome = HTTPRequestParser.parse(bytes(text))
        guard case let .refused(status, reason) = outcome else {
            XCTFail("\(text.prefix(120).debugDescription): \(outcome)", file: file, line: line)
            return nil
        }
        XCTAssertFalse(reason.isEmpty, file: file, line: line)
        return status
    }

    /// Parses `input` and checks that the outcome keeps the parser's promises.
    private func check(_ input: ArraySlice<UInt8>, limits: HTTPRequestParser.Limits) -> HTTPRequestParser.Outcome {
        let outcome = HTTPRequestParser.parse(input, limits: limits)
        let context = "\(Array(input)) with \(limits)"
        switch outcome {
        case .incomplete:
            XCTAssertLessThan(input.count, limits.headBytes, "more bytes asked for past the limit: \(context)")
        case let .refused(status, reason):
            XCTAssertTrue([400, 405, 413, 414, 431, 505].contains(status.rawValue), "\(status): \(context)")
            XCTAssertFalse(reason.isEmpty || reason.contains("\n") || reason.contains("\r"), context)
        case let .request(request, consumed):
            XCTAssertTrue((1...min(input.count, limits.headBytes)).contains(consumed), context)
            XCTAssertEqual(input[input.startIndex + consumed - 1], UInt8(ascii: "\n"), context)
            XCTAssertTrue(["GET", "HEAD"].contains(request.method), context)
            XCTAssertTrue([0, 1].contains(request.minorVersion), context)
            XCTAssertEqual(request.path.first, "/", context)
            XCTAssertFalse((request.path + (request.query ?? "")).utf8.contains { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "#") },
                           context)
            XCTAssertLessThanOrEqual(request.headers.count, limits.headerCount, context)
            let hosts = request.headers.filter { $0.name == "host" }.count
            XCTAssertTrue(hosts == 1 || (hosts == 0 && request.minorVersion == 0), context)
            XCTAssertNil(request.header("transfer-encoding"), context)
            for field in request.headers {
                XCTAssertFalse(field.name.isEmpty || field.name != field.name.lowercased(), context)
                XCTAssertFalse(field.value.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }, context)
                if field.name == "content-length" { XCTAssertEqual(Int(field.value), 0, context) }
            }
        }
        return outcome
    }

    /// `seed` with `times` random edits: a byte replaced, inserted or deleted, a run
    /// repeated or cut, or a line ending changed.
    private func mutated(_ seed: [UInt8], times: Int, using random: RandomGenerator) -> [UInt8] {
        var bytes = seed
        for _ in 0..<times where !bytes.isEmpty {
            let at = random.int(in: 0...(bytes.count - 1))
            let run = bytes[at..<min(bytes.count, at + random.int(in: 1...24))]
            switch random.int(in: 0...5) {
            case 0: bytes[at] = random.byte()
            case 1: bytes.insert(random.byte(), at: at)
            case 2: bytes.remove(at: at)
            case 3: bytes.insert(contentsOf: Array(run), at: at)
            case 4: bytes.removeSubrange(run.indices)
            default: bytes[at] = [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: ":")][at % 4]
            }
        }
        return bytes
    }
}

extension RandomGenerator {
    /// A whole number in `range`, each about equally likely.
    func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + min(range.count - 1, Int(next() * Double(range.count)))
    }

    /// Any byte.
    func byte() -> UInt8 { UInt8(int(in: 0...255)) }
}

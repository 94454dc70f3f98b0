@testable import mask
import XCTest

/// A connection's head buffer parses only when a line ends or the head limit is reached:
/// a client sending one byte at a time costs a parse a line, with the same outcome as
/// parsing after every byte.
final class RequestHeadBufferTests: XCTestCase {
    /// Feeds `raw` one byte at a time, asking for the outcome after each, as the
    /// connection does; returns the outcomes that were not `.incomplete` and the parses made.
    private func feedByteByByte(_ raw: [UInt8], limits: HTTPRequestParser.Limits = .init())
        -> (outcomes: [HTTPRequestParser.Outcome], parses: Int) {
        var buffer = RequestHeadBuffer(limits: limits)
        var parses = 0
        var outcomes: [HTTPRequestParser.Outcome] = []
        let counting: (ArraySlice<UInt8>, HTTPRequestParser.Limits) -> HTTPRequestParser.Outcome = {
            parses += 1
            return HTTPRequestParser.parse($0, limits: $1)
        }
        for byte in raw {
            buffer.append([byte])
            let outcome = buffer.outcome(parse: counting)
            guard outcome != .incomplete else { continue }
            outcomes.append(outcome)
            guard case .request(_, let consumed) = outcome else { break }
            buffer.removeFirst(consumed)
        }
        return (outcomes, parses)
    }

    func testOneByteAtATimeParsesOnceALine() throws {
        let head = "GET /frame?t=1 HTTP/1.1\r\nHost: 127.0.0.1:8147\r\nUser-Agent: \(String(repeating: "x", count: 3000))\r\n\r\n"
        let (outcomes, parses) = feedByteByByte(Array(head.utf8))
        XCTAssertEqual(outcomes, [HTTPRequestParser.parse(Array(head.utf8)[...])])
        if case .request(let request, _) = outcomes.first { XCTAssertEqual(request.path, "/frame") } else { XCTFail("\(outcomes)") }
        // Four lines: the request line, two fields and the empty line; one parse each.
        XCTAssertEqual(parses, 4)
    }

    func testTwoRequestsInARowAreBothRead() {
        let head = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let (outcomes, parses) = feedByteByByte(Array((head + head.replacingOccurrences(of: "/a", with: "/b")).utf8))
        XCTAssertEqual(outcomes.count, 2)
        let paths = outcomes.compactMap { outcome -> String? in
            if case .request(let request, _) = outcome { return request.path }
            return nil
        }
        XCTAssertEqual(paths, ["/a", "/b"])
        // Three lines a request, and one parse of what is left after the first is consumed.
        XCTAssertEqual(parses, 7)
    }

    func testAHeadWithoutALineFeedIsParsedOnceAtTheLimit() {
        let limits = HTTPRequestParser.Limits(headBytes: 1024, headerCount: 64)
        let (outcomes, parses) = feedByteByByte(Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 2000), limits: limits)
        XCTAssertEqual(outcomes, [.refused(.uriTooLong, "the request line is longer than 1024 bytes")])
        XCTAssertEqual(parses, 1)
    }
}

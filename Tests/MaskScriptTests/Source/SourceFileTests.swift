import XCTest
@testable import MaskScript

final class SourceFileTests: XCTestCase {
    func testLinesAndLocations() {
        let file = SourceFile(name: "a.mask", text: "ab\r\n\tcd\n\né")
        XCTAssertEqual(file.lineCount, 4)
        XCTAssertEqual(file.lineText(1), "ab")
        XCTAssertEqual(file.lineText(2), "\tcd")
        XCTAssertEqual(file.lineText(3), "")
        XCTAssertEqual(file.lineText(4), "é")
        XCTAssertNil(file.lineText(5))
        XCTAssertNil(file.lineText(0))
        XCTAssertEqual(file.location(at: 6), SourceLocation(line: 2, column: 3, offset: 6))
        XCTAssertEqual(file.endLocation, SourceLocation(line: 4, column: 2, offset: 10))
    }

    func testInvalidUTF8() {
        let file = SourceFile(name: "a.mask", bytes: [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x41, 0xC0, 0xAF])
        XCTAssertEqual(String(String.UnicodeScalarView(file.scalars)), "a\u{FFFD}b\u{FFFD}A\u{FFFD}\u{FFFD}")
        XCTAssertEqual(file.decodingDiagnostics.map(\.description), [
            "a.mask:1:2: error: invalid UTF-8 byte 0xFF",
            "a.mask:1:4: error: invalid UTF-8 byte 0xE2",
            "a.mask:1:6: error: invalid UTF-8 byte 0xC0",
            "a.mask:1:7: error: invalid UTF-8 byte 0xAF",
        ])
    }

    func testValidMultibyteAndSurrogates() {
        let file = SourceFile(name: "a", bytes: Array("é😀".utf8) + [0xED, 0xA0, 0x80])
        XCTAssertEqual(file.scalars.count, 5)
        XCTAssertEqual(file.decodingDiagnostics.count, 3)
    }

    func testNULByte() {
        let result = Parser.parse(SourceFile(name: "n.mask", bytes: Array("let x = 1\0\n".utf8)))
        XCTAssertEqual(result.diagnostics.map(\.description), ["n.mask:1:10: error: NUL byte in source"])
    }

    func testInvalidByteInsideStringIsReportedOnce() {
        let result = Parser.parse(SourceFile(name: "s.mask", bytes: Array("print(\"a".utf8) + [0xFE] + Array("\")".utf8)))
        XCTAssertEqual(result.diagnostics.map(\.description), ["s.mask:1:9: error: invalid UTF-8 byte 0xFE"])
    }
}

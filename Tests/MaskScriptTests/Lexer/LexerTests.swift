import XCTest
import MaskEngine
@testable import MaskScript

final class LexerTests: XCTestCase {
    func testNumbersAndUnits() {
        XCTAssertEqual(tokenKinds("12 0.5 1e3 1.5e-2 2E+1"),
                       [.number(12), .number(0.5), .number(1000), .number(0.015), .number(20)])
        XCTAssertEqual(tokenKinds("250ms 2s 50% 180deg"),
                       [.number(0.25), .number(2), .number(0.5), .number(Double.pi)])
    }

    func testNumberFollowedByRangeOperator() {
        XCTAssertEqual(tokenKinds("0..<3 1...2"),
                       [.number(0), .halfOpenRange, .number(3), .number(1), .closedRange, .number(2)])
    }

    func testUnknownUnit() {
        XCTAssertEqual(lexerErrors("x = 12px"), ["1:7: unknown unit `px`"])
        XCTAssertEqual(tokenKinds("12px"), [.error])
    }

    func testStringsAndEscapes() {
        XCTAssertEqual(tokenKinds(#""a\n\t\"\\b" "\u{1F600}""#), [.string("a\n\t\"\\b"), .string("😀")])
    }

    func testStringErrors() {
        XCTAssertEqual(lexerErrors(#""a\qb""#), [#"1:3: invalid escape `\q`"#])
        XCTAssertEqual(lexerErrors(#""\u{D800}""#), [#"1:2: invalid code point `\u{D800}`"#])
        XCTAssertEqual(lexerErrors(#""\u{110000}""#), [#"1:2: invalid code point `\u{110000}`"#])
        XCTAssertEqual(lexerErrors(#""\u41""#), [#"1:2: expected `{` after `\u`"#])
        XCTAssertEqual(lexerErrors(#""\u{}""#), [#"1:2: expected hex digits and `}` in `\u{...}`"#])
        XCTAssertEqual(lexerErrors("\"abc"), ["1:1: unterminated string"])
        XCTAssertEqual(lexerErrors("\"abc\nx"), ["1:5: newline in string"])
    }

    func testColours() {
        XCTAssertEqual(tokenKinds("#f00 #ff000080 #fff8 #00ff00"), [
            .color(Color(red: 1, green: 0, blue: 0)),
            .color(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)),
            .color(Color(red: 1, green: 1, blue: 1, alpha: 8 * 17 / 255.0)),
            .color(Color(red: 0, green: 1, blue: 0)),
        ])
        XCTAssertEqual(lexerErrors("#12345"), ["1:1: invalid colour `#12345`; expected 3, 4, 6 or 8 hex digits"])
        XCTAssertEqual(lexerErrors("#ggg"), ["1:1: invalid colour `#ggg`; expected 3, 4, 6 or 8 hex digits"])
        XCTAssertEqual(lexerErrors("# 1"), ["1:1: expected hex digits after `#`"])
    }

    func testKeywordsAndIdentifiers() {
        XCTAssertEqual(tokenKinds("let over forever text _x9"),
                       [.keyword(.let), .identifier("over"), .keyword(.forever), .keyword(.text), .identifier("_x9")])
    }

    func testOperators() {
        XCTAssertEqual(tokenKinds("+ - * / % == != < <= > >= = ..< ... . , : ; ( ) [ ] { }"), [
            .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater,
            .greaterEqual, .equal, .halfOpenRange, .closedRange, .dot, .comma, .colon, .semicolon,
            .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace,
        ])
    }

    func testCommentsAndCollapsedNewlines() {
        XCTAssertEqual(tokenKinds("\n\na // comment\n\n\n// more\nb"),
                       [.identifier("a"), .newline, .identifier("b")])
    }

    func testNewlinesInsideBrackets() {
        XCTAssertEqual(tokenKinds("f(1,\n2)\n[3,\n4]"), [
            .identifier("f"), .leftParen, .number(1), .comma, .number(2), .rightParen, .newline,
            .leftBracket, .number(3), .comma, .number(4), .rightBracket,
        ])
        // Inside braces newlines count again, even within parentheses.
        XCTAssertEqual(tokenKinds("f(fn () {\na\nb\n})"), [
            .identifier("f"), .leftParen, .keyword(.fn), .leftParen, .rightParen, .leftBrace, .newline,
            .identifier("a"), .newline, .identifier("b"), .newline, .rightBrace, .rightParen,
        ])
    }

    func testStatementKeywordEndsUnclosedParenthesis() {
        XCTAssertEqual(tokenKinds("f(1\nlet x"),
                       [.identifier("f"), .leftParen, .number(1), .newline, .keyword(.let), .identifier("x")])
    }

    func testUnexpectedCharacters() {
        XCTAssertEqual(lexerErrors("a @ b ! c"), ["1:3: unexpected character '@'", "1:7: unexpected character '!'"])
        XCTAssertEqual(lexerErrors("a @$ b"), ["1:3: unexpected character '@'"])
        XCTAssertEqual(lexerErrors("a \u{A0} b"), ["1:3: unexpected character U+00A0"])
        XCTAssertEqual(lexerErrors("a..b"), ["1:2: unexpected `..`; use `..<` or `...`"])
        XCTAssertEqual(tokenKinds("a @ b"), [.identifier("a"), .error, .identifier("b")])
    }

    func testTokenRangesCountScalars() {
        let tokens = Lexer.tokenize(SourceFile(name: "t", text: "\"é😀\" x")).tokens
        XCTAssertEqual(tokens[1].range.start.column, 6)
        XCTAssertEqual(tokens[0].range.end.column, 5)
    }

    func testAlwaysEndsWithEOF() {
        XCTAssertEqual(Lexer.tokenize(SourceFile(name: "t", text: "")).tokens.map(\.kind), [.eof])
    }
}

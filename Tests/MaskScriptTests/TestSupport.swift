import XCTest
@testable import MaskScript

/// Parses `source` as a file named `test.mask`.
func parse(_ source: String) -> (statements: [Stmt], diagnostics: [Diagnostic]) {
    Parser.parse(SourceFile(name: "test.mask", text: source))
}

/// The diagnostics of `source` as `LINE:COLUMN: MESSAGE` strings.
func errors(_ source: String) -> [String] {
    parse(source).diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
}

/// The S-expression dump of `source`, failing the test if there are diagnostics.
func dump(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let result = parse(source)
    XCTAssertEqual(result.diagnostics.map(\.description), [], "unexpected diagnostics", file: file, line: line)
    return ASTDump.dump(result.statements)
}

/// The kinds of the tokens of `source`, without the final `eof`.
func tokenKinds(_ source: String) -> [Token.Kind] {
    Array(Lexer.tokenize(SourceFile(name: "test.mask", text: source)).tokens.map(\.kind).dropLast())
}

/// The lexer's diagnostics for `source` as `LINE:COLUMN: MESSAGE` strings.
func lexerErrors(_ source: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "test.mask", text: source)).diagnostics.map {
        "\($0.range.start.line):\($0.range.start.column): \($0.message)"
    }
}

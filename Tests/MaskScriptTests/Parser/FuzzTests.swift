import XCTest
@testable import MaskScript

/// Random and truncated input: the parser must terminate without crashing, and report
/// at most the diagnostic limit (plus the "too many errors" line).
final class FuzzTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    private struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    private static let program = """
    canvas { size: [300, 40]; fps: 30; duration: 3s; background: #000 }
    fn wave(i, n) {
      if i < n / 2 and not (i == 0) { return sin(i * 10deg) } else { return -1 }
    }
    grid tiles {
      rows: 4; columns: 8
      mask gradient fade { colors: [clear, black]; start: [0, 0]; end: [1, 0] }
    }
    text label {
      string: "a\\tb \\u{1F600}"
      shape { path: circle(50, 50, 10); fill: rgba(255, 0, 0, 50%) }
    }
    for t in tiles.tiles { t.opacity = 0.5 }
    repeat 3 as k { delay 250ms }
    animate tiles.tiles.opacity from 1 to 0 over 1s ease easeInOut stagger 20ms order diagonal
    animate label.x keys [0, 10, 0] times [0, 0.5, 1] repeat forever autoreverse
    let xs = [1, 2, 3][0..<2]
    wait
    """

    private func assertParses(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let result = Parser.parse(SourceFile(name: "fuzz.mask", bytes: bytes))
        XCTAssertLessThanOrEqual(result.diagnostics.count, Parser.diagnosticLimit + 1, file: file, line: line)
        _ = DiagnosticRenderer().render(result.diagnostics, source: SourceFile(name: "fuzz.mask", bytes: bytes))
    }

    func testTheSampleProgramIsValid() {
        XCTAssertEqual(errors(Self.program), [])
    }

    func testRandomBytes() {
        var random = SplitMix(state: 1)
        for _ in 0..<300 {
            let count = random.below(400)
            assertParses((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
    }

    func testRandomTokenSoup() {
        let pieces = ["let", "fn", "(", ")", "[", "]", "{", "}", "layer", "mask", "animate", "a", ".", "b", "to",
                      "over", "1", "2s", "\"s", "\"", "#fff", ":", ",", ";", "\n", "=", "==", "<", "..<", "not", "-",
                      "if", "else", "repeat", "forever", "as", "for", "in", "canvas", "return", "@", "\\", "//"]
        var random = SplitMix(state: 2)
        for _ in 0..<300 {
            let source = (0..<random.below(120)).map { _ in pieces[random.below(pieces.count)] }.joined(separator: " ")
            assertParses(Array(source.utf8))
        }
    }

    func testEveryTruncationOfAValidProgram() {
        let bytes = Array(Self.program.utf8)
        for end in 0...bytes.count {
            assertParses(Array(bytes[0..<end]))
        }
    }

    func testRandomMutationsOfAValidProgram() {
        var random = SplitMix(state: 3)
        let original = Array(Self.program.utf8)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + random.below(5)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                default: bytes[at] = bytes[random.below(bytes.count)]
                }
            }
            assertParses(bytes)
        }
    }
}

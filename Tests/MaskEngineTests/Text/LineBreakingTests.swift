import XCTest
@testable import MaskEngine

/// `wrapped` and `truncation` against line breaks and cuts derived by hand, every
/// character 10 px wide.
final class LineBreakingTests: XCTestCase {
    private func lines(_ text: String, width: Double) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return LineBreaking.wrap(scalars, advances: Array(repeating: 10, count: scalars.count), width: width).map {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[$0])
            return String(view)
        }
    }

    private func cut(_ text: String, width: Double, _ mode: TextTruncation) -> String {
        let scalars = Array(text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: LineBreaking.truncate(scalars, advances: Array(repeating: 10, count: scalars.count),
                                                      width: width, ellipsis: 10, mode: mode))
        return String(view)
    }

    func testLatinBreaksAtSpacesAndDropsThem() {
        // "aaa bbb" is 70 px and fits 75; "aaa bbb ccc" does not.
        XCTAssertEqual(lines("aaa bbb ccc", width: 75), ["aaa bbb", "ccc"])
        XCTAssertEqual(lines("aaa bbb ccc", width: 110), ["aaa bbb ccc"])
        XCTAssertEqual(lines("aaa   bbb", width: 45), ["aaa", "bbb"], "the spaces at a break hang and are dropped")
        XCTAssertEqual(lines("well-known", width: 60), ["well-", "known"], "after a hyphen before a letter")
    }

    func testAWordWiderThanTheLineBreaksBetweenCharacters() {
        XCTAssertEqual(lines("abcdefgh", width: 30), ["abc", "def", "gh"])
    }

    func testCJKBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
        XCTAssertEqual(lines("滑动解锁", width: 20), ["滑动", "解锁"])
        // 40 px would hold "滑动解锁", but "。" may not start a line, so "锁" goes down with it.
        XCTAssertEqual(lines("滑动解锁。好", width: 40), ["滑动解", "锁。好"])
        // Nor may "「" end one: "你好「" would fit 30 px.
        XCTAssertEqual(lines("你好「世界」", width: 30), ["你好", "「世", "界」"])
    }

    func testEmojiSequencesAndMarksAreNeverSplit() {
        // 👨‍👩‍👧 is five scalars (50 px here) but one cluster.
        XCTAssertEqual(lines("ab👨‍👩‍👧", width: 30), ["ab", "👨‍👩‍👧"])
        XCTAssertEqual(lines("ééé", width: 20).count, 2, "e + U+0301 is one cluster of 20 px")
    }

    func testTruncationKeepsWholeClustersAroundTheEllipsis() {
        // 50 px, 10 of them for "…": four characters are kept.
        XCTAssertEqual(cut("abcdefgh", width: 50, .end), "abcd…")
        XCTAssertEqual(cut("abcdefgh", width: 50, .start), "…efgh")
        XCTAssertEqual(cut("abcdefgh", width: 50, .middle), "ab…gh")
        XCTAssertEqual(cut("abc efgh", width: 50, .end), "abc…", "a space before the ellipsis is dropped")
        XCTAssertEqual(cut("滑动解锁", width: 30, .end), "滑动…")
    }

    func testATextLayerWrapsAndTruncatesWithinItsBounds() throws {
        var state = LayerState(kind: .text)
        state.string = "slide to unlock slide to unlock"
        state.fontSize = 20
        state.size = Size(120, 200)
        let one = try TextLayout.measure(state)
        XCTAssertGreaterThan(one.width, 120)
        state.wrapped = true
        let wrapped = try TextLayout.measure(state)
        XCTAssertLessThanOrEqual(wrapped.width, 120)
        XCTAssertEqual(wrapped.height, 3 * one.height, accuracy: 1e-9, "\"slide to unlock\" is 150 px at 20 px: three lines")
        state.wrapped = false
        state.truncation = .end
        let cut = try TextLayout.measure(state)
        XCTAssertLessThanOrEqual(cut.width, 120)
        XCTAssertEqual(cut.height, one.height)
    }
}

import XCTest
@testable import MaskEngine

/// `setToZero` on tables of integers (a combined mask's gaps, its right sides, a run
/// record): every entry 0, none beside them written.
final class ZeroedEntriesTests: XCTestCase {
    func testEveryEntryIsZeroAndNoneBesideIsWritten() {
        // Below, at and past a vector step (8 entries), and past memset's 2 KB.
        for count in [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 33, 600, 2_241, 4_000] {
            var table = [Int32](repeating: -1, count: count + 2)
            table.withUnsafeMutableBufferPointer { all in
                UnsafeMutableBufferPointer(rebasing: all[1..<(count + 1)]).setToZero()
            }
            XCTAssertEqual(table.first, -1, "before \(count) entries")
            XCTAssertEqual(table.last, -1, "after \(count) entries")
            XCTAssertTrue(table[1..<(count + 1)].allSatisfy { $0 == 0 }, "\(count) entries")
        }
    }
}

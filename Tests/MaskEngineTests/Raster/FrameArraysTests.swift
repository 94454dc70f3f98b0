import XCTest
@testable import MaskEngine

/// `FrameArrays`: arrays made with room hold their count of the value, and the pool's
/// buffers grown through them keep their promises (zero where asked).
final class FrameArraysTests: XCTestCase {
    func testLargeAndSmallArraysHoldTheirCountOfTheValue() {
        for count in [0, 1, 4095, 3_686_400, 5 << 20] {
            let bytes = FrameArrays.array(count: count, capacity: count * 2, repeating: UInt8(7))
            XCTAssertGreaterThanOrEqual(bytes.capacity, count * 2)
            XCTAssertEqual(bytes.count, count)
            XCTAssertTrue(bytes.allSatisfy { $0 == 7 }, "\(count)")
            let floats = FrameArrays.array(count: count / 4, repeating: Float(0))
            XCTAssertEqual(floats.count, count / 4)
            XCTAssertTrue(floats.allSatisfy { $0 == 0 }, "\(count)")
            XCTAssertEqual(FrameArrays.uninitializedBytes(count: count).count, count)
        }
    }

    func testPoolBuffersGrownToFrameSizeAreZeroWhereAsked() {
        let pool = BufferPool()
        var small = pool.bytes(count: 100, zeroed: false)
        small.withUnsafeMutableBufferPointer { $0.update(repeating: 9) }
        pool.recycle(&small)
        let grown = pool.bytes(count: 3 << 20)
        XCTAssertEqual(grown.count, 3 << 20)
        XCTAssertTrue(grown.allSatisfy { $0 == 0 })
        let cells = pool.zeroFloats(count: 1 << 20)
        XCTAssertGreaterThanOrEqual(cells.count, 1 << 20)
        XCTAssertTrue(cells.allSatisfy { $0 == 0 })
    }
}

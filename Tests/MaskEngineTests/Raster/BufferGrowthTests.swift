import XCTest
@testable import MaskEngine

/// The pool's growth: room for a frame at once, and zero where asked.
final class BufferGrowthTests: XCTestCase {
    func testABufferThatMustGrowIsGivenRoomForTheFrameAndHoldsWhatWasAsked() {
        let pool = BufferPool()
        pool.startFrame(pixels: 10_000)
        var small = pool.bytes(count: 50)
        XCTAssertGreaterThanOrEqual(small.capacity, 10_000)
        XCTAssertEqual(small.count, 50)
        XCTAssertTrue(small.allSatisfy { $0 == 0 })
        small.withUnsafeMutableBufferPointer { $0.update(repeating: 9) }
        pool.recycle(&small)
        // The same buffer, grown within its room: zero again where asked.
        let grown = pool.bytes(count: 9_000)
        XCTAssertEqual(grown.count, 9_000)
        XCTAssertTrue(grown.allSatisfy { $0 == 0 })
        // Up to the frame's pixels and an eighth, that room; past it, four times that
        // (four bytes a pixel and more); past that, what is asked.
        XCTAssertGreaterThanOrEqual(pool.bytes(count: 10_001).capacity, 11_250)
        XCTAssertLessThan(pool.bytes(count: 10_001).capacity, 40_000)
        XCTAssertGreaterThanOrEqual(pool.bytes(count: 11_251).capacity, 45_000)
        XCTAssertEqual(pool.bytes(count: 50_000).count, 50_000)
        var floats = pool.zeroFloats(count: 300)
        XCTAssertGreaterThanOrEqual(floats.capacity, 10_000)
        XCTAssertTrue(floats.allSatisfy { $0 == 0 })
        pool.recycleZeroed(&floats)
        let more = pool.zeroFloats(count: 20_000)
        XCTAssertGreaterThanOrEqual(more.count, 20_000)
        XCTAssertTrue(more.allSatisfy { $0 == 0 })
        // Without a frame size, a buffer grows to what is asked.
        let plain = BufferPool()
        XCTAssertLessThan(plain.bytes(count: 100).capacity, 10_000)
    }

    /// A buffer asked for unwritten that grows within its room (by more than one block of
    /// `zeroBlock` and by less) holds what was kept and the count asked, its room unchanged,
    /// nothing allocated; and coverage made in the pool's buffers after they were written
    /// over and shrunk is the coverage a fresh pool makes (the benchmark scenes drawn
    /// through reused buffers: `BenchmarkScenesKeptBufferTests`).
    func testAnUnwrittenBufferGrowsInItsRoomAndAReusedPoolDrawsTheSameBytes() {
        let pool = BufferPool()
        pool.startFrame(pixels: 20_000)
        var b = pool.bytes(count: 10, zeroed: false)
        let room = b.capacity
        b.withUnsafeMutableBufferPointer { $0.update(repeating: 5) }
        pool.recycle(&b)
        let allocations = pool.allocations
        for count in [9_999, 20, 12_345, 12_346, 4_096, 17_000] {
            var grown = pool.bytes(count: count, zeroed: false)
            XCTAssertEqual(grown.count, count)
            XCTAssertEqual(grown.capacity, room)
            XCTAssertEqual(grown.first, 5, "the kept bytes are as they were")
            pool.recycle(&grown)
        }
        XCTAssertEqual(pool.allocations, allocations)
        // Coverage made in those written-over buffers (sparse, over a pixel grid of
        // growing and shrinking sizes) is the coverage a fresh pool makes.
        for k in 0..<12 {
            let circle = Path.circle(center: Point(60.5, 40.25), radius: 5 + Double(k % 5) * 9.5)
            let clip = PixelRect(x0: 0, y0: 0, x1: 160, y1: 100)
            var reused = Rasterizer.coverage(of: circle, transform: .identity, fillRule: .nonzero, clip: clip, pool: pool)
            let fresh = Rasterizer.coverage(of: circle, transform: .identity, fillRule: .nonzero, clip: clip)
            XCTAssertEqual(reused?.denseValues(), fresh?.denseValues(), "circle \(k)")
            reused?.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 5) }
            reused?.recycle(into: pool)
        }
    }

    func testABufferOfTheCountNearestTheOneAskedIsHandedOut() {
        // Three buffers of one capacity (a frame's), of 100, 5,000 and 9,000 bytes: each
        // ask takes the one nearest its count, so a coverage that changes a little at each
        // frame gets its own buffer back and grows it by little.
        let pool = BufferPool()
        pool.startFrame(pixels: 10_000)
        var buffers = [100, 5_000, 9_000].map { pool.bytes(count: $0, zeroed: false) }
        for i in buffers.indices { buffers[i].withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(i + 1)) } }
        XCTAssertEqual(Set(buffers.map(\.capacity)).count, 1)
        for i in buffers.indices { pool.recycle(&buffers[i]) }
        // Their bytes tell them apart: asked without zeroing, the kept ones are as they were.
        XCTAssertEqual(pool.bytes(count: 5_100, zeroed: false).first, 2)
        XCTAssertEqual(pool.bytes(count: 8_000, zeroed: false).first, 3)
        XCTAssertEqual(pool.bytes(count: 90, zeroed: false).first, 1)
    }

    func testAHugeFramesRoomIsNotReservedForASmallBuffer() {
        // 20,000 × 20,000 pixels: the frame's room is far more than the spare limit beyond
        // a small buffer, so it grows by doubling instead.
        let pool = BufferPool()
        pool.startFrame(pixels: 400_000_000)
        var small = pool.bytes(count: 1_000)
        XCTAssertLessThan(small.capacity, 1 << 20)
        pool.recycle(&small)
        let larger = pool.bytes(count: 1_500)
        XCTAssertGreaterThanOrEqual(larger.capacity, 2_000)
        XCTAssertLessThan(larger.capacity, 1 << 20)
        XCTAssertEqual(larger.count, 1_500)
    }
}

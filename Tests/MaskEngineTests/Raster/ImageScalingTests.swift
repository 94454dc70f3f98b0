import XCTest
@testable import MaskEngine

/// `Image.shrunk`: each target pixel is the area-weighted average of what it covers.
final class ImageScalingTests: XCTestCase {
    /// A grey image from rows of grey levels (opaque).
    private func grey(_ rows: [[UInt8]]) throws -> Image {
        let bytes: [UInt8] = rows.flatMap { row in row.flatMap { v -> [UInt8] in [v, v, v, 255] } }
        return try Image(width: rows[0].count, height: rows.count, premultipliedRGBA: bytes)
    }

    func testHalvingAveragesEachTwoByTwoBlock() throws {
        let checker = try grey([[0, 255, 0, 255], [255, 0, 255, 0], [0, 0, 255, 255], [0, 0, 255, 255]])
        let half = try checker.shrunk(toWidth: 2, height: 2)
        XCTAssertEqual(half.pixel(x: 0, y: 0)?.r, 128) // (0 + 255 + 255 + 0) / 4 = 127.5
        XCTAssertEqual(half.pixel(x: 1, y: 0)?.r, 128)
        XCTAssertEqual(half.pixel(x: 0, y: 1)?.r, 0)
        XCTAssertEqual(half.pixel(x: 1, y: 1)?.r, 255)
        XCTAssertEqual(half.pixel(x: 1, y: 1)?.a, 255)
    }

    /// Three columns into two: each target covers one and a half source columns, the
    /// middle one shared half and half.
    func testFractionalFactorWeighsPartlyCoveredPixels() throws {
        let row = try grey([[0, 90, 180]])
        let two = try row.shrunk(toWidth: 2, height: 1)
        XCTAssertEqual(two.pixel(x: 0, y: 0)?.r, 30)  // (0 · 1 + 90 · 0.5) / 1.5
        XCTAssertEqual(two.pixel(x: 1, y: 0)?.r, 150) // (90 · 0.5 + 180 · 1) / 1.5
    }

    func testPremultipliedColourNeverExceedsAlpha() throws {
        let pixels: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0]
        let image = try Image(width: 3, height: 1, premultipliedRGBA: pixels)
        let one = try image.shrunk(toWidth: 1, height: 1)
        let p = try XCTUnwrap(one.pixel(x: 0, y: 0))
        XCTAssertEqual(p.a, 85)
        XCTAssertLessThanOrEqual(p.r, p.a)
    }

    func testGrowingOrEmptyTargetsAreRefused() throws {
        let image = try grey([[1, 2], [3, 4]])
        XCTAssertThrowsError(try image.shrunk(toWidth: 3, height: 2))
        XCTAssertThrowsError(try image.shrunk(toWidth: 0, height: 1))
    }
}

import XCTest
@testable import MaskEngine

/// `PixelRect(covering:)` rounds without libm (`clampedFloor`, `clampedCeiling`): the same
/// pixels as rounding the coordinates first and clamping them after.
final class PixelRectCoveringTests: XCTestCase {
    func testRoundingWithoutLibmGivesTheRoundedThenClampedIndex() {
        let limit = PixelRect.coordinateLimit
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1e-300, -1e-300, 2.5, -2.5, 0.9999999999999999, -0.9999999999999999,
                                limit, -limit, limit + 0.5, -limit - 0.5, limit - 0.5, -limit + 0.5, 1e300, -1e300,
                                Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude]
        for k in -40...40 {
            let v = Double(k) / 4
            values += [v, v.nextUp, v.nextDown]
        }
        var random = SplitMix(seed: 0x91C5_EC7)
        for _ in 0..<20_000 {
            let v = Double(Int64(bitPattern: random.next() % 4_000_000_000) - 2_000_000_000) / 1000
            values += [v, v / 1000]
        }
        for v in values {
            XCTAssertEqual(PixelRect.clampedFloor(v), PixelRect.clamped(v.rounded(.down)), "floor of \(v)")
            XCTAssertEqual(PixelRect.clampedCeiling(v), PixelRect.clamped(v.rounded(.up)), "ceiling of \(v)")
        }
    }
}

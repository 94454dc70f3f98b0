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

    /// `PixelRect(covering:transform:)`, which maps two corners where the transform
    /// neither turns nor shears, gives the pixels of `PixelRect(covering: m.apply(r))`:
    /// fractional edges, flips, zero and negative sizes, coordinates whose right edge
    /// rounds away (`x0 + (x1 − x0)`) or overflows, and corners not finite; turned and
    /// sheared transforms take the general route.
    func testCoveringATransformedRectGivesTheMappedRectsPixels() {
        var random = SplitMix(seed: 0x5EED_B0C5)
        func value(_ scale: Double) -> Double {
            Double(Int64(bitPattern: random.next() % 2_000_001) - 1_000_000) / 1_000_000 * scale
        }
        let edges: [Double] = [0, -0.0, 0.5, 1e-300, 1e300, -1e300, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
                               .infinity, -.infinity, .nan, 0.1, 99.9, 2.5e15]
        var rects: [Rect] = []
        for _ in 0..<1_500 {
            rects.append(Rect(value(2_000), value(2_000), value(500), value(500)))
            rects.append(Rect(value(3e15), value(1), value(1e16), value(3)))
        }
        for x in edges {
            for w in edges { rects.append(Rect(x, 0.25, w, 10)) }
        }
        var transforms: [Transform] = [.identity, .scale(-1, 1), .scale(1, -1), .scale(0, 2), .scale(1e300, 1e300),
                                       .translation(-0.0, 0), .translation(.infinity, 0), .scale(.nan, 1),
                                       Transform.rotation(0.3), Transform(a: 1, b: 0, c: 0.5, d: 1, tx: 3, ty: 4)]
        for _ in 0..<40 {
            transforms.append(Transform(a: value(4), b: 0, c: 0, d: value(4), tx: value(1_000), ty: value(1_000)))
        }
        for m in transforms {
            for r in rects {
                XCTAssertEqual(PixelRect(covering: r, transform: m), PixelRect(covering: m.apply(r)), "\(r) by \(m)")
            }
        }
    }
}

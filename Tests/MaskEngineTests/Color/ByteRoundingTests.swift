import XCTest
@testable import MaskEngine

/// `PremultipliedColor.byte` must give exactly the bytes of the formula it replaced.
final class ByteRoundingTests: XCTestCase {
    private func reference(_ v: Double) -> UInt8 {
        UInt8(max(0, min(255, (v * 255).rounded())))
    }

    func testEveryHalfwayAndNeighbouringValueRoundsAsRoundDoes() {
        for k in 0...510 {
            let half = Double(k) / 2 / 255
            for v in [half, half.nextUp, half.nextDown, half.nextUp.nextUp, half.nextDown.nextDown] {
                XCTAssertEqual(PremultipliedColor.byte(v), reference(v), "\(v)")
            }
        }
    }

    func testOutOfRangeAndSpecialValuesClampAsBefore() {
        let specials: [Double] = [-1, -0.0, -1e-300, 0, 1, 1.0.nextUp, 2, 1e300, -1e300,
                                  .infinity, -.infinity, .nan, 0.49999999999999994 / 255]
        for v in specials {
            XCTAssertEqual(PremultipliedColor.byte(v), reference(v), "\(v)")
        }
    }

    func testRandomValuesAgree() {
        var random = SplitMix(seed: 0x6261_7465)
        for _ in 0..<200_000 {
            let v = Double(random.next() % 1_000_003) / 1_000_000 * 1.2 - 0.1
            XCTAssertEqual(PremultipliedColor.byte(v), reference(v), "\(v)")
        }
    }
}

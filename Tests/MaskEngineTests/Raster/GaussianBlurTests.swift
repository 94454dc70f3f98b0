import Foundation
import XCTest
@testable import MaskEngine

/// The blur's kernels at their edges: weights that sum to 1, symmetric when not moved,
/// the extent the renderer plans with, and hostile sizes bounded.
final class GaussianBlurTests: XCTestCase {
    func testKernelsSumToOneAndAreSymmetric() {
        for sigma in [1, 3, 10.5] {
            let k = GaussianBlur.Kernel(sigma: sigma, shift: 0)
            XCTAssertEqual(Double(k.weights.reduce(0, +)), 1, accuracy: 1e-5)
            // Offsets low...high; the kernel's centre of mass is at 0.
            let mean = zip(k.low...k.high, k.weights).map { Double($0) * Double($1) }.reduce(0, +)
            XCTAssertEqual(mean, 0, accuracy: 1e-5, "σ \(sigma)")
            let variance = zip(k.low...k.high, k.weights).map { Double($0 * $0) * Double($1) }.reduce(0, +)
            // Sheppard's correction: the Gaussian's mass over unit pixels has variance
            // σ² + 1/12 (a little less for the tails cut at 4σ).
            XCTAssertEqual(variance, sigma * sigma + 1.0 / 12, accuracy: 1e-3 * sigma * sigma, "σ \(sigma)")
        }
    }

    func testAShiftMovesTheCentreOfMass() {
        let k = GaussianBlur.Kernel(sigma: 2, shift: 5.25)
        let mean = zip(k.low...k.high, k.weights).map { Double($0) * Double($1) }.reduce(0, +)
        XCTAssertEqual(mean, 5.25, accuracy: 1e-4)
        let extent = GaussianBlur.Kernel.extent(sigma: 2, shift: 5.25)
        XCTAssertEqual(extent.low, k.low)
        XCTAssertEqual(extent.high, k.high)
    }

    func testAHardShadowIsAMoveSpreadOverTwoPixels() {
        let whole = GaussianBlur.Kernel(sigma: 0, shift: 3)
        XCTAssertEqual(whole.weights, [1])
        XCTAssertEqual(whole.low, 3)
        let part = GaussianBlur.Kernel(sigma: 0.1, shift: -1.25)
        XCTAssertEqual(part.weights, [0.25, 0.75])
        XCTAssertEqual(part.low, -2)
    }

    func testHostileSizesAreBounded() {
        let huge = GaussianBlur.Kernel.extent(sigma: .infinity, shift: .nan)
        XCTAssertEqual(huge.low, 0)
        let big = GaussianBlur.Kernel.extent(sigma: 1e300, shift: -1e300)
        XCTAssertGreaterThanOrEqual(big.low, -Int(GaussianBlur.maxShift) - 5000)
        XCTAssertLessThanOrEqual(big.high - big.low, Int(8 * GaussianBlur.maxSigma) + 4)
    }

    /// One bright pixel blurred is the Gaussian's mass over each pixel, in bytes.
    func testAPointSpreadsAsTheGaussian() throws {
        let pool = BufferPool()
        var values = [UInt8](repeating: 0, count: 1)
        values[0] = 255
        let point = CoverageMask(rect: PixelRect(x0: 10, y0: 10, x1: 11, y1: 11), values: values)
        let out = try XCTUnwrap(GaussianBlur.blurred(point, sigma: 1, shift: Point(0, 0),
                                                     within: PixelRect(x0: 0, y0: 0, x1: 21, y1: 21), pool: pool))
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
        for (x, y) in [(10, 10), (11, 10), (12, 11), (13, 13)] {
            let gx = phi(Double(x - 10) + 0.5) - phi(Double(x - 10) - 0.5)
            let gy = phi(Double(y - 10) + 0.5) - phi(Double(y - 10) - 0.5)
            XCTAssertEqual(Double(out.value(x: x, y: y)), (255 * gx * gy).rounded(), accuracy: 1, "(\(x), \(y))")
        }
    }
}

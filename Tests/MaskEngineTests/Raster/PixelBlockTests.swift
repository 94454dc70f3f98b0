import XCTest
@testable import MaskEngine

/// `PixelBlock`: eight pixels at a time give exactly the bytes of the one-pixel helpers
/// (`scaled`, `blend`, `mulDiv255`), for every channel value and factor.
final class PixelBlockTests: XCTestCase {
    /// Eight pixels from a seed: channels `c`, `c + 1`, … (wrapping), alphas as given.
    private func pixels(_ c: UInt32) -> [UInt32] {
        (0..<8).map { j in
            let v = (c &+ UInt32(j) &* 37) & 0xFF
            return v | ((v ^ 0x5A) << 8) | ((255 &- v) << 16) | (((v &* 7) & 0xFF) << 24)
        }
    }

    private func block(_ p: [UInt32]) -> PixelBlock.Pixels {
        PixelBlock.Pixels(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
    }

    private func bytes(_ k: [UInt8]) -> UInt64 {
        k.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    func testScaledMatchesTheScalarHelperForEveryChannelAndFactor() {
        for c in stride(from: UInt32(0), through: 255, by: 1) {
            let p = pixels(c)
            for k0 in stride(from: 0, through: 255, by: 1) {
                let k = (0..<8).map { UInt8(truncatingIfNeeded: k0 &+ $0 &* 31) }
                let got = PixelBlock.scaled(block(p), by: PixelBlock.factors(bytes(k)))
                for j in 0..<8 where got[j] != scaled(p[j], by: UInt32(k[j])) {
                    return XCTFail("pixel \(String(p[j], radix: 16)) by \(k[j]): \(String(got[j], radix: 16))")
                }
            }
        }
    }

    func testOneFactorAndRoundedProductsMatchTheScalarHelpers() {
        for op in UInt32(0)...255 {
            let p = pixels(op &* 13)
            let got = PixelBlock.scaled(block(p), by: PixelBlock.factor(op))
            for j in 0..<8 { XCTAssertEqual(got[j], scaled(p[j], by: op)) }
            for c0 in stride(from: 0, through: 255, by: 8) {
                let c = (0..<8).map { UInt8(c0 &+ $0) }
                let f = PixelBlock.factors(bytes(c), times: op)
                for j in 0..<8 {
                    let k = UInt32(mulDiv255(UInt32(c[j]), op))
                    XCTAssertEqual(f[j], k | k << 16, "mulDiv255(\(c[j]), \(op))")
                }
            }
        }
    }

    func testBlendMatchesSourceOverOfPremultipliedPixels() {
        for a in UInt32(0)...255 {
            // Premultiplied sources of alpha a (channels at most a) over arbitrary destinations.
            let s = (0..<8).map { j -> UInt32 in
                let v = a == 0 ? 0 : (a &* UInt32(j + 1) / 9)
                return v | (a / 2) << 8 | (a &- v) << 16 | a << 24
            }
            let d = pixels(a &* 3)
            let got = PixelBlock.blend(block(s), onto: block(d))
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1) { one in
                let raw = UnsafeMutableRawBufferPointer(one)
                for j in 0..<8 {
                    raw.storeBytes(of: d[j], as: UInt32.self)
                    blend(s[j], onto: raw, at: 0)
                    XCTAssertEqual(got[j], raw.load(as: UInt32.self), "source \(String(s[j], radix: 16))")
                }
            }
        }
    }
}

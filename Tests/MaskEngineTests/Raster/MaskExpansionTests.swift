import XCTest
@testable import MaskEngine

/// `MaskExpansion.dilated` (van Herk / Gil–Werman row maxima) against the definition:
/// each value the largest within the disc dx² + dy² ≤ r², values outside the rect 0.
final class MaskExpansionTests: XCTestCase {
    private func naiveDilation(_ v: [UInt8], width w: Int, height h: Int, radius r: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var best: UInt8 = 0
                for dy in -r...r {
                    for dx in -r...r where dx * dx + dy * dy <= r * r {
                        let sx = x + dx, sy = y + dy
                        guard sx >= 0, sx < w, sy >= 0, sy < h else { continue }
                        best = max(best, v[sy * w + sx])
                    }
                }
                out[y * w + x] = best
            }
        }
        return out
    }

    func testDilationEqualsTheDefinitionOnRandomValues() throws {
        var random = SplitMix(seed: 26)
        let pool = BufferPool()
        for (w, h) in [(1, 1), (3, 5), (7, 4), (13, 9), (24, 6)] {
            var values = [UInt8](repeating: 0, count: w * h)
            for i in values.indices where random.next() % 3 == 0 { values[i] = UInt8(truncatingIfNeeded: random.next()) }
            let mask = CoverageMask(rect: PixelRect(x0: 5, y0: -2, x1: 5 + w, y1: -2 + h), values: values)
            for r in 0...7 {
                let dilated = try MaskExpansion.dilated(mask, radius: r, pool: pool)
                XCTAssertEqual(dilated.bytes, naiveDilation(values, width: w, height: h, radius: r), "\(w)×\(h), radius \(r)")
            }
        }
    }

    func testWholeSquareRoot() {
        for n in 0..<2000 {
            let h = MaskExpansion.wholeSquareRoot(n)
            XCTAssertTrue(h * h <= n && (h + 1) * (h + 1) > n, "\(n)")
        }
    }

    func testTheBoundOfCombinedMasks() {
        let a = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10), b = PixelRect(x0: 5, y0: 5, x1: 20, y1: 20)
        XCTAssertEqual(MaskCombination.bound([(a, .add), (b, .add)]), PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
        XCTAssertEqual(MaskCombination.bound([(a, .add), (b, .intersect)]), PixelRect(x0: 5, y0: 5, x1: 10, y1: 10))
        XCTAssertEqual(MaskCombination.bound([(a, .add), (b, .subtract)]), a)
        XCTAssertNil(MaskCombination.bound([(a, .subtract)]), "a lone subtract lets through everywhere outside a")
        XCTAssertEqual(MaskCombination.bound([(a, .subtract), (b, .darken)]), b)
    }
}

import XCTest
@testable import MaskEngine

/// A rectangle's path (four corners, closed) is turned into its polyline directly, not by
/// the general loop: the two must agree point for point, and with the clip.
final class FlattenerQuadrilateralTests: XCTestCase {
    /// The polylines of `path` through the general loop: a lone `move` after it makes a
    /// second subpath of one point, which is dropped, so the first comes out as it would alone.
    private func generalPolylines(of path: Path, transform m: Transform, clip: PixelRect?) -> [Polyline] {
        var elements = path.elements
        elements.append(.move(Point(3, 4)))
        return Flattener.polylines(of: Path(elements: elements, structure: "test"), transform: m, tolerance: 0.1, clip: clip)
    }

    private func points(_ lines: [Polyline]) -> [[Point]] { lines.map(\.points) }

    func testRectanglesGiveTheGeneralLoopsPolylines() {
        var random = SplitMix(seed: 0x5EC7_A961)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        var checked = 0
        for i in 0..<2000 {
            let r = Rect(unit() * 400 - 200, unit() * 400 - 200, unit() * 150, unit() * 150)
            let angle = i % 3 == 0 ? 0 : unit() * 6.3
            var m = Transform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: unit() * 100, ty: unit() * 100)
            if i % 97 == 0 { m = Transform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
            if i % 89 == 0 { m = Transform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0) }
            let clip: PixelRect? = i % 5 == 0 ? nil : PixelRect(x0: -60, y0: -40, x1: 90, y1: 70)
            let fast = Flattener.polylines(of: .rect(r), transform: m, tolerance: 0.1, clip: clip)
            let general = generalPolylines(of: .rect(r), transform: m, clip: clip)
            XCTAssertEqual(points(fast), points(general), "rect \(r) under \(m) in \(String(describing: clip))")
            XCTAssertEqual(fast.map(\.closed), general.map(\.closed))
            checked += fast.count
        }
        // Many rectangles meet the clip: the comparison is not between empty lists.
        XCTAssertGreaterThan(checked, 500)
    }

    func testARectangleAfterARotationHasItsFourMappedCorners() {
        let m = Transform(a: 0, b: 1, c: -1, d: 0, tx: 10, ty: 5)
        let lines = Flattener.polylines(of: .rect(Rect(1, 2, 3, 4)), transform: m, tolerance: 0.1)
        XCTAssertEqual(points(lines), [[Point(8, 6), Point(8, 9), Point(4, 9), Point(4, 6)]])
        XCTAssertEqual(lines.first?.closed, true)
        let far = PixelRect(x0: 100, y0: 100, x1: 120, y1: 120)
        XCTAssertTrue(Flattener.polylines(of: .rect(Rect(1, 2, 3, 4)), transform: m, tolerance: 0.1, clip: far).isEmpty)
    }
}

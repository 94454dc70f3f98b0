import XCTest
@testable import MaskEngine

/// `Gravity.rect(for:in:)`: where a contents image lands inside a layer's bounds.
final class GravityTests: XCTestCase {
    /// A 200×100 image (2:1) in a 100×100 box.
    private let wide = Size(200, 100)
    private let box = Rect(0, 0, 100, 100)

    func testFillStretchesToTheBounds() {
        XCTAssertEqual(Gravity.fill.rect(for: wide, in: box), Rect(0, 0, 100, 100))
    }

    func testAspectFitScalesToTheTighterSide() {
        // Scale min(100/200, 100/100) = 0.5: 100×50, centred vertically.
        XCTAssertEqual(Gravity.aspectFit.rect(for: wide, in: box), Rect(0, 25, 100, 50))
    }

    func testAspectFillScalesToTheLooserSide() {
        // Scale max(0.5, 1) = 1: 200×100, centred horizontally, overflowing by 50 each side.
        XCTAssertEqual(Gravity.aspectFill.rect(for: wide, in: box), Rect(-50, 0, 200, 100))
    }

    func testCenterKeepsTheImageSize() {
        XCTAssertEqual(Gravity.center.rect(for: wide, in: box), Rect(-50, 0, 200, 100))
        XCTAssertEqual(Gravity.center.rect(for: Size(20, 10), in: box), Rect(40, 45, 20, 10))
    }

    func testTallImageInAWideBox() {
        let tall = Size(50, 100), wideBox = Rect(0, 0, 200, 100)
        XCTAssertEqual(Gravity.aspectFit.rect(for: tall, in: wideBox), Rect(75, 0, 50, 100))   // scale 1
        XCTAssertEqual(Gravity.aspectFill.rect(for: tall, in: wideBox), Rect(0, -150, 200, 400)) // scale 4
    }

    func testBoundsAwayFromTheOrigin() {
        let shifted = Rect(10, 20, 100, 100)
        XCTAssertEqual(Gravity.fill.rect(for: wide, in: shifted), shifted)
        XCTAssertEqual(Gravity.aspectFit.rect(for: wide, in: shifted), Rect(10, 45, 100, 50))
        XCTAssertEqual(Gravity.aspectFill.rect(for: wide, in: shifted), Rect(-40, 20, 200, 100))
        XCTAssertEqual(Gravity.center.rect(for: wide, in: shifted), Rect(-40, 20, 200, 100))
    }

    func testSameAspectRatioFitsAndFillsAlike() {
        let square = Size(10, 10)
        XCTAssertEqual(Gravity.aspectFit.rect(for: square, in: box), box)
        XCTAssertEqual(Gravity.aspectFill.rect(for: square, in: box), box)
    }

    func testEmptyImagesCollapseToTheCentre() {
        XCTAssertEqual(Gravity.aspectFit.rect(for: Size(0, 10), in: box), Rect(50, 50, 0, 0))
        XCTAssertEqual(Gravity.aspectFill.rect(for: .zero, in: box), Rect(50, 50, 0, 0))
    }

    func testRawValuesAreTheLanguageNames() {
        XCTAssertEqual(Gravity.allCases.map(\.rawValue), ["fill", "aspectFit", "aspectFill", "center"])
    }
}

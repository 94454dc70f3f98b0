import XCTest
@testable import MaskEngine

/// A layer state of `kind` with a frame and a background colour.
func layerState(_ kind: LayerKind = .plain, frame: Rect, background: Color = .clear) -> LayerState {
    var s = LayerState(kind: kind)
    s.frame = frame
    s.background = background
    return s
}

/// A scene on a canvas of the given size with a black background.
func blankScene(_ width: Int = 100, _ height: Int = 100) -> Scene {
    Scene(canvas: Canvas(width: width, height: height, fps: 10, background: .black))
}

extension XCTestCase {
    /// Asserts that two masks are the same: rect, every value, extents and full runs.
    func assertSameCoverage(_ a: CoverageMask?, _ b: CoverageMask?, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a?.rect, b?.rect, message, file: file, line: line)
        XCTAssertEqual(a?.denseValues(), b?.denseValues(), message, file: file, line: line)
        XCTAssertEqual(a?.rowSpans, b?.rowSpans, message, file: file, line: line)
        XCTAssertEqual(a?.fullRuns, b?.fullRuns, message, file: file, line: line)
    }

    /// The RGBA bytes of one pixel (fails the test outside the image).
    func rgba(_ image: Image, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        guard let p = image.pixel(x: x, y: y) else {
            XCTFail("pixel (\(x), \(y)) is outside the \(image.width)×\(image.height) image", file: file, line: line)
            return []
        }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Asserts a pixel's RGBA bytes, each within `tolerance`.
    func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        let actual = rgba(image, x, y, file: file, line: line)
        guard actual.count == 4 else { return } // rgba(...) has already failed the test
        guard expected.count == 4 else {
            return XCTFail("expected RGBA has \(expected.count) values, not 4: \(expected)", file: file, line: line)
        }
        if zip(actual, expected).contains(where: { abs($0 - $1) > tolerance }) {
            XCTFail("(\(x), \(y)) is \(actual), expected \(expected) ± \(tolerance)", file: file, line: line)
        }
    }

    /// Renders a scene at time `t`.
    func render(_ scene: Scene, at t: Double = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Image {
        try Renderer(scene: scene).render(at: t)
    }
}

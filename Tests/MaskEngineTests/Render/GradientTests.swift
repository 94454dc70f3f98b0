import XCTest
@testable import MaskEngine

final class GradientTests: XCTestCase {
    private func gradientScene(_ colors: [Color], locations: [Double]? = nil, type: GradientType = .axial,
                               start: Point = Point(0, 0.5), end: Point = Point(1, 0.5)) throws -> Image {
        var scene = blankScene(101, 101)
        var s = layerState(.gradient, frame: Rect(0, 0, 101, 101))
        s.colors = colors
        s.locations = locations
        s.gradientType = type
        s.start = start
        s.end = end
        try scene.addLayer(s)
        return try render(scene)
    }

    /// A gradient along x is shaded once and reused for every row (the fast path); a
    /// slightly tilted one is shaded row by row. Both must give exactly what the shader
    /// gives for each row on its own.
    func testEveryRowOfAFillMatchesTheShaderForThatRow() throws {
        for end in [Point(1, 0.5), Point(1, 0.55)] {
            var state = layerState(.gradient, frame: Rect(0, 0, 101, 101))
            state.colors = [.red, .green, .blue]
            state.start = Point(0, 0.5)
            state.end = end
            var scene = blankScene(101, 101)
            try scene.addLayer(state)
            let image = try render(scene)
            guard let paint = withUnsafePointer(to: state, { GradientShader.paint(for: $0, transform: .identity) }) else { return XCTFail("no paint") }
            XCTAssertEqual(paint.isSameForEveryRow(0..<101, x: 0), end.y == 0.5)
            var row = [UInt8](repeating: 0, count: 101 * 4)
            for y in [0, 1, 50, 100] {
                row.withUnsafeMutableBufferPointer { buffer in
                    if let base = buffer.baseAddress { paint.shade(y: y, x: 0, count: 101, into: base) }
                }
                XCTAssertEqual(Array(image.pixels[(y * 101 * 4)..<((y + 1) * 101 * 4)]), row, "end \(end) row \(y)")
            }
        }
    }

    /// A thread's cached tables are the tables made afresh, for the same colours and
    /// locations, before and after the cache fills up and starts again.
    func testCachedColourTablesAreTheTablesMadeAfresh() {
        let tables = GradientTables()
        func check(_ i: Int) {
            let colors = [Color.red, Color(red: 0, green: Double(i % 7) / 7, blue: 1, alpha: 0.5)]
            let locations = i % 11 == 0 ? nil : [Double(i % 5) / 10, 1 + Double(i % 3)]
            let cached = tables.table(colors: colors, locations: locations)
            let fresh = GradientShader.table(colors: colors.map { $0.premultiplied() },
                                             locations: GradientShader.stops(locations, count: colors.count))
            XCTAssertEqual(cached.pixels, fresh.pixels, "table \(i)")
            XCTAssertEqual(cached.low, fresh.low)
            XCTAssertEqual(cached.scale, fresh.scale)
        }
        for i in 0..<(GradientTables.limit + 40) { check(i) }
        for i in 0..<40 { check(i) }
    }

    /// A vertical gradient has one colour a row (looked up once a row): every pixel of
    /// the row is that colour, the one its row's centre gives.
    func testAVerticalGradientIsOneColourARow() throws {
        let image = try gradientScene([.red, .blue], start: Point(0.5, 0), end: Point(0.5, 1))
        for x in [0, 1, 37, 99, 100] {
            assertPixel(image, x, 50, [128, 0, 128, 255])
            // Row 25's centre is at t = 25.5 / 101: red 190.6, blue 64.4.
            assertPixel(image, x, 25, [191, 0, 64, 255])
        }
        for y in 0..<101 {
            let row = Array(image.pixels[(y * 101 * 4)..<((y + 1) * 101 * 4)])
            XCTAssertTrue(stride(from: 0, to: row.count, by: 4).allSatisfy { row[$0..<($0 + 4)] == row[0..<4] }, "row \(y)")
        }
    }

    func testAxialInterpolatesBetweenEvenlySpreadStops() throws {
        let image = try gradientScene([.red, .blue])
        assertPixel(image, 50, 10, [128, 0, 128, 255])
        let three = try gradientScene([.red, .green, .blue])
        assertPixel(three, 50, 10, [0, 255, 0, 255])
        // Column 25's centre is at t = 25.5 / 101 ≈ 0.2525: half way from red to green is 0.25.
        assertPixel(three, 25, 10, [126, 129, 0, 255], tolerance: 2)
    }

    func testEqualLocationsGiveAHardStopAndOutsideStopsHoldTheEndColours() throws {
        let hard = try gradientScene([.red, .blue], locations: [0.5, 0.5])
        assertPixel(hard, 49, 10, [255, 0, 0, 255])
        assertPixel(hard, 51, 10, [0, 0, 255, 255])
        let band = try gradientScene([.black, .white, .black], locations: [0.2, 0.3, 0.4])
        assertPixel(band, 5, 10, [0, 0, 0, 255])
        assertPixel(band, 30, 10, [255, 255, 255, 255], tolerance: 4)
        assertPixel(band, 90, 10, [0, 0, 0, 255])
    }

    func testLocationsOutsideTheLayerShiftTheRamp() throws {
        // The ramp from black at −1 to white at 1 is already half way at the left edge.
        let image = try gradientScene([.black, .white], locations: [-1, 1])
        assertPixel(image, 0, 10, [128, 128, 128, 255])
        assertPixel(image, 100, 10, [255, 255, 255, 255])
    }

    func testOneColourIsSolidAndNoColoursDrawNothing() throws {
        assertPixel(try gradientScene([.green]), 50, 50, [0, 255, 0, 255])
        assertPixel(try gradientScene([]), 50, 50, [0, 0, 0, 255])
    }

    func testRadialIsCoreAnimationsEllipse() throws {
        // Centre (50.5, 50.5), radii 50.5 × 25.25: white at the centre, black on and beyond the ellipse.
        let image = try gradientScene([.white, .black], type: .radial, start: Point(0.5, 0.5), end: Point(1, 0.75))
        assertPixel(image, 50, 50, [255, 255, 255, 255])
        // 25 px right of the centre: t = 25 / 50.5 ≈ 0.495.
        assertPixel(image, 75, 50, [129, 129, 129, 255])
        // 25 px down: t = 25 / 25.25 ≈ 0.99.
        assertPixel(image, 50, 75, [3, 3, 3, 255], tolerance: 2)
        assertPixel(image, 50, 90, [0, 0, 0, 255])
    }

    func testConicTurnsClockwiseFromTheEndDirection() throws {
        let image = try gradientScene([.red, .blue], type: .conic, start: Point(0.5, 0.5), end: Point(1, 0.5))
        // Straight down from the centre is a quarter turn clockwise (y down): t = 0.25.
        assertPixel(image, 50, 90, [191, 0, 64, 255])
        // Straight up is three quarters: t = 0.75.
        assertPixel(image, 50, 10, [64, 0, 191, 255])
        // Just below and above the start direction: t just above 0 and just below 1.
        XCTAssertGreaterThan(rgba(image, 95, 51)[0], 240)
        XCTAssertGreaterThan(rgba(image, 95, 49)[2], 240)
    }
}

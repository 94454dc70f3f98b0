import XCTest
@testable import MaskEngine

/// A horizontal gradient (one row shaded once) through a circle's mask below full opacity
/// — the heavy scene's glow, whose full runs take the row scaled once, copied where the
/// frame's rows are still stale — gives the general loop's bytes at every kernel level:
/// onto stale rows, and a second time over what the first drew.
final class ScaledMaskedFillTests: XCTestCase {
    override func tearDown() {
        DrawPipeline.generalOnly = false
        PixelKernels.level = PixelKernels.best
        super.tearDown()
    }

    func testGradientThroughACircleBelowFullOpacity() throws {
        let clip = PixelRect(x0: 0, y0: 0, x1: 96, y1: 52)
        var state = LayerState(kind: .gradient)
        state.size = Size(84, 44)
        state.colors = [Color(red: 0.3, green: 0.8, blue: 0.5, alpha: 1), Color(red: 0, green: 0, blue: 0, alpha: 0)]
        state.start = Point(0, 0.5)
        state.end = Point(1, 0.5)
        let paint = try XCTUnwrap(GradientShader.paint(for: &state, transform: .translation(6, 4)))
        for opacity in [0.3, 0.62] {
            for radius in [7.0, 18.5, 40] {
                var results: [Image] = []
                for (general, level) in [(true, PixelKernels.best)] + (0...PixelKernels.best).map({ (false, $0) }) {
                    DrawPipeline.generalOnly = general
                    PixelKernels.level = level
                    let pool = BufferPool()
                    pool.unwrittenFill = 0xA5
                    var frame = try Surface(rect: clip, opaque: Color(red: 0.1, green: 0.1, blue: 0.15, alpha: 1), pool: pool)
                    // The layer's rectangle, at whole pixels: its coverage is known full.
                    let coverage = try XCTUnwrap(Rasterizer.coverage(of: .rect(Rect(6, 4, 84, 44)), transform: .identity,
                                                                     fillRule: .nonzero, clip: clip, pool: pool))
                    for center in [Point(40, 26), Point(52, 24)] {
                        var mask = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: center, radius: radius), transform: .identity,
                                                                     fillRule: .nonzero, clip: clip, pool: pool))
                        frame.fill(coverage, with: paint, mask: &mask, opacity: opacity)
                    }
                    frame.refreshBackdrop()
                    results.append(frame.image)
                }
                for (i, image) in results.enumerated().dropFirst() {
                    XCTAssertTrue(image == results[0], "opacity \(opacity), radius \(radius), route \(i)")
                }
            }
        }
    }
}

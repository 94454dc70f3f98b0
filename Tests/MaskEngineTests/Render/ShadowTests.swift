import Foundation
import XCTest
@testable import MaskEngine

/// Shadows against the Gaussian they approximate: the test computes the blur of the
/// layer's shape itself (a rectangle's is a product of two differences of the normal
/// distribution function), and every pixel of the rendered shadow must be within 2/255 of
/// it. The standard deviation is `shadowRadius` (see Renderer+Shadow.swift).
final class ShadowTests: XCTestCase {
    /// Φ, the standard normal distribution function.
    private func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// The Gaussian blur (standard deviation `sigma`) of a rectangle of value 1, at the
    /// centre of pixel (x, y): the exact shadow alpha.
    private func gaussianOfRect(_ r: Rect, sigma: Double, x: Int, y: Int) -> Double {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        return (phi((cx - r.minX) / sigma) - phi((cx - r.maxX) / sigma)) * (phi((cy - r.minY) / sigma) - phi((cy - r.maxY) / sigma))
    }

    private func shadowed(_ frame: Rect, radius: Double, offset: Point, opacity: Double = 1) -> LayerState {
        var s = layerState(frame: frame, background: .red)
        s.shadowColor = .white
        s.shadowOpacity = opacity
        s.shadowRadius = radius
        s.shadowOffset = offset
        return s
    }

    /// Every pixel outside the layer against 255 × the Gaussian of the moved rectangle.
    private func assertShadowIsGaussian(_ image: Image, rect: Rect, sigma: Double, scale: Double = 1, outside layer: Rect,
                                        file: StaticString = #filePath, line: UInt = #line) {
        var worst = 0.0, probed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let centre = Point(Double(x) + 0.5, Double(y) + 0.5)
                guard !layer.insetBy(dx: -1, dy: -1).contains(centre) else { continue }
                let expected = 255 * scale * gaussianOfRect(rect, sigma: sigma, x: x, y: y)
                let actual = Double(rgba(image, x, y)[1])
                worst = max(worst, abs(actual - expected))
                probed += 1
            }
        }
        XCTAssertGreaterThan(probed, 100, file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 2, "the shadow is off the Gaussian by up to \(worst)/255", file: file, line: line)
    }

    /// A 16×16 red layer at (20, 20) with a white shadow of radius 3 moved by (4, 6) on a
    /// black canvas: the shadow is the rectangle (24, 26, 16, 16) blurred with σ = 3.
    func testTheShadowIsAGaussianOfTheLayersShape() throws {
        for (radius, offset) in [(3.0, Point(4, 6)), (1.0, Point(-2, 3)), (6.5, Point(0, -3)), (2.0, Point(1.5, -2.25))] {
            var scene = blankScene(64, 64)
            let frame = Rect(20, 20, 16, 16)
            try scene.addLayer(shadowed(frame, radius: radius, offset: offset))
            let image = try render(scene)
            assertShadowIsGaussian(image, rect: Rect(frame.minX + offset.x, frame.minY + offset.y, 16, 16), sigma: radius, outside: frame)
            // Behind the layer: its own pixels are untouched.
            assertPixel(image, 28, 28, [255, 0, 0, 255], tolerance: 0)
        }
    }

    /// Hand-derived: with radius 0 the shadow of the 10×10 layer at (10, 10) moved by
    /// (3, 5) is the white square (13, 15)–(23, 25) under it; moved by half a pixel, the
    /// column it half covers is 128.
    func testAHardShadowIsAMovedCopy() throws {
        var scene = blankScene(40, 40)
        try scene.addLayer(shadowed(Rect(10, 10, 10, 10), radius: 0, offset: Point(3, 5)))
        let image = try render(scene)
        assertPixel(image, 21, 23, [255, 255, 255, 255], tolerance: 0)
        assertPixel(image, 23, 25, [0, 0, 0, 255], tolerance: 0)
        assertPixel(image, 14, 22, [255, 255, 255, 255], tolerance: 0)
        assertPixel(image, 12, 14, [255, 0, 0, 255], tolerance: 0)
        // Half a pixel's move covers half of each pixel it straddles.
        var half = blankScene(40, 40)
        try half.addLayer(shadowed(Rect(10, 10, 10, 10), radius: 0, offset: Point(0.5, 0)))
        assertPixel(try render(half), 20, 15, [128, 128, 128, 255])
    }

    /// The layer's opacity and `shadowOpacity` both scale the shadow; a scale of 2 doubles
    /// its blur and its offset, as the shadow is in the layer's coordinates.
    func testOpacityAndScaleApplyToTheShadow() throws {
        var scene = blankScene(64, 64)
        var s = shadowed(Rect(20, 20, 16, 16), radius: 2, offset: Point(5, 4), opacity: 0.5)
        s.opacity = 0.5
        try scene.addLayer(s)
        let image = try render(scene)
        // One rounding per product: within 2 of 255 · ¼ · the Gaussian.
        assertShadowIsGaussian(image, rect: Rect(25, 24, 16, 16), sigma: 2, scale: 0.25, outside: Rect(20, 20, 16, 16))

        var scaled = blankScene(64, 64)
        var t = shadowed(Rect(24, 24, 8, 8), radius: 1.5, offset: Point(2, 3))
        t.scale = 2
        try scaled.addLayer(t)
        // Drawn 16×16 at (20, 20); the shadow moved by (4, 6) with σ = 3.
        assertShadowIsGaussian(try render(scaled), rect: Rect(24, 26, 16, 16), sigma: 3, outside: Rect(20, 20, 16, 16))
    }

    /// A layer with no background casts the shadow of what it draws: its sublayer.
    func testTheShadowIsOfTheCompositedAlpha() throws {
        var scene = blankScene(64, 64)
        var s = shadowed(Rect(10, 10, 40, 40), radius: 2, offset: Point(3, 3))
        s.background = .clear
        let id = try scene.addLayer(s)
        try scene.addLayer(layerState(frame: Rect(10, 10, 12, 12), background: .red), to: id)
        let image = try render(scene)
        assertShadowIsGaussian(image, rect: Rect(23, 23, 12, 12), sigma: 2, outside: Rect(20, 20, 12, 12))
    }

    /// A `shadowPath` casts the shadow instead of the layer's alpha, also for a layer that
    /// draws nothing.
    func testAShadowPathCastsTheShadow() throws {
        var scene = blankScene(64, 64)
        var s = shadowed(Rect(10, 10, 40, 40), radius: 2.5, offset: Point(2, 4))
        s.background = .clear
        s.shadowPath = .rect(Rect(8, 6, 20, 12))
        try scene.addLayer(s)
        assertShadowIsGaussian(try render(scene), rect: Rect(20, 20, 20, 12), sigma: 2.5, outside: .zero)

        var covered = blankScene(64, 64)
        var t = shadowed(Rect(20, 20, 16, 16), radius: 1, offset: Point(0, 10))
        t.shadowPath = .rect(Rect(4, 4, 8, 8))
        try covered.addLayer(t)
        let image = try render(covered)
        assertShadowIsGaussian(image, rect: Rect(24, 34, 8, 8), sigma: 1, outside: Rect(20, 20, 16, 16))
    }

    /// `clip` (masksToBounds) cuts the shadow off outside the bounds, as on iOS.
    func testClipCutsTheShadowOff() throws {
        var scene = blankScene(40, 40)
        var s = shadowed(Rect(10, 10, 10, 10), radius: 1, offset: Point(5, 5))
        s.clip = true
        try scene.addLayer(s)
        assertPixel(try render(scene), 22, 22, [0, 0, 0, 255], tolerance: 0)
    }

    /// A shadow reaching out of its parent's group is not cut at the parent's bounds.
    func testTheShadowCountsInItsParentsDrawnBounds() throws {
        var scene = blankScene(64, 64)
        var parent = layerState(frame: Rect(10, 10, 20, 20))
        parent.opacity = 0.5
        let id = try scene.addLayer(parent)
        try scene.addLayer(layerState(frame: Rect(0, 0, 4, 4), background: .blue), to: id)
        try scene.addLayer(shadowed(Rect(8, 8, 8, 8), radius: 1, offset: Point(0, 20)), to: id)
        let image = try render(scene)
        // The shadow's rectangle is (18, 38, 8, 8); its middle is outside the parent.
        assertPixel(image, 22, 42, [128, 128, 128, 255])
    }

    /// A shadow's blur counts against the frame's work, and its buffers against the
    /// memory; over either, the error names the layer and `shadowRadius`, whose line a
    /// script's diagnostic points at.
    func testTheShadowCountsInTheBudget() throws {
        var scene = blankScene(64, 64)
        let big = try scene.addLayer(shadowed(Rect(0, 0, 64, 64), radius: 20, offset: Point(0, 0)), name: "big")
        XCTAssertNoThrow(try Renderer(scene: scene, budget: RenderBudget(work: 100_000_000)).render(at: 0))
        XCTAssertThrowsError(try Renderer(scene: scene, budget: RenderBudget(work: 1_000_000)).render(at: 0)) { error in
            XCTAssertEqual(error as? RenderError, .tooMuchWork(layer: scene.layerName(big), limit: 1_000_000, property: .shadowRadius))
            XCTAssertEqual((error as? RenderError)?.property, .shadowRadius)
            XCTAssertTrue("\(error)".hasPrefix("drawing the shadow of layer `big` passes the render budget"), "\(error)")
        }
        XCTAssertThrowsError(try Renderer(scene: scene, budget: RenderBudget(bufferBytes: 40_000)).render(at: 0)) { error in
            guard case let .tooMuchMemory(layer, _, _, property)? = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(layer.name, "big")
            XCTAssertEqual(property, .shadowRadius)
            XCTAssertTrue("\(error)".hasPrefix("the shadow of layer `big` would need"), "\(error)")
        }
    }

    /// Radii and offsets far beyond the canvas draw nothing wrong and do not trap.
    func testHostileShadowsAreBounded() throws {
        for (radius, offset) in [(1e300, Point(0, 0)), (2, Point(1e300, -1e300)), (0, Point(-1e9, 3))] {
            var scene = blankScene(32, 32)
            try scene.addLayer(shadowed(Rect(8, 8, 8, 8), radius: radius, offset: offset))
            let image = try Renderer(scene: scene, budget: .unlimited).render(at: 0)
            assertPixel(image, 10, 10, [255, 0, 0, 255], tolerance: 0)
        }
    }

    /// Golden: a blue card with rounded corners and the default shadow colour (black) at
    /// opacity 0.6, radius 4, moved (3, 5), on a light grey canvas, beside a green circle
    /// whose shadow keeps its round shape (Core Animation's default offset, 3 up).
    func testShadowGolden() throws {
        var scene = Scene(canvas: Canvas(width: 64, height: 48, background: Color(white: 0.85)))
        var card = layerState(frame: Rect(6, 8, 26, 26), background: .blue)
        card.cornerRadius = 6
        card.shadowOpacity = 0.6
        card.shadowRadius = 4
        card.shadowOffset = Point(3, 5)
        try scene.addLayer(card, name: "card")
        var dot = LayerState(kind: .shape)
        dot.frame = Rect(38, 14, 20, 20)
        dot.path = .circle(center: Point(10, 10), radius: 9)
        dot.fill = .green
        dot.shadowOpacity = 1
        try scene.addLayer(dot, name: "dot")
        assertGolden(try render(scene), named: "shadow", tolerance: GoldenTests.tolerance)
    }
}

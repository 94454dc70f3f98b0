import XCTest
@testable import MaskEngine

/// A sparse coverage leaves the bytes of its full runs and outside its extents unwritten.
/// These tests fill every buffer the pool hands out unwritten with a marker (two markers,
/// in turn): a producer or consumer that read such a byte would give results that differ
/// between the markers, or from the same coverage written in full.
final class CoverageSparseTests: XCTestCase {
    private let markers: [UInt8] = [0xA5, 0x00, 0xFF]

    /// A pool whose unwritten bytes are `marker`.
    private func pool(_ marker: UInt8) -> BufferPool {
        let pool = BufferPool()
        pool.unwrittenFill = marker
        return pool
    }

    /// Shapes with full runs, holes, several runs a row, edges outside the clip.
    private func shapes() -> [(Path, FillRule)] {
        var random = SplitMix(seed: 0x5A5A)
        var out: [(Path, FillRule)] = [
            (.circle(center: Point(40, 30), radius: 26), .nonzero),
            (.rect(Rect(3.5, 2.25, 60, 40)), .nonzero),
            (.rect(Rect(-10, 4, 200, 30)), .nonzero),
            (.rect(Rect(8, 8, 40, 20)), .nonzero),
            (Path(elements: Path.circle(center: Point(40, 30), radius: 26).elements
                  + Path.circle(center: Point(40, 30), radius: 12).elements, structure: "ring"), .evenodd),
            (Path(elements: Path.rect(Rect(2, 2, 20, 50)).elements + Path.rect(Rect(40, 2, 30, 50)).elements,
                  structure: "two bars"), .nonzero),
        ]
        for i in 0..<30 {
            let n = 3 + Int(random.next() % 6)
            let points = (0..<n).map { _ in Point(Double(random.next() % 1000) / 10 - 10, Double(random.next() % 700) / 10 - 5) }
            out.append((.polygon(points), i % 2 == 0 ? .nonzero : .evenodd))
        }
        return out
    }

    private let clip = PixelRect(x0: 0, y0: 0, x1: 80, y1: 60)

    /// Whatever the unwritten bytes hold, the spans and the written-out values are the same.
    func testSparseCoverageDoesNotDependOnUnwrittenBytes() throws {
        for (i, (shape, rule)) in shapes().enumerated() {
            let masks = markers.map { Rasterizer.coverage(of: shape, transform: .identity, fillRule: rule, clip: clip, pool: pool($0)) }
            let reference = masks[0]
            for mask in masks.dropFirst() {
                XCTAssertEqual(mask?.rect, reference?.rect, "shape \(i)")
                XCTAssertEqual(mask?.rowSpans, reference?.rowSpans, "shape \(i) extents")
                XCTAssertEqual(mask?.fullRuns, reference?.fullRuns, "shape \(i) full runs")
                XCTAssertEqual(mask?.denseValues(), reference?.denseValues(), "shape \(i) values")
            }
            guard let mask = reference else { continue }
            // value(x:y:) gives the written-out values too.
            let dense = mask.denseValues()
            for y in mask.rect.y0..<mask.rect.y1 {
                for x in mask.rect.x0..<mask.rect.x1 where mask.value(x: x, y: y) != dense[(y - mask.rect.y0) * mask.rect.width + x - mask.rect.x0] {
                    return XCTFail("shape \(i): value(\(x), \(y))")
                }
            }
        }
    }

    /// Somewhere a marker is left in place: the tests above would catch a reader of it.
    func testTheRasterizerLeavesBytesUnwritten() throws {
        let mask = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(40, 30), radius: 26), transform: .identity,
                                                     fillRule: .nonzero, clip: clip, pool: pool(0xA5)))
        XCTAssertTrue(mask.isSparse)
        XCTAssertTrue(mask.bytes.contains(0xA5))
        XCTAssertFalse(mask.denseValues().contains(0xA5))
    }

    /// Every reader of coverage gives, from sparse masks with any unwritten bytes, what it
    /// gives from the same values written in full with no spans known.
    func testConsumersReadNoUnwrittenByte() throws {
        // A horizontal gradient (shaded once for every row) to clear.
        var gradient = LayerState(kind: .gradient)
        gradient.size = Size(Double(clip.width), Double(clip.height))
        gradient.colors = [Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1), Color(red: 0, green: 0, blue: 0, alpha: 0)]
        gradient.start = Point(0, 0.5)
        gradient.end = Point(1, 0.5)
        let paints: [Paint] = [.solid(PremultipliedColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)),
                               .solid(PremultipliedColor(red: 0.25, green: 0.1, blue: 0, alpha: 0.45)),
                               try XCTUnwrap(GradientShader.paint(for: &gradient, transform: .identity))]
        let all = shapes()
        for (i, (shape, rule)) in all.enumerated() {
            let (maskShape, maskRule) = all[(i + 1) % all.count]
            for marker in markers {
                let p = pool(marker)
                guard let sparse = Rasterizer.coverage(of: shape, transform: .identity, fillRule: rule, clip: clip, pool: p),
                      let through = Rasterizer.coverage(of: maskShape, transform: .identity, fillRule: maskRule, clip: clip, pool: p)
                else { continue }
                let plain = CoverageMask(rect: sparse.rect, values: sparse.denseValues())
                let plainThrough = CoverageMask(rect: through.rect, values: through.denseValues())
                try assertFillsAgree(sparse, plain, through: through, referenceThrough: plainThrough,
                                     paints: paints, clip: clip, "shape \(i) \(marker)")
                for inverted in [false, true] {
                    var fast = try Surface.backdrop(clip), slow = try Surface.backdrop(clip)
                    fast.multiply(by: sparse, inverted: inverted)
                    slow.multiply(by: plain, inverted: inverted)
                    XCTAssertTrue(fast.image == slow.image, "shape \(i) \(marker) multiply \(inverted)")
                }
                let blurredFast = try GaussianBlur.blurred(sparse, sigma: 2, shift: Point(1, 1), within: clip, pool: BufferPool())
                let blurredSlow = try GaussianBlur.blurred(plain, sigma: 2, shift: Point(1, 1), within: clip, pool: BufferPool())
                XCTAssertEqual(blurredFast?.denseValues(), blurredSlow?.denseValues(), "shape \(i) \(marker) blur")
            }
        }
    }

    /// Whole renders with masks (alpha and luminance, inverted), clips, shadows, text and
    /// rectangles give the same bytes whatever the unwritten bytes hold.
    func testRendersDoNotDependOnUnwrittenBytes() throws {
        // Shadows from a path and from the alpha, a clip to rounded bounds, an inverted
        // luminance mask.
        var shadows = blankScene(90, 70)
        var byPath = layerState(frame: Rect(10.5, 8, 40, 30), background: .red)
        byPath.shadowColor = .white
        byPath.shadowOpacity = 0.8
        byPath.shadowRadius = 3
        byPath.shadowOffset = Point(2, 3)
        byPath.shadowPath = .circle(center: Point(20, 15), radius: 14)
        try shadows.addLayer(byPath)
        var byAlpha = layerState(frame: Rect(45, 30.5, 36, 30), background: .orange)
        byAlpha.cornerRadius = 7
        byAlpha.clip = true
        byAlpha.shadowColor = .black
        byAlpha.shadowOpacity = 0.6
        byAlpha.shadowRadius = 2
        let clipped = try shadows.addLayer(byAlpha)
        try shadows.addLayer(layerState(frame: Rect(-4, 5, 30, 12), background: .yellow), to: clipped)
        var masked = layerState(frame: Rect(5, 40, 50, 25), background: .blue)
        masked.maskInvert = true
        masked.maskMode = .luminance
        let owner = try shadows.addLayer(masked)
        var maskShape = layerState(.shape, frame: Rect(0, 0, 50, 25))
        maskShape.path = .circle(center: Point(25, 12), radius: 10)
        maskShape.fill = .white
        let mask = try shadows.addLayer(maskShape)
        try shadows.setMask(mask, of: owner)
        let scenes = [shadows, try GoldenTests.alphaMaskScene(), try GoldenTests.tileFadeScene(), try GoldenTests.circleRevealScene(),
                      try GoldenTests.waterFillScene(), try GoldenTests.fadingStringScene(), try GoldenTests.fragmentScene()]
        for (i, scene) in scenes.enumerated() {
            let renderer = Renderer(scene: scene)
            for t in [0, 0.4, 1.1] {
                let fresh = try renderer.render(at: t)
                for marker in markers {
                    let buffers = RenderBuffers()
                    buffers.pool.unwrittenFill = marker
                    XCTAssertEqual(try renderer.render(at: t, using: buffers) { $0 }, fresh, "scene \(i) t = \(t) marker \(marker)")
                }
            }
        }
    }
}

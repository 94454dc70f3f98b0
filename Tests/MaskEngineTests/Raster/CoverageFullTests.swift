import XCTest
@testable import MaskEngine

/// The full runs of a rectangle's coverage, the part known to be 255: they must hold
/// exactly the pixels wholly inside the rectangle, and every fill that takes a shortcut
/// through them must give the bytes it gives without them.
final class CoverageFullTests: XCTestCase {
    private let clip = PixelRect(x0: 0, y0: 0, x1: 61, y1: 37)

    /// Rectangles with edges on and between pixel boundaries, inside and across the clip.
    private let boxes = [Rect(3, 2, 40, 20), Rect(2.25, 1.5, 37.5, 30.75), Rect(-5.5, 4.2, 30, 80),
                         Rect(10.9, 10.1, 0.8, 5), Rect(0, 0, 61, 37), Rect(20.5, 7, 50, 0.5), Rect(7.3, 7.6, 1.4, 1.4)]

    private func rectangle(_ box: Rect) throws -> CoverageMask {
        try XCTUnwrap(Rasterizer.coverage(of: .rect(box), transform: .identity, fillRule: .nonzero, clip: clip))
    }

    /// The same values with nothing known about them.
    private func unknown(_ mask: CoverageMask) -> CoverageMask {
        CoverageMask(rect: mask.rect, values: mask.denseValues())
    }

    func testFullIsExactlyThePixelsWhollyInsideTheRectangle() throws {
        for box in boxes {
            let mask = try rectangle(box)
            for y in mask.rect.y0..<mask.rect.y1 {
                for x in mask.rect.x0..<mask.rect.x1 {
                    let inside = Double(x) >= box.minX && Double(x + 1) <= box.maxX
                        && Double(y) >= box.minY && Double(y + 1) <= box.maxY
                    let known = mask.isKnownFull(y: y, x0: x, x1: x + 1)
                    XCTAssertEqual(known, inside, "\(box) (\(x), \(y))")
                    if known { XCTAssertEqual(mask.value(x: x, y: y), 255, "\(box) (\(x), \(y))") }
                }
            }
        }
    }

    func testShapesOtherThanRectanglesClaimOnlyFullPixels() throws {
        let circle = try XCTUnwrap(Rasterizer.coverage(of: .circle(center: Point(30, 18), radius: 15), transform: .identity,
                                                       fillRule: .nonzero, clip: clip))
        XCTAssertTrue(circle.isKnownFull(y: 18, x0: 20, x1: 40))
        for y in circle.rect.y0..<circle.rect.y1 {
            for x in circle.rect.x0..<circle.rect.x1 where circle.isKnownFull(y: y, x0: x, x1: x + 1) {
                XCTAssertEqual(circle.value(x: x, y: y), 255, "(\(x), \(y))")
            }
        }
    }

    /// True when some pixel of `mask` is known to be 255.
    private func knowsSomeFull(_ mask: CoverageMask) -> Bool {
        (mask.rect.y0..<mask.rect.y1).contains { y in
            (mask.rect.x0..<mask.rect.x1).contains { x in mask.isKnownFull(y: y, x0: x, x1: x + 1) }
        }
    }

    private var paints: [Paint] {
        var pixels: [UInt8] = []
        for i in 0..<(61 * 37) { pixels += i % 3 == 0 ? [10, 20, 30, 255] : [40, 20, 0, 90] }
        let image = (try? Image(width: 61, height: 37, premultipliedRGBA: pixels)).flatMap {
            ImageShader.paint(image: $0, in: Rect(0, 0, 61, 37), transform: .identity)
        }
        return [.solid(PremultipliedColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)),
                .solid(PremultipliedColor(red: 0.25, green: 0.1, blue: 0, alpha: 0.45))] + (image.map { [$0] } ?? [])
    }

    func testFillsThroughAKnownFullPartGiveTheBytesOfAPlainFill() throws {
        XCTAssertEqual(paints.count, 3)
        for box in boxes {
            let mask = try rectangle(box)
            if box.width >= 2 && box.height >= 2 { XCTAssertTrue(knowsSomeFull(mask), "\(box)") }
            for paint in paints {
                for opacity in [1.0, 0.5] {
                    var fast = try Surface.backdrop(clip), slow = try Surface.backdrop(clip)
                    fast.fill(mask, with: paint, opacity: opacity)
                    slow.fill(unknown(mask), with: paint, opacity: opacity)
                    XCTAssertTrue(fast.image == slow.image, "\(box) \(paint) \(opacity)")
                    // Through a mask that is itself a rectangle's coverage (both known full).
                    var through = try rectangle(Rect(1.5, 0.5, 50, 30)), unknownThrough = unknown(through)
                    fast = try Surface.backdrop(clip); slow = try Surface.backdrop(clip)
                    fast.fill(mask, with: paint, mask: &through, opacity: opacity)
                    slow.fill(unknown(mask), with: paint, mask: &unknownThrough, opacity: opacity)
                    XCTAssertTrue(fast.image == slow.image, "\(box) \(paint) \(opacity) masked")
                }
            }
        }
    }

    func testAlphaFillsThroughAKnownFullPartGiveTheBytesOfAPlainFill() throws {
        for box in boxes {
            let mask = try rectangle(box)
            for (alpha, opacity) in [(UInt32(255), 1.0), (255, 0.6), (140, 1.0)] {
                var fast = AlphaSurface(rect: clip, pool: BufferPool()), slow = AlphaSurface(rect: clip, pool: BufferPool())
                // Something drawn first, so the fill blends where it overlaps.
                let under = try rectangle(Rect(5.5, 3.5, 20, 20))
                fast.fill(under, alpha: 100, opacity: 1)
                slow.fill(under, alpha: 100, opacity: 1)
                fast.fill(mask, alpha: alpha, opacity: opacity)
                slow.fill(unknown(mask), alpha: alpha, opacity: opacity)
                XCTAssertTrue(fast.values == slow.values, "\(box) \(alpha) \(opacity)")
            }
        }
    }
}

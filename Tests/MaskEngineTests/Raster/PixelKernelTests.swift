import XCTest
@testable import MaskEngine

/// The C pixel loops give the bytes of the Swift loops they stand in for: fills through a
/// mask at full opacity and below it, drawn once with the kernels (where this CPU has them) and once
/// with the Swift loops only, over a backdrop, for every remainder of the eight-pixel
/// blocks and every kind of block (all 0, all 255, mixed).
final class PixelKernelTests: XCTestCase {
    override func tearDown() {
        PixelKernels.swiftOnly = false
        super.tearDown()
    }

    /// Mask values in eight-pixel blocks: shut, full or mixed, chosen by the tests' seeded
    /// generator (`SplitMix`).
    private func maskValues(_ rect: PixelRect, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var values = [UInt8](repeating: 0, count: rect.width * rect.height)
        var i = 0
        while i < values.count {
            let kind = random.next() % 4
            for j in i..<min(i + 8, values.count) {
                values[j] = kind == 0 ? 0 : kind == 1 ? 255 : random.byte()
            }
            i += 8
        }
        return values
    }

    /// An image whose pixels are opaque, or of every alpha (premultiplied).
    private func image(width: Int, height: Int, opaque: Bool) throws -> Paint {
        var pixels: [UInt8] = []
        for i in 0..<(width * height) {
            let a = opaque ? 255 : (i &* 37) % 256
            pixels += [UInt8((i &* 11) % (a + 1)), UInt8((i &* 5) % (a + 1)), UInt8((i &* 3) % (a + 1)), UInt8(a)]
        }
        let picture = try Image(width: width, height: height, premultipliedRGBA: pixels)
        return try XCTUnwrap(ImageShader.paint(image: picture, in: Rect(0, 0, Double(width), Double(height)), transform: .identity))
    }

    func testMaskedFillsGiveTheSwiftLoopsBytes() throws {
        for width in [1, 5, 8, 13, 16, 23, 40, 67] {
            let clip = PixelRect(x0: 0, y0: 0, x1: width, y1: 9)
            let coverage = try XCTUnwrap(Rasterizer.coverage(of: .rect(Rect(0, 0, Double(width), 9)), transform: .identity,
                                                             fillRule: .nonzero, clip: clip))
            for (seed, opaque, opacity) in [(UInt64(1), true, 1.0), (2, false, 1), (3, true, 1), (4, true, 0.6), (5, false, 0.3)] {
                let mask = CoverageMask(rect: clip, values: maskValues(clip, seed: seed))
                let paint = try image(width: width, height: 9, opaque: opaque)
                var drawn: [Image] = []
                for swiftOnly in [false, true] {
                    PixelKernels.swiftOnly = swiftOnly
                    var surface = try Surface.backdrop(clip)
                    surface.fill(coverage, with: paint, mask: mask, opacity: opacity)
                    drawn.append(surface.image)
                }
                XCTAssertTrue(drawn[0] == drawn[1], "width \(width), seed \(seed), opaque \(opaque), opacity \(opacity)")
                // The backdrop changed where the mask is open: the fill did draw.
                XCTAssertFalse(try drawn[0] == Surface.backdrop(clip).image, "width \(width), seed \(seed)")
            }
        }
    }
}

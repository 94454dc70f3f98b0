import XCTest
@testable import MaskEngine

/// Bilinear sampling against a floating-point reference, on each of the shader's paths:
/// magnified rows (columns blended once), unrotated rows, and rotated ones.
final class ImageShaderTests: XCTestCase {
    /// A 5 × 4 image whose every channel differs from pixel to pixel.
    private func pattern() throws -> Image {
        var bytes: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<5 {
                let a = UInt8(155 + 20 * ((x + y) % 5))
                bytes += [UInt8(37 * x + 11 * y) % a, UInt8(90 + 13 * x) % a, UInt8(200 - 40 * y) % a, a]
            }
        }
        return try Image(width: 5, height: 4, premultipliedRGBA: bytes)
    }

    /// The bilinear sample at image coordinates (u, v) (pixel centres at whole numbers),
    /// edges clamped, in Double.
    private func reference(_ image: Image, _ u: Double, _ v: Double) -> [Double] {
        let cu = min(max(u, 0), Double(image.width - 1)), cv = min(max(v, 0), Double(image.height - 1))
        let x0 = Int(cu), y0 = Int(cv)
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = cu - Double(x0), fy = cv - Double(y0)
        return (0..<4).map { c in
            func p(_ x: Int, _ y: Int) -> Double { Double(image.pixels[(y * image.width + x) * 4 + c]) }
            return (p(x0, y0) * (1 - fx) + p(x1, y0) * fx) * (1 - fy) + (p(x0, y1) * (1 - fx) + p(x1, y1) * fx) * fy
        }
    }

    private func assertMatches(_ transform: Transform, rect: Rect, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try pattern()
        guard let paint = ImageShader.paint(image: image, in: rect, transform: transform),
              let inverse = transform.inverted else { return XCTFail("no paint", file: file, line: line) }
        let toPixels = Transform.scale(Double(image.width) / rect.width, Double(image.height) / rect.height)
            .concatenating(.translation(-rect.minX, -rect.minY)).concatenating(inverse)
        var out = [UInt8](repeating: 0, count: 40 * 4)
        for y in 0..<30 {
            out.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { paint.shade(y: y, x: 0, count: 40, into: base) }
            }
            for x in 0..<40 {
                let p = toPixels.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let expected = reference(image, p.x - 0.5, p.y - 0.5)
                for c in 0..<4 where abs(Double(out[x * 4 + c]) - expected[c]) > 1.5 {
                    return XCTFail("(\(x), \(y)) channel \(c): \(out[x * 4 + c]) vs \(expected[c])", file: file, line: line)
                }
                XCTAssertLessThanOrEqual(out[x * 4], out[x * 4 + 3], "colour within alpha", file: file, line: line)
            }
        }
    }

    func testMagnifiedRowsMatchTheReference() throws {
        try assertMatches(.identity, rect: Rect(0, 0, 40, 30))          // 8× wider, 7.5× taller
    }

    func testShrunkRowsMatchTheReference() throws {
        try assertMatches(.identity, rect: Rect(2, 1, 4, 3))            // most pixels clamp at the edges
    }

    func testRotatedRowsMatchTheReference() throws {
        try assertMatches(Transform.translation(20, 15).concatenating(.rotation(0.3)), rect: Rect(-20, -15, 40, 30))
    }

    /// An unscaled image at a whole-pixel offset is copied (the fast path): every pixel is
    /// exactly the source pixel under it, the edge pixel beyond either side, whatever the
    /// offset (before, inside and past the row's start).
    func testWholePixelOffsetsCopyTheSourcePixelsExactly() throws {
        let image = try pattern()
        for (tx, ty) in [(0, 0), (3, 2), (-2, -1), (-7, 5), (9, 0)] {
            guard let paint = ImageShader.paint(image: image, in: Rect(0, 0, 5, 4),
                                                transform: .translation(Double(tx), Double(ty))) else { return XCTFail("no paint") }
            var out = [UInt8](repeating: 0, count: 16 * 4)
            for y in 0..<8 {
                out.withUnsafeMutableBufferPointer { buffer in
                    if let base = buffer.baseAddress { paint.shade(y: y, x: -3, count: 16, into: base) }
                }
                let sy = min(max(y - ty, 0), image.height - 1)
                for i in 0..<16 {
                    let sx = min(max(i - 3 - tx, 0), image.width - 1)
                    let expected = Array(image.pixels[((sy * image.width + sx) * 4)...].prefix(4))
                    XCTAssertEqual(Array(out[(i * 4)..<(i * 4 + 4)]), expected, "offset (\(tx), \(ty)) pixel (\(i - 3), \(y))")
                }
            }
        }
    }
}

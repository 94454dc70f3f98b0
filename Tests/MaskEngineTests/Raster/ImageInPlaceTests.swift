import XCTest
@testable import MaskEngine

/// `ImageShader.PixelsInPlace`: where it hands a fill a row of the image to read in place,
/// those are exactly the pixels `shade` would have written, and it declines every span
/// that shading would scale, blend or pad with a repeated edge.
final class ImageInPlaceTests: XCTestCase {
    private func image() throws -> Image {
        try Image(width: 23, height: 9, premultipliedRGBA: (0..<(23 * 9)).flatMap { i -> [UInt8] in
            let a = UInt8(60 + i % 196)
            return [UInt8(i * 7 % 256) % a, UInt8(i * 3 % 256) % a, UInt8(i % 256) % a, a]
        })
    }

    func testRowsReadInPlaceAreTheShadedRows() throws {
        let picture = try image()
        var inPlace = 0, declined = 0
        // Whole-pixel offsets (some partly off the image), a half-pixel one, a scale and a rotation.
        let placements: [(Rect, Transform)] = [
            (Rect(0, 0, 23, 9), .identity), (Rect(3, 2, 23, 9), .identity), (Rect(-4, -1, 23, 9), .identity),
            (Rect(0.5, 0, 23, 9), .identity), (Rect(0, 0, 46, 18), .identity), (Rect(0, 0, 23, 9), .translation(7, 1)),
            (Rect(0, 0, 23, 9), Transform.rotation(0.3)), (Rect(2, -3, 23, 9), .translation(-5, 4)),
            (Rect(0, 0, 23, 9), .translation(0.25, 0)), (Rect(0, 0, 23, 9), .translation(0, 1e-9)),
        ]
        for (rect, transform) in placements {
            guard case .image(let shader) = try XCTUnwrap(ImageShader.paint(image: picture, in: rect, transform: transform)) else {
                return XCTFail("not an image paint")
            }
            shader.withPixelsInPlace { pixels in
                for y in -2..<14 {
                    for x in -6..<30 {
                        for count in [1, 5, 23, 30] {
                            // Found from a whole-pixel offset or by the fixed-point test, the same spans.
                            let index = shader.copiedSpan(y: y, x: x, count: count)
                            XCTAssertEqual(pixels?.row(y: y, x: x, count: count) == nil, index == nil, "\(rect) \(transform) (\(x), \(y)) × \(count)")
                            guard let row = pixels?.row(y: y, x: x, count: count) else { declined += 1; continue }
                            inPlace += 1
                            var shaded = [UInt8](repeating: 0, count: count * 4)
                            shaded.withUnsafeMutableBufferPointer { buffer in
                                if let out = buffer.baseAddress { shader.shade(y: y, x: x, count: count, into: out) }
                            }
                            let read = [UInt8](UnsafeRawBufferPointer(start: row, count: count * 4))
                            XCTAssertEqual(read, shaded, "\(rect) \(transform) (\(x), \(y)) × \(count)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(inPlace, 100)
        XCTAssertGreaterThan(declined, 100)
    }

    /// `rows(_:x:count:)`: the rows it gives as one address and a step are `row(y:x:count:)`'s
    /// pointers, and it leaves out exactly the rows `row` declines (off the image).
    func testRowsAsAStepAreTheRowsReadInPlace() throws {
        let picture = try image()
        var given = 0
        let placements: [(Rect, Transform)] = [
            (Rect(0, 0, 23, 9), .identity), (Rect(3, 2, 23, 9), .identity), (Rect(-4, -1, 23, 9), .identity),
            (Rect(2, -3, 23, 9), .translation(-5, 4)), (Rect(0, 0, 46, 18), .identity),
        ]
        for (rect, transform) in placements {
            guard case .image(let shader) = try XCTUnwrap(ImageShader.paint(image: picture, in: rect, transform: transform)) else {
                return XCTFail("not an image paint")
            }
            shader.withPixelsInPlace { pixels in
                for x in -6..<30 {
                    for count in [1, 5, 23] {
                        let asked = -2..<14
                        guard let rows = pixels?.rows(asked, x: x, count: count) else {
                            for y in asked {
                                XCTAssertNil(pixels?.row(y: y, x: x, count: count), "\(rect) \(transform) (\(x), \(y)) × \(count)")
                            }
                            continue
                        }
                        for y in asked {
                            let one = pixels?.row(y: y, x: x, count: count)
                            XCTAssertEqual(rows.rows.contains(y) ? rows.row(y) : nil, one, "\(rect) \(transform) (\(x), \(y)) × \(count)")
                            if rows.rows.contains(y) { given += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(given, 100)
    }
}

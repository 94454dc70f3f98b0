import XCTest
@testable import MaskEngine

/// `Image(straightRGBA:)` skips eight opaque pixels at a time and premultiplies the rest
/// one by one: every pixel of every block and of the tail comes out as `mulDiv255`.
final class PremultiplyTests: XCTestCase {
    func testEveryPixelIsPremultipliedWhereverItFallsInABlock() throws {
        for count in [1, 7, 8, 9, 16, 17, 31] {
            for translucent in 0..<count {
                let straight = (0..<count).flatMap { i -> [UInt8] in
                    [200, UInt8(i * 5), 99, i == translucent ? 128 : 255]
                }
                let image = try Image(width: count, height: 1, straightRGBA: straight)
                for i in 0..<count {
                    let a = UInt32(straight[i * 4 + 3])
                    let expected = (0..<3).map { mulDiv255(UInt32(straight[i * 4 + $0]), a) } + [UInt8(a)]
                    XCTAssertEqual(Array(image.pixels[(i * 4)..<(i * 4 + 4)]), expected, "\(count) pixels, translucent at \(translucent), pixel \(i)")
                }
            }
        }
    }
}

import Foundation
import MaskEngine
import MaskScript
import XCTest

/// The benchmark's scenes (`Benchmarks/scenes`) as an embedder renders them, frame after
/// frame into one `RenderBuffers` (whose kept frame and its solid runs the next frame
/// reuses), give the bytes of fresh renders, with the frames taken in a scrambled order:
/// forwards, backwards, repeated and far apart.
final class BenchmarkScenesKeptBufferTests: XCTestCase {
    func testScenesRenderedInAnyOrderIntoOneBufferMatchFreshRenders() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/scenes")
        let frames = [0, 31, 59, 12, 13, 45, 5, 59, 58, 0, 30]
        for name in ["circle_reveal", "masks_one", "masks_four", "tile_fade", "text_shimmer", "heavy"] {
            let scene = try Script(contentsOf: folder.appendingPathComponent("\(name).mask").path).run()
            let renderer = Renderer(scene: scene), buffers = RenderBuffers()
            for k in frames {
                XCTAssertEqual(try renderer.renderFrame(k, using: buffers) { $0 }, try renderer.renderFrame(k), "\(name) frame \(k)")
            }
        }
    }
}

@testable import MaskEngine

extension Surface {
    /// A surface over `clip` with every kind of pixel (opaque, translucent, transparent),
    /// for tests comparing two ways of drawing onto the same pixels.
    static func backdrop(_ clip: PixelRect) throws -> Surface {
        var surface = try Surface(rect: clip, pool: BufferPool())
        surface.image.pixels.withUnsafeMutableBytes { px in
            for i in 0..<(clip.width * clip.height) {
                let a = UInt8(truncatingIfNeeded: [255, 128, 0, 200][i % 4])
                let c = UInt8(truncatingIfNeeded: (i &* 37) % (Int(a) + 1))
                px[i * 4] = c; px[i * 4 + 1] = a / 2; px[i * 4 + 2] = c / 3; px[i * 4 + 3] = a
            }
        }
        surface.dirty = clip
        return surface
    }
}

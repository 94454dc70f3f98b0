/// A premultiplied RGBA buffer covering a rectangle of device pixels: the frame itself, or
/// an offscreen group (a layer with opacity, clip or mask) that is composited afterwards.
///
/// `dirty` bounds every pixel drawn so far, so compositing a group costs the area it
/// actually touched, not its whole extent; pixels outside `dirty` are transparent.
///
/// The bytes come from a `BufferPool` and go back to it with `recycle(into:)` once the
/// surface is composited, so a steady render reuses the same few buffers.
struct Surface: Sendable {
    /// The device pixels the buffer holds.
    let rect: PixelRect
    /// The pixels, `rect.width × rect.height`, row-major.
    var image: Image
    /// The pixels that may be non-transparent.
    var dirty: PixelRect

    /// A transparent surface over `rect`.
    /// - Throws: `ImageError.invalidDimensions` when `rect` is too large for an image.
    init(rect: PixelRect, pool: BufferPool) throws {
        guard Image.validDimensions(rect.width, rect.height) else {
            throw ImageError.invalidDimensions(width: rect.width, height: rect.height)
        }
        self.rect = rect
        image = Image(width: rect.width, height: rect.height,
                      trustedPixels: pool.bytes(count: rect.width * rect.height * 4))
        dirty = .empty
    }

    /// A surface over `rect` filled with an opaque colour (the frame's backdrop).
    init(rect: PixelRect, opaque color: Color, pool: BufferPool) throws {
        guard Image.validDimensions(rect.width, rect.height) else {
            throw ImageError.invalidDimensions(width: rect.width, height: rect.height)
        }
        self.rect = rect
        // A translucent canvas colour is shown over black: frames are opaque.
        let (r, g, b, _) = color.premultiplied().rgba8
        let pixel = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
        image = Image(width: rect.width, height: rect.height,
                      trustedPixels: pool.pixels(count: rect.width * rect.height, filledWith: pixel))
        dirty = rect
    }

    /// Gives the pixel buffer back to `pool`; the surface is empty afterwards.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&image.pixels)
    }
}

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
    /// The pixels, `rect.width × rect.height`, row-major. A frame's backdrop is filled
    /// lazily: draw through `withPixels`, and read only after `refreshBackdrop()`.
    var image: Image
    /// The pixels that may be non-transparent; on a frame, the pixels drawn over its
    /// backdrop.
    var dirty: PixelRect
    /// A frame's backdrop colour, packed; 0 for other surfaces.
    private(set) var backdrop: UInt32 = 0
    /// What of a frame is not its backdrop yet (nothing, on other surfaces).
    private var stale = StaleBackdrop()
    /// What a frame's buffer holds of an opaque fill (nothing recorded, on other surfaces).
    private var solidRuns = SolidRuns()

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

    /// A frame over `rect` whose pixels are all the opaque colour `color` (its backdrop),
    /// from the pool's kept frame when it has one (`BufferPool.framePixels`); `dirty`
    /// starts empty and bounds what is drawn over the backdrop. The backdrop is filled
    /// lazily (`StaleBackdrop`): the pixels are the backdrop wherever a draw reads them
    /// (`withPixels`), and everywhere after `refreshBackdrop()`. Give it back with
    /// `keepFrame(in:)`.
    init(rect: PixelRect, opaque color: Color, pool: BufferPool) throws {
        guard Image.validDimensions(rect.width, rect.height) else {
            throw ImageError.invalidDimensions(width: rect.width, height: rect.height)
        }
        self.rect = rect
        // A translucent canvas colour is shown over black: frames are opaque.
        let (r, g, b, _) = color.premultiplied().rgba8
        backdrop = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
        let (pixels, stale) = pool.framePixels(width: rect.width, height: rect.height, background: backdrop)
        image = Image(width: rect.width, height: rect.height, trustedPixels: pixels)
        let staleRect = PixelRect(x0: stale.x0 &+ rect.x0, y0: stale.y0 &+ rect.y0, x1: stale.x1 &+ rect.x0, y1: stale.y1 &+ rect.y0)
            .intersection(rect)
        solidRuns = pool.takeFrameRuns()
        if !staleRect.isEmpty {
            self.stale = StaleBackdrop(rect: staleRect, reusing: pool.frameRowColumns())
            solidRuns.narrowStale(&self.stale, rows: rect.y0..<rect.y1)
        }
        dirty = .empty
    }

    /// Calls `body` with the pixels to draw into and the rows whose backdrop is still to be
    /// filled: a draw calls `BackdropRows.prepare` before it changes pixels of a row. What
    /// the buffer was known to hold (`SolidRuns`) is forgotten.
    mutating func withPixels<R>(_ body: (UnsafeMutableRawBufferPointer, BackdropRows) -> R) -> R {
        solidRuns.forget()
        return withPixels(keepingRuns: { dst, rows, _ in body(dst, rows) })
    }

    /// Says that the next draw paints the right sides of the rows the last draw painted
    /// the left sides of, each right of its left side's end (`SolidRuns.expectRightSide`).
    mutating func expectRightSide() {
        solidRuns.expectRightSide()
    }

    /// `withPixels` for a draw that keeps the buffer's `SolidRuns` true itself (the
    /// kernel's `mask_solid_span_rows` with them, or one that writes no pixel of them).
    mutating func withPixels<R>(keepingRuns body: (UnsafeMutableRawBufferPointer, BackdropRows, inout SolidRuns) -> R) -> R {
        let rect = self.rect, backdrop = self.backdrop
        return image.pixels.withUnsafeMutableBytes { dst in
            stale.withRows(pixels: dst.baseAddress, surface: rect, pixel: backdrop) { body(dst, $0, &solidRuns) }
        }
    }

    /// Fills what is left of the backdrop: afterwards every pixel is what the draws made.
    /// Call it before the pixels are read other than through `withPixels`. The stale
    /// columns are none of a solid run's (the kernel made those fresh), which stay known.
    mutating func refreshBackdrop() {
        guard !stale.isEmpty else { return }
        withPixels(keepingRuns: { _, rows, _ in rows.fillAll() })
        stale.markFresh()
    }

    /// Gives a frame's pixels back to `pool` to be the next frame's (see
    /// `BufferPool.framePixels`), its backdrop filled; the surface is empty afterwards.
    mutating func keepFrame(in pool: BufferPool) {
        refreshBackdrop()
        var rowsBuffer = stale.takeBuffer()
        solidRuns.endFrame()
        pool.keepFrameRuns(&solidRuns)
        let drawn = PixelRect(x0: dirty.x0 &- rect.x0, y0: dirty.y0 &- rect.y0, x1: dirty.x1 &- rect.x0, y1: dirty.y1 &- rect.y0)
        pool.keepFrame(&image.pixels, rowColumns: &rowsBuffer, width: rect.width, height: rect.height, background: backdrop,
                       drawn: dirty.isEmpty ? .empty : drawn)
    }

    /// Gives the pixel buffer back to `pool`; the surface is empty afterwards.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&image.pixels)
    }
}

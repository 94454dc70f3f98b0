/// How much of each pixel of a device rectangle a shape covers, 0 (none) to 255 (all).
///
/// Pixels outside `rect` have coverage 0. `values` is row-major, `rect.width` bytes a row.
struct CoverageMask: Sendable {
    /// The device pixels the values describe.
    let rect: PixelRect
    /// One byte per pixel of `rect`.
    var values: [UInt8]

    init(rect: PixelRect, values: [UInt8]) {
        self.rect = rect
        self.values = values
    }

    /// Gives the values' buffer back to `pool`; the mask is empty afterwards.
    mutating func recycle(into pool: BufferPool) {
        pool.recycle(&values)
    }

    /// The coverage of one device pixel (0 outside `rect`).
    func value(x: Int, y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return values[(y - rect.y0) * rect.width + (x - rect.x0)]
    }
}

/// How much of each pixel of a device rectangle a shape covers, 0 (none) to 255 (all).
///
/// Pixels outside `rect` have coverage 0. `values` is row-major, `rect.width` bytes a row.
/// `full` is a rectangle known to be all 255 (a rectangle's interior), so a fill can copy
/// or store runs there without reading the bytes.
struct CoverageMask: Sendable {
    /// The device pixels the values describe.
    let rect: PixelRect
    /// One byte per pixel of `rect`.
    var values: [UInt8]
    /// Pixels inside `rect` whose value is certainly 255; empty when none are known.
    /// Code that changes `values` in place must empty it (`forgetFull()`).
    private(set) var full: PixelRect

    init(rect: PixelRect, values: [UInt8], full: PixelRect = .empty) {
        self.rect = rect
        self.values = values
        self.full = full.intersection(rect)
    }

    /// Drops what is known about full pixels, before `values` are changed in place.
    mutating func forgetFull() {
        full = .empty
    }

    /// True when row `y`'s pixels from `x0` to `x1` (exclusive) are known to be 255.
    @inline(__always)
    func isKnownFull(y: Int, x0: Int, x1: Int) -> Bool {
        y >= full.y0 && y < full.y1 && x0 >= full.x0 && x1 <= full.x1
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

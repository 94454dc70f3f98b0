import CPixels

/// What of a frame still holds pixels that are not its backdrop: the last frame's, over
/// the area drawn then (`BufferPool.framePixels`), or a new buffer's unwritten bytes.
///
/// The frame is not filled with its backdrop up front, a pass of its own over memory:
/// each draw fills the part of a row it is about to read just before it reads it, while
/// the row is in cache, and the frame's end fills what no draw reached
/// (`Surface.refreshBackdrop()`). A draw walks a row from left to right, so what is stale
/// in a row stays one interval, from a start column to the rect's right edge: row `y` of
/// `rect` is stale from its start column to `rect.x1`, fresh when the start is `rect.x1`.
/// Rows outside `rect` are fresh. A row may be known to hold the backdrop from its end
/// column on (the last frame drew nothing there, `SolidRuns.narrowStale`): the frame's
/// end fills it only up to there; a draw still takes the columns after as stale.
///
/// Both columns of every row live in one buffer, `startsThenEnds` (the starts, then the
/// ends), so a frame takes one reused array from its pool (`BufferPool.frameRowColumns`),
/// not two.
struct StaleBackdrop {
    /// The rows and columns that may be stale, in device pixels.
    private(set) var rect: PixelRect = .empty
    /// Two halves of `rect.height` entries each: per row of `rect`, its first stale column
    /// (`rect.x1` when the row is fresh); then per row, the column from which it holds the
    /// backdrop (`rect.x1` when not known).
    private var startsThenEnds: [Int32] = []

    /// Nothing stale.
    init() {}

    /// All of `rect` stale, its rows' starts and ends held in `buffer` (whatever it held
    /// before).
    init(rect: PixelRect, reusing buffer: [Int32]) {
        self.rect = rect
        startsThenEnds = buffer
        startsThenEnds.removeAll(keepingCapacity: true)
        // Columns fit in 32 bits: an image's sides are at most `Image.maxDimension`.
        startsThenEnds.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: rect.x0), count: max(0, rect.height)))
        startsThenEnds.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: rect.x1), count: max(0, rect.height)))
    }

    /// Calls `body` with `rect`, the row starts and the row ends, to move starts right and
    /// ends left (never past the start) where the rows are known to hold the backdrop
    /// (`SolidRuns.narrowStale`); never starts left or ends right.
    mutating func narrowRows(_ body: (PixelRect, UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void) {
        let rect = self.rect, rows = max(0, rect.height)
        startsThenEnds.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress, all.count == rows &* 2 else { return }
            body(rect, UnsafeMutableBufferPointer(start: base, count: rows), UnsafeMutableBufferPointer(start: base + rows, count: rows))
        }
    }

    /// True when a row may still be stale.
    var isEmpty: Bool { rect.isEmpty }

    /// Calls `body` with the rows as `BackdropRows` over the pixels `pixels` of a surface
    /// covering `surface`, to be filled with the packed RGBA `pixel`.
    mutating func withRows<R>(pixels: UnsafeMutableRawPointer?, surface: PixelRect, pixel: UInt32,
                              _ body: (BackdropRows) -> R) -> R {
        let rect = self.rect
        return startsThenEnds.withUnsafeMutableBufferPointer { all in
            body(BackdropRows(pixels: rect.isEmpty ? nil : pixels, surface: surface, stale: rect, starts: all.baseAddress,
                              pixel: pixel))
        }
    }

    /// Forgets every stale row (once they are all filled); the rows' buffer is kept for
    /// `takeBuffer()`.
    mutating func markFresh() {
        rect = .empty
    }

    /// The rows' buffer (`startsThenEnds`), for the pool to reuse; nothing is stale
    /// afterwards.
    mutating func takeBuffer() -> [Int32] {
        rect = .empty
        var taken: [Int32] = []
        swap(&taken, &startsThenEnds)
        return taken
    }
}

/// A draw's view of a frame's stale rows (`StaleBackdrop`), made by `Surface.withPixels`:
/// before a draw reads or writes columns `a ..< b` of row `y`, `prepare` makes them (and
/// the stale columns before them in the row) the backdrop, so what is left stale in the
/// row stays one interval. Every pixel a draw changes goes through it.
struct BackdropRows {
    /// The surface's first pixel, or nil when nothing is stale.
    fileprivate let pixels: UnsafeMutableRawPointer?
    /// The surface's pixels, in device pixels.
    fileprivate let surface: PixelRect
    /// The stale rows and columns (`StaleBackdrop.rect`).
    fileprivate let stale: PixelRect
    /// Per row of `stale`, its first stale column, followed in memory by the rows' `ends`
    /// (`StaleBackdrop.startsThenEnds`).
    fileprivate let starts: UnsafeMutablePointer<Int32>?
    /// The backdrop, packed RGBA.
    fileprivate let pixel: UInt32

    /// Makes columns `a ..< b` of row `y` ready for a draw (`a ≤ b`): the stale columns
    /// before `a` become the backdrop; those of `a ..< b` too, unless the draw `overwrites`
    /// every one of them with a value that does not depend on what is under it (an opaque
    /// source at factor 255: a copy, a solid opaque run). Afterwards nothing of the row
    /// before `b` is stale.
    @inline(__always)
    func prepare(y: Int, _ a: Int, _ b: Int, overwrites: Bool) {
        guard let pixels, let starts, y >= stale.y0, y < stale.y1 else { return }
        let i = y &- stale.y0, lo = Int(starts[i])
        guard lo < b, lo < stale.x1 else { return }
        let end = min(overwrites ? a : b, stale.x1)
        if end > lo {
            let at = ((y &- surface.y0) &* surface.width &+ (lo &- surface.x0)) &* 4
            mask_fill_pixels((pixels + at).assumingMemoryBound(to: UInt8.self), end &- lo, pixel)
        }
        starts[i] = Int32(truncatingIfNeeded: min(b, stale.x1))
    }

    /// The backdrop, when columns `a ..< b` of row `y` are all stale: the stale columns
    /// before `a` are made the backdrop and the row is fresh up to `b` afterwards, so the
    /// caller must write each of `a ..< b` from the backdrop returned, without reading them
    /// (`mask_scaled_row_onto`: one pass, no fill first). Nil, with nothing done, when any
    /// of them is fresh.
    @inline(__always)
    func takeStale(y: Int, _ a: Int, _ b: Int) -> UInt32? {
        guard let starts, pixels != nil, y >= stale.y0, y < stale.y1, Int(starts[y &- stale.y0]) <= a, b <= stale.x1 else { return nil }
        prepare(y: y, a, b, overwrites: true)
        return pixel
    }

    /// The stale rows as a kernel that walks them itself takes them (`mask_solid_span_rows`):
    /// each row of `rect`'s first stale column (stale to `rect.x1`), which the kernel moves to
    /// where it drew up to, having written every stale column before it. Nil when nothing
    /// is stale.
    var staleStarts: (starts: UnsafeMutablePointer<Int32>, rect: PixelRect)? {
        guard pixels != nil, let starts, !stale.isEmpty else { return nil }
        return (starts, stale)
    }

    /// Per row of `stale`, the column from which it holds the backdrop: the second half of
    /// `StaleBackdrop.startsThenEnds`, right after the rows' `starts`.
    private var ends: UnsafeMutablePointer<Int32>? {
        starts.map { $0 + max(0, stale.height) }
    }

    /// Makes every stale pixel the backdrop: each row's up to its end (after which it holds
    /// the backdrop). Most rows are fresh by now (a draw that reached the rect's right edge
    /// made them so): one compare each.
    func fillAll() {
        guard let pixels, let starts, let ends else { return }
        let x1 = stale.x1, width = surface.width, rows = max(0, stale.height)
        var at = ((stale.y0 &- surface.y0) &* width &- surface.x0) &* 4
        for i in 0..<rows {
            let lo = Int(starts[i])
            if lo < x1 {
                let end = min(Int(ends[i]), x1)
                if lo < end { mask_fill_pixels((pixels + (at &+ lo &* 4)).assumingMemoryBound(to: UInt8.self), end &- lo, pixel) }
                starts[i] = Int32(truncatingIfNeeded: x1)
            }
            at &+= width &* 4
        }
    }
}

import CPixels

/// What a frame's buffer is known to hold of an opaque fill: per row, one run of columns
/// whose pixels are all one colour, as `mask_solid_span_rows` left them.
///
/// A growing circle's red fills most of the frame, and the next frame on the same buffer
/// fills the same pixels with the same red again (the buffer is reused: `BufferPool`'s
/// kept frame). The kernel is handed the runs the buffer holds (`held`) and writes only
/// the columns of a new full run outside them (`mask_solid_span_rows`' `held_runs`); what
/// it fills is recorded for the next frame (`drawn_runs`).
///
/// The runs belong to one buffer, the frame's: a `Surface` takes them with its pixels from
/// the pool and gives them back with them (`BufferPool.framePixels`, `keepFrame`). They
/// say nothing once anything else writes the buffer: every draw but the kernel's forgets
/// them (`Surface.withPixels`), and a draw of another colour or over other rows does not
/// use them.
struct SolidRuns {
    /// False on a surface whose buffer is not kept from frame to frame: nothing is recorded.
    private let records: Bool
    /// The surface's rows the runs are kept for.
    private var rows: Range<Int> = 0..<0
    /// The colour the runs hold, packed RGBA.
    private var color: UInt32 = 0
    /// True when `held` says what the buffer holds.
    private var isKnown = false
    /// True once a draw of this frame recorded the runs (see `endFrame`).
    private var recordedThisFrame = false
    /// Per row of `rows`, the start and end of its run (equal: none).
    private var held: [Int32] = []
    /// The room the next draw records its runs in, swapped with `held` afterwards.
    private var drawn: [Int32] = []

    /// Nothing known; with `recording`, a draw records its runs (a frame's buffer, kept
    /// for the next frame), else it is handed none.
    init(recording: Bool = false) {
        records = recording
    }

    /// True when the runs say what the buffer holds.
    var isEmpty: Bool { !isKnown }

    /// Forgets the runs: the buffer was written otherwise.
    mutating func forget() {
        isKnown = false
    }

    /// Ends a frame, whose backdrop is filled (`Surface.refreshBackdrop`): runs recorded by
    /// an earlier frame are forgotten, since their pixels were stale in this one and are the
    /// backdrop now (a frame that draws no fill over the last one's). A draw of this frame
    /// left no stale column in its runs.
    mutating func endFrame() {
        if !recordedThisFrame { isKnown = false }
        recordedThisFrame = false
    }

    /// Calls `body` for a draw of the opaque `color` over the rows `rows` of the surface
    /// (its own rows, the same every frame), with the runs the buffer holds in `color` (two
    /// entries a row of `rows`; nil when unknown or of another colour or rows) and the room
    /// where the draw records those it fills (two entries a row, each an empty run until
    /// written). Afterwards the runs are those recorded: a row the draw did not fill with
    /// the kernel holds none.
    mutating func draw<R>(_ color: UInt32, rows: Range<Int>,
                          _ body: (_ held: UnsafePointer<Int32>?, _ drawn: UnsafeMutablePointer<Int32>?) -> R) -> R {
        guard records else { return body(nil, nil) }
        let count = rows.count &* 2
        let usable = isKnown && self.color == color && self.rows == rows && held.count == count
        if drawn.count != count {
            drawn = Array(repeating: 0, count: count)
        } else {
            // The kernels' fill of 4-byte pixels writes the 4-byte entries 0 in vector steps
            // (a `memset` of a few kilobytes costs as many instructions as bytes).
            drawn.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                mask_fill_pixels(base.assumingMemoryBound(to: UInt8.self), count, 0)
            }
        }
        isKnown = false
        let result = held.withUnsafeBufferPointer { held in
            drawn.withUnsafeMutableBufferPointer { drawn in body(usable ? held.baseAddress : nil, drawn.baseAddress) }
        }
        swap(&held, &drawn)
        self.color = color
        self.rows = rows
        isKnown = true
        recordedThisFrame = true
        return result
    }
}

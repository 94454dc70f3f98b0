/// What a frame's buffer is known to hold of an opaque fill: per row, one run of columns
/// whose pixels are all one colour, as `mask_solid_span_rows` left them.
///
/// A growing circle's red fills most of the frame, and the next frame on the same buffer
/// fills the same pixels with the same red again (the buffer is reused: `BufferPool`'s
/// kept frame). The kernel is handed the runs the buffer holds (`held`) and writes only
/// the columns of a new full run outside them (`mask_solid_span_rows`' `held_runs`); what
/// it fills is recorded for the next frame (`drawn_runs`).
///
/// A row's record also says where its drawing started (its extent's start): when the draw
/// was the frame's first and its last, the row holds the backdrop before that column at
/// the frame's end, and the next frame on the buffer takes the row as stale only from
/// there (`narrowStale`): the backdrop left of a circle is not filled again either, nor
/// the one right of where its drawing ended (its extent's end, recorded too; a row it
/// did not draw holds the backdrop all along).
///
/// A ring drawn as its two sides (`Renderer.fill(_:with:opacity:through:onto:pool:)`: its
/// left sides, then its right sides, every row's right side after its left side's end)
/// keeps the right sides' runs apart (`heldRight`): the next frame's right pass is handed
/// them when the frame's draws were that pair and are again (`rightSideNext`). The left
/// pass writes no column of a right side's full run, and the right pass none left of its
/// row's left side's end, so each pass's runs still hold the colour after the other.
///
/// A record also says where the backdrop before a row's extent starts, when the draw
/// filled the stale columns there (a right pass: the ring's hole): the next frame's right
/// pass does not fill those columns again where it finds them stale (the hole the last
/// frame left is the backdrop already; only what the ring drew there then is filled).
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
    /// True once anything wrote the buffer in this frame.
    private var touchedThisFrame = false
    /// True when the draw that recorded `left` was its frame's first, so that each row
    /// it drew holds the backdrop before its extent's start.
    private var startsKnown = false
    /// The runs of a frame's draw (its first, or any draw but a right pass).
    private var left = Record()
    /// The runs of a two-sided fill's right pass; known only when the last frame's draws
    /// were a left pass then a right pass, and nothing wrote the buffer since.
    private var right = Record()
    /// True when this frame's draws so far are one kernel draw, the frame's first.
    private var leftFirst = false
    /// True when the next draw is the right pass of a two-sided fill (`expectRightSide`).
    private var rightSideNext = false

    /// The entries of a row's record, as `mask_solid_span_rows` reads and writes them: its
    /// run's start and end, its extent's start, the start of the backdrop before it, and its
    /// extent's end.
    static let entriesPerRow = 5

    /// One draw's runs: per row of `rows`, the start and end of its run (equal: none), the
    /// start of its extent, the start of the backdrop before it and the end of its extent
    /// (all 0 for a row not drawn).
    private struct Record {
        /// The runs the buffer holds, when `isKnown`.
        var held: [Int32] = []
        /// The room the next draw records its runs in, swapped with `held` afterwards.
        var drawn: [Int32] = []
        /// True when `held` says what the buffer holds.
        var isKnown = false
        /// True once a draw of this frame recorded the runs (see `endFrame`).
        var recordedThisFrame = false

        /// Forgets runs recorded by an earlier frame than the one ending.
        mutating func endFrame() {
            if !recordedThisFrame { isKnown = false }
            recordedThisFrame = false
        }

        /// Calls `body` with the held runs (when known, `usable` and of `count` entries)
        /// and cleared room for `count` entries, then keeps what `body` recorded.
        mutating func draw<R>(count: Int, usable: Bool,
                              _ body: (UnsafePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> R) -> R {
            let handed = isKnown && usable && held.count == count
            Record.clear(&drawn, count: count)
            isKnown = false
            let result = held.withUnsafeBufferPointer { held in
                drawn.withUnsafeMutableBufferPointer { drawn in body(handed ? held.baseAddress : nil, drawn.baseAddress) }
            }
            swap(&held, &drawn)
            isKnown = true
            recordedThisFrame = true
            return result
        }

        /// Makes `room` `count` entries, all 0.
        static func clear(_ room: inout [Int32], count: Int) {
            guard room.count == count else {
                room = Array(repeating: 0, count: count)
                return
            }
            room.withUnsafeMutableBufferPointer { $0.setToZero() }
        }
    }

    /// Nothing known; with `recording`, a draw records its runs (a frame's buffer, kept
    /// for the next frame), else it is handed none.
    init(recording: Bool = false) {
        records = recording
    }

    /// Forgets the runs: the buffer was written otherwise.
    mutating func forget() {
        left.isKnown = false
        right.isKnown = false
        leftFirst = false
        rightSideNext = false
        touchedThisFrame = true
    }

    /// Says that the next draw is the right pass of a two-sided fill whose left pass was
    /// the last draw: the right sides of its rows, each after its left side's end.
    mutating func expectRightSide() {
        rightSideNext = true
    }

    /// Ends a frame, whose backdrop is filled (`Surface.refreshBackdrop`): runs recorded by
    /// an earlier frame are forgotten, since their pixels were stale in this one and are the
    /// backdrop now (a frame that draws no fill over the last one's). A draw of this frame
    /// left no stale column in its runs.
    mutating func endFrame() {
        left.endFrame()
        right.endFrame()
        touchedThisFrame = false
        leftFirst = false
        rightSideNext = false
    }

    /// Moves the start of each row of `stale` (a new frame's, on this buffer, over `rows`)
    /// to where the last frame's fill started in it, and its end to where the fill ended in
    /// it (its right pass's, if it had one), when its draw was that frame's only one (with
    /// its right pass): the columns before and after hold the backdrop.
    func narrowStale(_ stale: inout StaleBackdrop, rows frameRows: Range<Int>) {
        guard left.isKnown, startsKnown, rows == frameRows, left.held.count == rows.count &* SolidRuns.entriesPerRow else { return }
        let rows = self.rows
        // The right pass, when the frame drew one, wrote the right sides of some of the rows.
        let rightKnown = right.isKnown && right.held.count == left.held.count
        left.held.withUnsafeBufferPointer { held in right.held.withUnsafeBufferPointer { rightHeld in
            stale.narrowRows { rect, starts, ends in
                let lo = max(rect.y0, rows.lowerBound), hi = min(rect.y1, rows.upperBound)
                guard lo < hi else { return }
                for y in lo..<hi {
                    let r = (y &- rows.lowerBound) &* SolidRuns.entriesPerRow, i = y &- rect.y0
                    let clear = min(Int(held[r &+ 2]), rect.x1)
                    if clear > Int(starts[i]) { starts[i] = Int32(truncatingIfNeeded: clear) }
                    // The draws wrote no column from the row's extent's end on (0 for a row
                    // they did not draw).
                    let end = rightKnown ? max(held[r &+ 4], rightHeld[r &+ 4]) : held[r &+ 4]
                    if end < ends[i] { ends[i] = max(end, starts[i]) }
                }
            }
        } }
    }

    /// Calls `body` for a draw of the opaque `color` over the rows `rows` of the surface
    /// (its own rows, the same every frame), with the runs the buffer holds in `color`
    /// and the backdrop (five entries a row of `rows`, as `mask_solid_span_rows` reads
    /// them; nil when unknown or of another colour or rows) and the room where the draw
    /// records those it fills, where each row's extent and the backdrop before it start,
    /// and where its extent ends (five entries a row, all 0 until written). Afterwards the runs are those recorded: a row the draw did not fill with
    /// the kernel holds none.
    mutating func draw<R>(_ color: UInt32, rows: Range<Int>,
                          _ body: (_ held: UnsafePointer<Int32>?, _ drawn: UnsafeMutablePointer<Int32>?) -> R) -> R {
        guard records else { return body(nil, nil) }
        let count = rows.count &* SolidRuns.entriesPerRow
        let rightPass = rightSideNext
        rightSideNext = false
        // The right pass right after the frame's first draw, its left pass, of this colour;
        // any other draw as the general case below.
        if rightPass, leftFirst, left.isKnown, self.color == color, self.rows == rows {
            leftFirst = false
            return right.draw(count: count, usable: true, body)
        }
        let first = !touchedThisFrame
        touchedThisFrame = true
        leftFirst = first
        // The last frame's right runs serve only a right pass after this frame's first draw.
        if !first || self.color != color || self.rows != rows { right.isKnown = false }
        right.recordedThisFrame = false
        let result = left.draw(count: count, usable: self.color == color && self.rows == rows, body)
        self.color = color
        self.rows = rows
        startsKnown = first
        return result
    }
}

import CPixels

/// Several masks' values while they are folded into one (LANGUAGE.md section 11), kept as
/// a sparse `CoverageMask` keeps a shape's coverage: each row's extent (0 outside it) and
/// its runs known to be 255, with bytes written only between them.
///
/// A fold walks each row as pieces where the result so far and the mask are each known
/// to be 0, 255 or bytes (from both sides' spans), and takes the mode's closed form over
/// whole pieces (`MaskCombination.outcome`: `add` with 255 is 255, `intersect` with 0 is
/// 0, `subtract` of 255 is 0, ...). Only where both sides are bytes is the formula worked
/// out byte by byte, sixteen at a time. So the masks' insides and outsides cost a few
/// comparisons a row and their edges a few bytes, and the result keeps its spans for the
/// masked draw, which skips rows outside the extents and copies where the mask is 255.
struct CombinedMask {
    /// The device pixels the result describes; it is 0 outside.
    let rect: PixelRect
    /// The values, written only in each row's extent outside its full runs.
    private var bytes: [UInt8]
    /// Four for each row, as `CoverageMask` lays them out: the extent's start and end and
    /// the row's first and end index into `fullRuns` (columns from `rect.x0`).
    private var rowSpans: [Int32]
    /// The rows' full runs, in order and apart within a row. A fold appends the runs of
    /// the rows it changes; the runs rows no longer point at are left behind.
    private var fullRuns: [Int32]
    /// Two for each row: a run of 0s inside its extent (start, end, columns from `rect.x0`;
    /// equal when none is known), the widest a fold saw written or kept: a ring's hole.
    /// `sides(minimumGap:)` cuts the rows there, so a draw goes round the hole.
    private var gaps: [Int32]
    /// True while every value is 0 and no mask is folded yet.
    private var isZero: Bool
    /// The device pixels outside which every value is 0 (a bound, not always the tightest):
    /// where a mode that keeps the result where the mask is 255 needs to look.
    private var nonzero: PixelRect
    private let pool: BufferPool

    /// The result before any mask: 0 everywhere, or 255 over `rect` when `first` (the
    /// first mask's mode) starts full. No byte is written.
    init(startingWith first: MaskCombine, over rect: PixelRect, pool: BufferPool) {
        self.rect = rect
        self.pool = pool
        let rows = rect.height, full = first.startsFull && !rect.isEmpty
        bytes = pool.bytes(count: rect.width &* rows, zeroed: false)
        rowSpans = pool.ints(count: rows &* 4)
        fullRuns = pool.emptyInts(capacity: rows &* 2 &+ 2)
        gaps = pool.ints(count: rows &* 2)
        isZero = !full
        nonzero = full ? rect : .empty
        let end = Int32(truncatingIfNeeded: full ? rect.width : 0)
        if full { fullRuns.append(contentsOf: [0, end]) }
        let runsEnd = Int32(fullRuns.count)
        rowSpans.withUnsafeMutableBufferPointer { h in
            // Every row's four entries 0 (no extent, no runs), in vector steps.
            guard full else { return h.setToZero() }
            for r in 0..<rows {
                h[r &* 4] = 0
                h[r &* 4 &+ 1] = end
                h[r &* 4 &+ 2] = 0
                h[r &* 4 &+ 3] = runsEnd
            }
        }
        gaps.withUnsafeMutableBufferPointer { $0.setToZero() }
    }

    /// The combined values with their spans, sparse: the bytes outside the extents and
    /// inside the full runs are left unwritten, as the rasterizer leaves a coverage's (the
    /// fused masked fill of an opaque source walks the spans and copies the full runs; any
    /// other reader writes them out first, `CoverageMask.materialize`). The buffers go with
    /// them: the result is empty afterwards.
    mutating func values() -> CoverageMask {
        pool.recycle(&gaps)
        pool.countGrowth(ints: fullRuns.count)
        var (b, h, runs): ([UInt8], [Int32], [Int32]) = ([], [], [])
        // Moved, not copied.
        swap(&b, &bytes)
        swap(&h, &rowSpans)
        swap(&runs, &fullRuns)
        return CoverageMask(rect: rect, sparse: b, rowSpans: h, fullRuns: runs)
    }

    /// The combined values as `values()` hands them over, with each row whose gap is at
    /// least `minimumGap` wide cut there: the values' spans keep the row's left side, and
    /// `right` (four entries a row, as `CoverageMask`'s row spans, over the same full runs)
    /// the right side, other rows empty; nil when no row is cut. The gap's values are 0, so
    /// a draw through one side then the other paints what one through the values paints,
    /// without blending over the gap (a ring's hole). The result is empty afterwards.
    mutating func sides(minimumGap: Int) -> (values: CoverageMask, right: [Int32]?) {
        let rows = rect.height, minimum = Int32(clamping: max(1, minimumGap))
        // The first row to cut, if any (`mask_first_side_cut`; the loops in C: in Swift they
        // cost about 35 instructions a row of a ring's frame, bounds checks and a closure).
        let first = rowSpans.withUnsafeBufferPointer { h in gaps.withUnsafeBufferPointer { g in
            guard let heads = h.baseAddress, let gaps = g.baseAddress else { return rows }
            return mask_first_side_cut(heads, gaps, rows, minimum)
        } }
        guard first < rows else { return (values(), nil) }
        var right = pool.ints(count: rows &* 4)
        right.withUnsafeMutableBufferPointer { t in
        rowSpans.withUnsafeMutableBufferPointer { h in gaps.withUnsafeBufferPointer { g in fullRuns.withUnsafeBufferPointer { runs in
            guard let table = t.baseAddress, let heads = h.baseAddress, let gaps = g.baseAddress else { return }
            // The rows before the first cut are not cut; `mask_cut_sides` writes the others.
            UnsafeMutableBufferPointer(rebasing: t[..<(first &* 4)]).setToZero()
            mask_cut_sides(heads, gaps, runs.baseAddress, first, rows, minimum, table)
        } } } }
        return (values(), right)
    }

    /// Folds one mask into the result by `mode`. The mask's value at a pixel is
    /// `factor[v]` of `values`' value v there (v itself without a factor), times `frame`'s
    /// value when a frame is given, rounded as `mulDiv255(frame, factor[v])`: a solid
    /// fill's coverage through its alpha and opacity, cut to its mask's frame, in one
    /// pass. It is 0 outside `values`' rect (and the frame's), and everywhere when
    /// `values` is nil (a mask that lets nothing through). `factor` has 256 entries, the
    /// first 0.
    mutating func fold(_ values: CoverageMask?, through factor: [UInt8]? = nil, within frame: CoverageMask? = nil,
                       mode: MaskCombine) {
        // Where the mask is 0: the modes that keep the result there touch only the rows
        // the mask reaches; the others clear the rest.
        let keepsOutside = MaskCombination.outcome(mode, .bytes, .zero) == .kept
        defer { isZero = false }
        let m = values ?? CoverageMask(rect: .empty, values: [])
        var reach = m.rect.intersection(rect)
        if let frame { reach = reach.intersection(frame.rect) }
        if reach.isEmpty { reach = .empty }
        if isZero, frame == nil, factor == nil, let values, RowFold.copiesIntoZero(mode), adopt(values) {
            nonzero = reach
            return
        }
        // A mask of 255 wherever the result may be above 0 leaves it as it is under
        // `intersect` and `darken` (a band over a ring): no row is looked at.
        if MaskCombination.outcome(mode, .bytes, .full) == .kept, frame == nil, factor.map({ $0[255] == 255 }) ?? true,
           CombinedMask.isKnownFull(m, over: nonzero) { return }
        switch mode {
        case .add, .difference, .lighten: nonzero = nonzero.union(reach)
        case .intersect, .darken: nonzero = nonzero.intersection(reach)
        case .subtract: break
        }
        if !keepsOutside {
            for y in rect.y0..<rect.y1 where y < reach.y0 || y >= reach.y1 { clearRow(y) }
        }
        guard !reach.isEmpty else { return }
        let f = frame ?? m, w = rect.width
        var (out, heads, runs, holes): ([UInt8], [Int32], [Int32], [Int32]) = ([], [], [], [])
        swap(&out, &bytes)
        swap(&heads, &rowSpans)
        swap(&runs, &fullRuns)
        swap(&holes, &gaps)
        defer {
            swap(&out, &bytes)
            swap(&heads, &rowSpans)
            swap(&runs, &fullRuns)
            swap(&holes, &gaps)
        }
        // The runs of the rows this fold changes, appended to the table at the end (the rows'
        // old runs are read meanwhile).
        var added = AddedRuns(capacity: 8 &* reach.height &+ 16)
        defer { added.deallocate() }
        m.withSpans { ms in f.withSpans { fs in
        m.rowSpans.withUnsafeBufferPointer { mh in m.fullRuns.withUnsafeBufferPointer { mr in
        m.bytes.withUnsafeBufferPointer { mv in f.bytes.withUnsafeBufferPointer { fv in
        (factor ?? []).withUnsafeBufferPointer { table in runs.withUnsafeBufferPointer { oldRuns in
        out.withUnsafeMutableBufferPointer { o in heads.withUnsafeMutableBufferPointer { h in
        holes.withUnsafeMutableBufferPointer { g in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 6 &* (w &+ 2)) { pieces in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, w)) { scratch in
            guard let pieces = pieces.baseAddress, let scratch = scratch.baseAddress, let out = o.baseAddress,
                  let heads = h.baseAddress, let gaps = g.baseAddress else { return }
            var rows = RowFold(mode: mode, rect: rect, out: out, heads: heads, gaps: gaps, pieces: pieces, scratch: scratch,
                               mask: (ms, mv.baseAddress, m.rect), frame: frame == nil ? nil : (fs, fv.baseAddress, f.rect),
                               maskTables: (mh, mr), factor: factor == nil ? nil : table.baseAddress, runs: oldRuns, added: added)
            rows.foldRows(reach.y0, reach.y1, within: reach.x0, reach.x1)
            added = rows.added
        } } } } } } } } } } } } }
        runs.append(contentsOf: added.buffer)
    }

    /// The result, 0 everywhere, becomes the mask `m` (what a mode that gives the mask
    /// where the result is 0 makes of it), its spans taken in bulk: its full runs appended
    /// to the table, moved to the result's columns, and each row's head and extent's bytes
    /// copied, without a row's pieces (the first of several masks, a disc under `add`).
    /// False, with nothing done, for a mask without spans or wider than the result.
    private mutating func adopt(_ m: CoverageMask) -> Bool {
        guard !m.rowSpans.isEmpty, m.rect.x0 >= rect.x0, m.rect.x1 <= rect.x1 else { return false }
        let y0 = max(m.rect.y0, rect.y0), y1 = min(m.rect.y1, rect.y1)
        guard y0 < y1 else { return true }
        // No row points at a run yet: the table becomes the mask's.
        let dx = Int32(truncatingIfNeeded: m.rect.x0 &- rect.x0)
        fullRuns.removeAll(keepingCapacity: true)
        fullRuns.append(contentsOf: m.fullRuns)
        fullRuns.withUnsafeMutableBufferPointer { runs in
            for i in runs.indices { runs[i] &+= dx }
        }
        // Each row's head and extent's bytes (`mask_adopt_rows`): the bytes between the
        // full runs only, the runs' own left unwritten, in the result as in the mask (a
        // disc's row is two edges of a few bytes, not its width).
        let (w, mw) = (rect.width, m.rect.width)
        m.rowSpans.withUnsafeBufferPointer { ms in m.bytes.withUnsafeBufferPointer { mb in m.fullRuns.withUnsafeBufferPointer { mr32 in
        rowSpans.withUnsafeMutableBufferPointer { h in bytes.withUnsafeMutableBufferPointer { o in
        gaps.withUnsafeMutableBufferPointer { g in
            guard let from = mb.baseAddress, let to = o.baseAddress, let mHeads = ms.baseAddress, let heads = h.baseAddress,
                  let gaps = g.baseAddress else { return }
            var rows = mask_adopted_rows(count: y1 &- y0, mask_heads: mHeads + (y0 &- m.rect.y0) &* 4,
                                         mask: from + (y0 &- m.rect.y0) &* mw, mask_width: mw, mask_runs: mr32.baseAddress,
                                         heads: heads + (y0 &- rect.y0) &* 4, gaps: gaps + (y0 &- rect.y0) &* 2,
                                         bytes: to + ((y0 &- rect.y0) &* w &+ Int(dx)), width: w, dx: dx)
            mask_adopt_rows(&rows)
        } } } } } }
        return true
    }

    /// True when `m` is known to be 255 over all of `area` (from its spans; an empty area
    /// needs none), looking once at each group of rows sharing their spans.
    private static func isKnownFull(_ m: CoverageMask, over area: PixelRect) -> Bool {
        guard !area.isEmpty else { return true }
        guard !m.rowSpans.isEmpty, m.rect.intersection(area) == area else { return false }
        return m.withSpans { spans in
            var y = area.y0
            while y < area.y1 {
                guard spans.isKnownFull(y: y, x0: area.x0, x1: area.x1) else { return false }
                y = spans.rowsSharingSpans(from: y, to: area.y1)
            }
            return true
        }
    }

    /// Sets row `y` to 0.
    private mutating func clearRow(_ y: Int) {
        let hr = (y &- rect.y0) &* 4
        for i in hr..<(hr &+ 4) { rowSpans[i] = 0 }
        gaps[hr >> 1] = 0
        gaps[hr >> 1 &+ 1] = 0
    }
}

/// The fold of one mask into one row of a `CombinedMask` at a time, over buffers the fold
/// holds: the result's bytes and row heads, its runs (read) and the runs it adds.
private struct RowFold {
    let mode: MaskCombine
    let rect: PixelRect
    /// What the mode makes of each pair of kinds: the raw value of the outcome of kinds
    /// `a` and `m` in the four bits from `(a * 3 + m) * 4` (no array look-up per piece).
    let outcomes: UInt64
    /// The mode keeps the result where the mask is 0; it keeps 0 where the result is 0.
    let keepsOutside: Bool, zeroStaysZero: Bool
    /// The mode keeps the result where the mask is 255; it gives the mask where the
    /// result is 0.
    let fullKeeps: Bool, copiesIntoZero: Bool
    /// What the mode makes where the result is 255 and the mask is bytes, and is 255.
    let fromFull: (bytes: MaskCombination.Outcome, full: MaskCombination.Outcome)
    /// The mode gives 255 wherever the mask is 255, and keeps the result where it is 0.
    let fullGivesFull: Bool
    let out: UnsafeMutablePointer<UInt8>, heads: UnsafeMutablePointer<Int32>
    /// The result's gaps, two a row (`CombinedMask.gaps`).
    let gaps: UnsafeMutablePointer<Int32>
    let scratch: UnsafeMutablePointer<UInt8>
    /// The mask's and the frame's spans, bytes and rects.
    let mask: (spans: CoverageMask.Spans, bytes: UnsafePointer<UInt8>?, rect: PixelRect)
    let frame: (spans: CoverageMask.Spans, bytes: UnsafePointer<UInt8>?, rect: PixelRect)?
    /// The mask's `rowSpans` and `fullRuns`, read straight where a row needs no pieces.
    let maskTables: (heads: UnsafeBufferPointer<Int32>, runs: UnsafeBufferPointer<Int32>)
    let factor: UnsafePointer<UInt8>?
    /// The factor of a mask's 255.
    let fullFactor: Int
    /// The result's runs before this fold, which the rows' heads point into.
    let runs: UnsafeBufferPointer<Int32>
    /// The runs of the rows folded so far, to go after `runs` in the table.
    var added: AddedRuns
    /// The row's pieces of the result, of the mask and of the frame.
    private var a: Pieces, m: Pieces, f: Pieces
    /// The new row: its extent so far and where a run of 0s inside it started (device
    /// columns, `none` until set), and where its runs start in `added`.
    private var lo = 0, hi = 0, zeroFrom = 0, runStart = 0
    /// The new row's widest run of 0s written out so far (device columns, empty if none).
    private var gapLo = 0, gapHi = 0
    private static let none = Int.min

    init(mode: MaskCombine, rect: PixelRect, out: UnsafeMutablePointer<UInt8>, heads: UnsafeMutablePointer<Int32>,
         gaps: UnsafeMutablePointer<Int32>, pieces: UnsafeMutablePointer<Int>, scratch: UnsafeMutablePointer<UInt8>,
         mask: (spans: CoverageMask.Spans, bytes: UnsafePointer<UInt8>?, rect: PixelRect),
         frame: (spans: CoverageMask.Spans, bytes: UnsafePointer<UInt8>?, rect: PixelRect)?,
         maskTables: (heads: UnsafeBufferPointer<Int32>, runs: UnsafeBufferPointer<Int32>), factor: UnsafePointer<UInt8>?,
         runs: UnsafeBufferPointer<Int32>, added: AddedRuns) {
        self.mode = mode
        self.rect = rect
        let knowns: [MaskCombination.Known] = [.zero, .full, .bytes]
        outcomes = knowns.flatMap { a in knowns.map { MaskCombination.outcome(mode, a, $0) } }.enumerated().reduce(0) {
            $0 | UInt64($1.element.rawValue) << UInt64($1.offset &* 4)
        }
        keepsOutside = MaskCombination.outcome(mode, .bytes, .zero) == .kept
        zeroStaysZero = MaskCombination.outcome(mode, .zero, .bytes) == .zero
        fullKeeps = MaskCombination.outcome(mode, .bytes, .full) == .kept
        copiesIntoZero = RowFold.copiesIntoZero(mode)
        fromFull = (MaskCombination.outcome(mode, .full, .bytes), MaskCombination.outcome(mode, .full, .full))
        fullGivesFull = keepsOutside && [MaskCombination.Known.zero, .full, .bytes].allSatisfy { MaskCombination.outcome(mode, $0, .full) == .full }
        self.out = out
        self.heads = heads
        self.gaps = gaps
        self.scratch = scratch
        self.mask = mask
        self.frame = frame
        self.maskTables = maskTables
        self.factor = factor
        fullFactor = Int(factor.map { $0[255] } ?? 255)
        self.runs = runs
        self.added = added
        let stride = 2 &* (rect.width &+ 2)
        a = Pieces(pieces)
        m = Pieces(pieces + stride)
        f = Pieces(pieces + 2 &* stride)
    }

    /// True when `mode` gives the mask where the result is 0 (`add`, `lighten`, `difference`).
    static func copiesIntoZero(_ mode: MaskCombine) -> Bool {
        MaskCombination.outcome(mode, .zero, .bytes) == .mask && MaskCombination.outcome(mode, .zero, .full) == .full
    }

    /// Folds the mask into rows `y0 ..< y1`, whose columns the mask can reach lie in
    /// `x0 ..< x1`: a mask without a factor or a frame through `foldInsideFull`, which
    /// takes the rows where it lies inside a full run of the result itself and hands the
    /// others to `foldOther`; any other mask row by row through `foldOther`.
    mutating func foldRows(_ y0: Int, _ y1: Int, within x0: Int, _ x1: Int) {
        if frame == nil, factor == nil, foldInsideFull(y0, y1, within: x0, x1) { return }
        for y in y0..<y1 { foldOther(y: y, within: x0, x1) }
    }

    /// Folds the mask into row `y` (its columns within `x0 ..< x1`), a row
    /// `foldInsideFull` does not take. A row the fold leaves as it is costs a few
    /// comparisons here, not a call to `fold(y:within:_:)`: a result of 0 under a mode that
    /// keeps 0, a mask of 0 under one that keeps the result there, and a mask whose first
    /// full run holds all of the result's extent under `intersect` or `darken` (a band's
    /// inside rows). A mask without a factor or a frame over a result of 0 goes straight
    /// to `copyMask`.
    @inline(never)
    private mutating func foldOther(y: Int, within x0: Int, _ x1: Int) {
        let plain = frame == nil && factor == nil
        let hr = (y &- rect.y0) &* 4
        let aLo = rect.x0 &+ Int(heads[hr]), aHi = rect.x0 &+ Int(heads[hr &+ 1])
        if aLo >= aHi, zeroStaysZero { return }
        let (lo, hi) = mask.spans.extent(y: y, within: x0, x1)
        if keepsOutside, frame == nil, lo >= hi { return }
        if plain, lo < hi, aLo >= aHi, copiesIntoZero { return copyMask(y: y, hr, lo, hi) }
        let my0 = mask.rect.y0, mx0 = mask.rect.x0
        if fullKeeps, frame == nil, fullFactor == 255, !maskTables.heads.isEmpty, y >= my0, y < mask.rect.y1 {
            let mr = (y &- my0) &* 4, i = Int(maskTables.heads[mr &+ 2])
            if i < Int(maskTables.heads[mr &+ 3]), mx0 &+ Int(maskTables.runs[i]) <= aLo,
               mx0 &+ Int(maskTables.runs[i &+ 1]) >= aHi { return }
        }
        fold(y: y, within: x0, x1)
    }

    /// Folds the mask into row `y`, whose columns the mask can reach lie in `x0 ..< x1`.
    @inline(never)
    mutating func fold(y: Int, within x0: Int, _ x1: Int) {
        let hr = (y &- rect.y0) &* 4
        var (mLo, mHi) = mask.spans.extent(y: y, within: x0, x1)
        if let frame { (mLo, mHi) = frame.spans.extent(y: y, within: mLo, mHi) }
        let aLo = rect.x0 &+ Int(heads[hr]), aHi = rect.x0 &+ Int(heads[hr &+ 1])
        guard mLo < mHi else {
            if !keepsOutside { setRow(hr, extent: 0, 0, runs: 0, 0) }
            return
        }
        if aLo >= aHi, zeroStaysZero { return }
        if aLo >= aHi, copiesIntoZero, frame == nil, factor == nil {
            copyMask(y: y, hr, mLo, mHi)
            return
        }
        // A mask at 255 over the whole of the result's extent leaves the row as it is under
        // `intersect` and `darken` (a rectangle's inside rows, a frame's).
        if fullKeeps, aLo >= mLo, aHi <= mHi, fullFactor == 255, mask.spans.isKnownFull(y: y, x0: aLo, x1: aHi),
           frame.map({ $0.spans.isKnownFull(y: y, x0: aLo, x1: aHi) }) ?? true { return }
        // A mask inside one of the result's full runs, under a mode that keeps 255 and
        // what the mask does not reach (`add`, `lighten`), leaves the row as it is. (Without
        // a factor or a frame, `foldInsideFull` has taken such rows.)
        if fromFull == (.full, .full), keepsOutside, aLo <= mLo, mHi <= aHi, fullRun(holding: hr, mLo, mHi) != nil { return }
        // A mask row that is one full run with a few bytes each side (an axis-aligned
        // rectangle's) under a mode that gives 255 wherever the mask is 255 (`add`,
        // `lighten`): spliced in by its columns.
        if fullGivesFull, frame == nil, factor == nil, aLo < aHi, let run = oneFullRun(y: y, mLo, mHi) {
            return foldOneRun(y: y, hr, mLo, mHi, run: run.s, run.e, aLo, aHi)
        }
        // Both sides as pieces: the result's from its own tables, the mask's (and its
        // frame's) from their spans.
        if aLo < aHi {
            a.reset(aLo, aHi)
            var x = aLo, i = Int(heads[hr &+ 2])
            let end = Int(heads[hr &+ 3])
            while i < end {
                let s = rect.x0 &+ Int(runs[i]), e = rect.x0 &+ Int(runs[i &+ 1])
                if s > x { a.append(s, Pieces.bytes) }
                a.append(e, Pieces.full)
                x = e
                i &+= 2
            }
            if x < aHi { a.append(aHi, Pieces.bytes) }
        } else {
            a.reset(.max, .max)
        }
        m.reset(mLo, mHi)
        mask.spans.forEach(y: y, within: mLo, mHi) { _, e, full in m.append(e, full ? Pieces.full : Pieces.bytes) }
        if let frame {
            f.reset(mLo, mHi)
            frame.spans.forEach(y: y, within: mLo, mHi) { _, e, full in f.append(e, full ? Pieces.full : Pieces.bytes) }
        }

        // The rows of the result, the mask and the frame, from device column 0.
        let row = out + ((y &- rect.y0) &* rect.width &- rect.x0)
        let mRow = mask.bytes.map { $0 + ((y &- mask.rect.y0) &* mask.rect.width &- mask.rect.x0) }
        let fRow = frame.flatMap { fr in fr.bytes.map { $0 + ((y &- fr.rect.y0) &* fr.rect.width &- fr.rect.x0) } }
        lo = RowFold.none
        hi = RowFold.none
        zeroFrom = RowFold.none
        runStart = added.count
        (gapLo, gapHi) = (0, 0)
        // The row's gap stays where the pieces over it keep the result (or are 0): a piece
        // that changes it leaves the part on its left as a gap found, the rest on its right
        // still to be walked.
        var (oldLo, oldHi) = aLo < aHi ? (rect.x0 &+ Int(gaps[hr >> 1]), rect.x0 &+ Int(gaps[hr >> 1 &+ 1])) : (0, 0)
        var x = aLo < aHi ? min(aLo, mLo) : mLo
        let end = aLo < aHi ? max(aHi, mHi) : mHi
        while x < end {
            let (ka, ea) = a.at(x)
            var (km, em) = m.at(x)
            let kc = km
            var kf = Pieces.full
            if frame != nil, km != Pieces.zero {
                let (k, e) = f.at(x)
                kf = k
                em = min(em, e)
            }
            // The mask's bytes are its values' own unless a factor or a frame's edge
            // changes them.
            var derived = false
            if km == Pieces.full, kf == Pieces.full {
                if fullFactor == 0 { km = Pieces.zero } else if fullFactor != 255 { km = Pieces.bytes; derived = true }
            } else if km != Pieces.zero, kf == Pieces.bytes || factor != nil {
                km = Pieces.bytes
                derived = true
            }
            let e = min(ea, em), n = e &- x
            let outcome = MaskCombination.Outcome(bits: UInt8(truncatingIfNeeded: outcomes >> UInt64((ka &* 3 &+ km) &* 4)) & 15)
            if outcome != .kept, outcome != .zero, x < oldHi, e > oldLo {
                if x &- oldLo > gapHi &- gapLo { (gapLo, gapHi) = (oldLo, x) }
                oldLo = e
            }
            switch outcome {
            case .zero: emit(x, e, Pieces.zero, row)
            case .full: emit(x, e, Pieces.full, row)
            case .kept: emit(x, e, Pieces.bytes, row)
            case .mask:
                RowFold.copy(maskBytes(x, n, derived ? (kc, kf) : nil, mRow, fRow), into: row + x, count: n)
                emit(x, e, Pieces.bytes, row)
            case .inverseMask:
                MaskCombination.inverse(maskBytes(x, n, derived ? (kc, kf) : nil, mRow, fRow), into: row + x, count: n)
                emit(x, e, Pieces.bytes, row)
            case .inverse:
                MaskCombination.inverse(row + x, into: row + x, count: n)
                emit(x, e, Pieces.bytes, row)
            case .formula:
                MaskCombination.formula(mode, onto: row + x, maskBytes(x, n, derived ? (kc, kf) : nil, mRow, fRow), count: n)
                emit(x, e, Pieces.bytes, row)
            }
            x = e
        }
        if lo == RowFold.none {
            setRow(hr, extent: 0, 0, runs: 0, 0)
        } else {
            if oldHi &- oldLo > gapHi &- gapLo { (gapLo, gapHi) = (oldLo, oldHi) }
            setRow(hr, extent: lo &- rect.x0, hi &- rect.x0, runs: runStart, added.count,
                   gap: max(gapLo, lo) &- rect.x0, min(gapHi, hi) &- rect.x0)
        }
    }

    /// The full run of the mask's row `y` within its extent `lo ..< hi` (not empty) when it
    /// is the row's only one and leaves at most `RowFold.edgeBytes` bytes each side (read
    /// from the mask's bytes), else nil.
    @inline(__always)
    private func oneFullRun(y: Int, _ lo: Int, _ hi: Int) -> (s: Int, e: Int)? {
        let heads = maskTables.heads, runs = maskTables.runs, mx0 = mask.rect.x0
        guard !heads.isEmpty, y >= mask.rect.y0, y < mask.rect.y1 else { return nil }
        let r = (y &- mask.rect.y0) &* 4, i = Int(heads[r &+ 2])
        guard i &+ 2 == Int(heads[r &+ 3]) else { return nil }
        let s = max(lo, mx0 &+ Int(runs[i])), e = min(hi, mx0 &+ Int(runs[i &+ 1]))
        guard s < e, s &- lo <= RowFold.edgeBytes, hi &- e <= RowFold.edgeBytes, s == lo && e == hi || mask.bytes != nil else { return nil }
        return (s, e)
    }

    /// The most bytes each side of a mask row's one full run that `foldOneRun` works out
    /// one at a time (a rectangle's edge on fractional columns is one).
    private static let edgeBytes = 4

    /// Folds a mask row `y` (heads at `hr`) that is bytes over `lo ..< s` and `e ..< hi` and
    /// 255 over `s ..< e` (0 elsewhere) into the result's extent `aLo ..< aHi` (not empty),
    /// under a mode that keeps the result where the mask is 0 and gives 255 where either is
    /// (`add`, `lighten`), as `fold(y:within:_:)`'s walk does, without it: the result's runs
    /// stay, `s ..< e` becomes one run with those it touches, each byte of the mask outside
    /// the result's runs is the mode's formula on it and the result's value there (0
    /// outside its extent), and the columns between the two extents, when apart, are
    /// written 0. The row's gap is the widest of the 0s written between the extents, the
    /// part of the old gap left of `lo` (when the mask reaches into it) and the part right
    /// of `hi`, the earlier on a tie.
    @inline(never)
    private mutating func foldOneRun(y: Int, _ hr: Int, _ lo: Int, _ hi: Int, run s0: Int, _ e0: Int, _ aLo: Int, _ aHi: Int) {
        let x0 = rect.x0, start = added.count, first = Int(heads[hr &+ 2]), last = Int(heads[hr &+ 3])
        let row = out + ((y &- rect.y0) &* rect.width &- x0)
        // The mask's bytes each side of its run, where the result has no run: the formula.
        if let mBytes = mask.bytes, s0 > lo || e0 < hi {
            let mRow = mBytes + ((y &- mask.rect.y0) &* mask.rect.width &- mask.rect.x0)
            var i = first, x = lo == s0 ? e0 : lo
            while x < hi {
                while i < last, x0 &+ Int(runs[i &+ 1]) <= x { i &+= 2 }
                if i >= last || x0 &+ Int(runs[i]) > x {
                    let a = x >= aLo && x < aHi ? UInt32(row[x]) : 0
                    row[x] = MaskCombination.combine(a, UInt32(mRow[x]), mode)
                }
                x &+= 1
                if x == s0 { x = e0 }
            }
        }
        // The runs ending before `s0`, the run over `s0 ..< e0` with those it touches, the rest.
        var i = first
        while i < last, x0 &+ Int(runs[i &+ 1]) < s0 {
            added.append(runs[i], runs[i &+ 1], after: start)
            i &+= 2
        }
        var s = s0, e = e0
        while i < last, x0 &+ Int(runs[i]) <= e0 {
            s = min(s, x0 &+ Int(runs[i]))
            e = max(e, x0 &+ Int(runs[i &+ 1]))
            i &+= 2
        }
        added.append(Int32(truncatingIfNeeded: s &- x0), Int32(truncatingIfNeeded: e &- x0), after: start)
        while i < last {
            added.append(runs[i], runs[i &+ 1], after: start)
            i &+= 2
        }
        var (oldLo, oldHi) = (x0 &+ Int(gaps[hr >> 1]), x0 &+ Int(gaps[hr >> 1 &+ 1]))
        var (gapLo, gapHi) = (0, 0)
        if hi < aLo {
            (row + hi).update(repeating: 0, count: aLo &- hi)
            (gapLo, gapHi) = (hi, aLo)
        } else if aHi < lo {
            (row + aHi).update(repeating: 0, count: lo &- aHi)
            (gapLo, gapHi) = (aHi, lo)
        } else if lo < oldHi, hi > oldLo {
            if lo > oldLo { (gapLo, gapHi) = (oldLo, lo) }
            oldLo = hi
        }
        if oldHi &- oldLo > gapHi &- gapLo { (gapLo, gapHi) = (oldLo, oldHi) }
        let newLo = min(aLo, lo), newHi = max(aHi, hi)
        setRow(hr, extent: newLo &- x0, newHi &- x0, runs: start, added.count, gap: max(gapLo, newLo) &- x0, min(gapHi, newHi) &- x0)
    }

    /// The index in `runs` of the full run of the result's row at `hr` (its heads' index)
    /// that holds columns `lo ..< hi`, or nil.
    @inline(__always)
    private func fullRun(holding hr: Int, _ lo: Int, _ hi: Int) -> Int? {
        let x0 = rect.x0, last = Int(heads[hr &+ 3])
        var i = Int(heads[hr &+ 2])
        while i < last, x0 &+ Int(runs[i &+ 1]) < hi { i &+= 2 }
        guard i < last, x0 &+ Int(runs[i]) <= lo else { return nil }
        return i
    }

    /// Folds a mask without a factor or a frame into rows `y0 ..< y1` (its columns within
    /// `x0 ..< x1`), taking itself the rows the mode leaves as they are (a result of 0
    /// under a mode that keeps 0, a mask of 0 under one that keeps the result there) and
    /// those where a full run of the result holds all of the mask's extent (a hole inside a
    /// disc): there the mode's closed forms of 255 and the mask (`fromFull`) take the
    /// mask's pieces, read from its tables, with no walk of the result's pieces, and the
    /// rest of the row stays where the mode keeps the result outside the mask (else it is
    /// 0). A mask row of one full run over a result row of 0 is copied here too, and over
    /// a result row (`add`, `lighten`) it goes to `foldOneRun` (a square beside a ring).
    /// Other rows go to `foldOther`. False, with nothing done, for a mask without bytes.
    ///
    /// Everything it reads is taken into locals once, and the runs go to a local copy of
    /// `added`: a hole's every row comes here, and a call per row cost more in set-up
    /// than the row's work.
    @inline(never)
    private mutating func foldInsideFull(_ y0: Int, _ y1: Int, within x0: Int, _ x1: Int) -> Bool {
        let (ofBytes, ofFull) = fromFull
        // Where the result is 255, a mask's bytes give 255, the mask's bytes or their
        // inverse, and its 255s give 255 or 0, whatever the mode (`MaskCombination.outcome`).
        switch (ofBytes, ofFull) {
        case (.full, .full), (.full, .zero), (.mask, .full), (.mask, .zero), (.inverseMask, .full), (.inverseMask, .zero): break
        default: return false
        }
        guard let mBytes = mask.bytes else { return false }
        let unchanged = ofBytes == .full && ofFull == .full && keepsOutside
        let (keeps, zeroStays) = (keepsOutside, zeroStaysZero)
        let rx0 = rect.x0, ry0 = rect.y0, w = rect.width, base = runs.count
        let (heads, out, gaps) = (self.heads, self.out, self.gaps)
        let (mh, mr) = maskTables
        let mx0 = mask.rect.x0, my0 = mask.rect.y0, my1 = mask.rect.y1, mw = mask.rect.width, mx1 = mask.rect.x1
        var added = self.added
        defer { self.added = added }
        let copies = copiesIntoZero, givesFull = fullGivesFull
        // The run a row of 0 took last from a mask row of one full run, and its place in
        // `added` (none yet: -1).
        var shared = (run: (Int32(0), Int32(0)), at: -1)
        // `subtract` (a hole cut in a disc): its rows go through `cutHoleRows` first.
        let cuts = ofBytes == .inverseMask && ofFull == .zero && keeps && zeroStays && !mh.isEmpty
        var y = y0
        while y < y1 {
            if cuts {
                y = cutHoleRows(y, y1, within: x0, x1, mask: mBytes, into: &added)
                guard y < y1 else { break }
            }
            let hr = (y &- ry0) &* 4
            let aLo = rx0 &+ Int(heads[hr]), aHi = rx0 &+ Int(heads[hr &+ 1])
            if aLo >= aHi, zeroStays {
                y &+= 1
                continue
            }
            // The mask's extent on the row (`CoverageMask.Spans.extent`).
            var lo = x0, hi = x0
            let r = (y &- my0) &* 4
            if y >= my0, y < my1 {
                (lo, hi) = mh.isEmpty ? (max(x0, mx0), min(x1, mx1)) : (max(x0, mx0 &+ Int(mh[r])), min(x1, mx0 &+ Int(mh[r &+ 1])))
            }
            if lo >= hi, keeps {
                y &+= 1
                continue
            }
            // A mask row that is one full run and bytes over a result row of 0, under a mode
            // that gives the mask there (a square beside a ring): its bytes copied, its run
            // the row's, shared with the row above when the same (`copyMask`, without the
            // call and with no run added again), in C with the rows after it that are alike
            // (`copyRunRows`).
            if copies, aLo >= aHi, lo < hi, !mh.isEmpty, Int(mh[r &+ 3]) == Int(mh[r &+ 2]) &+ 2 {
                let next = copyRunRows(y, y1, within: x0, x1, mask: mBytes, shared: &shared, into: &added)
                if next > y {
                    y = next
                    continue
                }
            }
            guard lo < hi, aLo <= lo, hi <= aHi, let i = fullRun(holding: hr, lo, hi) else {
                self.added = added
                // A rectangle's row over the result's (`add`, `lighten`) goes straight to
                // `foldOneRun`, where `fold(y:within:_:)` would take it after its checks.
                if givesFull, aLo < aHi, let run = oneFullRun(y: y, lo, hi) {
                    foldOneRun(y: y, hr, lo, hi, run: run.s, run.e, aLo, aHi)
                } else {
                    foldOther(y: y, within: x0, x1)
                }
                added = self.added
                y &+= 1
                continue
            }
            y &+= 1
            if unchanged { continue }
            let row = out + ((y &- 1 &- ry0) &* w &- rx0), mRow = mBytes + ((y &- 1 &- my0) &* mw &- mx0)
            let first = Int(heads[hr &+ 2]), last = Int(heads[hr &+ 3]), from = added.count
            // The runs left of the mask's extent, and the part of the run holding it.
            var k = keeps ? first : i
            while k < i {
                added.append(runs[k], runs[k &+ 1], after: from)
                k &+= 2
            }
            let (s, e) = (runs[i], runs[i &+ 1])
            let (lo32, hi32) = (Int32(truncatingIfNeeded: lo &- rx0), Int32(truncatingIfNeeded: hi &- rx0))
            if keeps, s < lo32 { added.append(s, lo32, after: from) }
            // The row's gap: kept where the row's extent is (outside the run that holds the
            // mask), else none; a full run of the mask that gives 0 may be wider.
            var (gap0, gap1) = keeps ? (gaps[hr >> 1], gaps[hr >> 1 &+ 1]) : (0, 0)
            // The mask's pieces: bytes between its full runs.
            var x = lo, j = mh.isEmpty ? 0 : Int(mh[r &+ 2])
            let jEnd = mh.isEmpty ? 0 : Int(mh[r &+ 3])
            while x < hi {
                var a = hi, b = hi
                while j < jEnd {
                    a = max(x, mx0 &+ Int(mr[j]))
                    b = min(hi, mx0 &+ Int(mr[j &+ 1]))
                    j &+= 2
                    if a < b { break }
                    (a, b) = (hi, hi)
                }
                if a > x {
                    let n = a &- x
                    switch ofBytes {
                    case .mask: RowFold.copy(mRow + x, into: row + x, count: n)
                    case .inverseMask: MaskCombination.inverse(mRow + x, into: row + x, count: n)
                    default: added.append(Int32(truncatingIfNeeded: x &- rx0), Int32(truncatingIfNeeded: a &- rx0), after: from)
                    }
                }
                if a < b {
                    if ofFull == .full {
                        added.append(Int32(truncatingIfNeeded: a &- rx0), Int32(truncatingIfNeeded: b &- rx0), after: from)
                    } else {
                        (row + a).update(repeating: 0, count: b &- a)
                        if Int32(truncatingIfNeeded: b &- a) > gap1 &- gap0 {
                            (gap0, gap1) = (Int32(truncatingIfNeeded: a &- rx0), Int32(truncatingIfNeeded: b &- rx0))
                        }
                    }
                }
                x = b
            }
            let runsEnd: Int
            if keeps {
                if hi32 < e { added.append(hi32, e, after: from) }
                k = i &+ 2
                while k < last {
                    added.append(runs[k], runs[k &+ 1], after: from)
                    k &+= 2
                }
                runsEnd = added.count
            } else {
                runsEnd = added.count
                heads[hr] = lo32
                heads[hr &+ 1] = hi32
            }
            heads[hr &+ 2] = Int32(truncatingIfNeeded: base &+ from)
            heads[hr &+ 3] = Int32(truncatingIfNeeded: base &+ runsEnd)
            gaps[hr >> 1] = gap0
            gaps[hr >> 1 &+ 1] = gap1
        }
        return true
    }

    /// Rows from `y0` on (before `y1`, the mask's columns within `x0 ..< x1`) under a mode
    /// that keeps the result outside the mask and 0 where it is 0, and makes 255 minus the
    /// mask's bytes of a full run's bytes and 0 of its 255s (`subtract`): what
    /// `foldInsideFull` does with them, as long as each row is one the mode leaves as it is
    /// or a mask row of at most one full run (a disc's) whose extent lies inside one full
    /// run of the result (a hole inside a disc), in C (`mask_cut_hole_rows`). Returns the
    /// first row it does not take (`y1` when it takes them all), for `foldInsideFull`'s
    /// own loop, which takes that row (and grows `added`, the caller's copy of the fold's
    /// runs, when it lacked room).
    ///
    /// A hole's every row comes here: `foldInsideFull`'s loop, holding every case's state,
    /// spent about 360 instructions a row on it (masks_four, callgrind), mostly spills and
    /// set-up; this loop about 235, its hole's 0s written included (its edges in words; 265
    /// before it walked its rows by pointers, session 21).
    @inline(never)
    private func cutHoleRows(_ y0: Int, _ y1: Int, within x0: Int, _ x1: Int, mask mBytes: UnsafePointer<UInt8>,
                             into added: inout AddedRuns) -> Int {
        guard let mHeads = maskTables.heads.baseAddress else { return y0 }
        let (mRuns, oldRuns) = (maskTables.runs.baseAddress, runs.baseAddress)
        let (r, mRect, heads, out, gaps, base) = (self.rect, mask.rect, self.heads, self.out, self.gaps, runs.count)
        return added.withMemory { memory, room, count in
            var rows = mask_hole_rows(x0: r.x0, y0: r.y0, width: r.width, bytes: out, heads: heads, gaps: gaps,
                                      runs: oldRuns, base: base, mask_x0: mRect.x0, mask_y0: mRect.y0, mask_y1: mRect.y1,
                                      mask_width: mRect.width, mask: mBytes, mask_heads: mHeads, mask_runs: mRuns,
                                      lo: x0, hi: x1, added: memory, count: count, room: room)
            let y = mask_cut_hole_rows(&rows, y0, y1)
            count = rows.count
            return y
        }
    }

    /// Rows from `y0` on (before `y1`, the mask's columns within `x0 ..< x1`) of a result of
    /// 0 under a mode that gives the mask there (`add`, `lighten`, `difference`), as long as
    /// each is a mask row of 0 or one of one full run: what `foldInsideFull` does with them,
    /// in C (`mask_copy_run_rows`), `shared` (its run and place in `added`, -1 while none)
    /// the run the rows share. Returns the first row it does not take (`y1` when it takes
    /// them all).
    ///
    /// A square's rows above a ring's come here: in `foldInsideFull`'s loop they cost about
    /// 100 instructions a row (masks_four, callgrind).
    @inline(never)
    private func copyRunRows(_ y0: Int, _ y1: Int, within x0: Int, _ x1: Int, mask mBytes: UnsafePointer<UInt8>,
                             shared: inout (run: (Int32, Int32), at: Int), into added: inout AddedRuns) -> Int {
        guard let mHeads = maskTables.heads.baseAddress else { return y0 }
        let (r, mRect, base) = (self.rect, mask.rect, runs.count)
        let (heads, out, gaps, mRuns) = (self.heads, self.out, self.gaps, maskTables.runs.baseAddress)
        return added.withMemory { memory, room, count in
            var rows = mask_hole_rows(x0: r.x0, y0: r.y0, width: r.width, bytes: out, heads: heads, gaps: gaps,
                                      runs: nil, base: base, mask_x0: mRect.x0, mask_y0: mRect.y0, mask_y1: mRect.y1,
                                      mask_width: mRect.width, mask: mBytes, mask_heads: mHeads, mask_runs: mRuns,
                                      lo: x0, hi: x1, added: memory, count: count, room: room)
            var (s, e, at) = (shared.run.0, shared.run.1, shared.at)
            let y = mask_copy_run_rows(&rows, y0, y1, &s, &e, &at)
            count = rows.count
            shared = ((s, e), at)
            return y
        }
    }

    /// Row `y` where the result is 0 and the mode gives the mask itself (`add`, `lighten`,
    /// `difference`): the mask's row over its extent `lo ..< hi`, its full runs as runs and
    /// the bytes between them copied.
    @inline(never)
    private mutating func copyMask(y: Int, _ hr: Int, _ lo: Int, _ hi: Int) {
        let row = out + ((y &- rect.y0) &* rect.width &- rect.x0), x0 = rect.x0
        let mRow = mask.bytes.map { $0 + ((y &- mask.rect.y0) &* mask.rect.width &- mask.rect.x0) }
        let start = added.count
        // A rectangle's row: its one full run, and the few bytes each side copied.
        if let run = oneFullRun(y: y, lo, hi), let mRow {
            for x in lo..<run.s { row[x] = mRow[x] }
            for x in run.e..<hi { row[x] = mRow[x] }
            added.append(Int32(truncatingIfNeeded: run.s &- x0), Int32(truncatingIfNeeded: run.e &- x0), after: start)
            return setRow(hr, extent: lo &- x0, hi &- x0, runs: start, added.count)
        }
        mask.spans.forEach(y: y, within: lo, hi) { a, b, full in
            if !full {
                if let mRow { RowFold.copy(mRow + a, into: row + a, count: b &- a) }
            } else {
                added.append(Int32(truncatingIfNeeded: a &- x0), Int32(truncatingIfNeeded: b &- x0), after: start)
            }
        }
        setRow(hr, extent: lo &- x0, hi &- x0, runs: start, added.count)
    }

    /// `count` bytes from `from` to `to`: a short piece (a shape's edge on most rows) byte by
    /// byte, without a call.
    @inline(__always)
    static func copy(_ from: UnsafePointer<UInt8>, into to: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 16 else {
            for i in 0..<count { to[i] = from[i] }
            return
        }
        to.update(from: from, count: count)
    }

    /// The mask's `n` bytes from column `x`: its values' own (`derived` nil), or made from
    /// the values' kind and bytes through the factor and times the frame's (`derived`
    /// holds the kinds of the values and of the frame there).
    @inline(__always)
    private func maskBytes(_ x: Int, _ n: Int, _ derived: (values: Int, frame: Int)?, _ mRow: UnsafePointer<UInt8>?,
                           _ fRow: UnsafePointer<UInt8>?) -> UnsafePointer<UInt8> {
        guard let derived else { return mRow.map { $0 + x } ?? UnsafePointer(scratch) }
        for i in 0..<n {
            let c = derived.values == Pieces.full ? 255 : Int(mRow.map { $0[x &+ i] } ?? 0)
            let k = factor.map { $0[c] } ?? UInt8(truncatingIfNeeded: c)
            scratch[i] = derived.frame == Pieces.full ? k : mulDiv255(UInt32(fRow.map { $0[x &+ i] } ?? 0), UInt32(k))
        }
        return UnsafePointer(scratch)
    }

    /// Notes that columns `x0 ..< x1` of the new row (from `row`) are `k`; a run of 0s
    /// between pieces that are not is written out, the extent being one range.
    @inline(__always)
    private mutating func emit(_ x0: Int, _ x1: Int, _ k: Int, _ row: UnsafeMutablePointer<UInt8>) {
        if k == Pieces.zero {
            if lo != RowFold.none, zeroFrom == RowFold.none { zeroFrom = x0 }
            return
        }
        if lo == RowFold.none {
            lo = x0
        } else if zeroFrom != RowFold.none {
            (row + zeroFrom).update(repeating: 0, count: x0 &- zeroFrom)
            if x0 &- zeroFrom > gapHi &- gapLo { (gapLo, gapHi) = (zeroFrom, x0) }
        }
        zeroFrom = RowFold.none
        hi = x1
        guard k == Pieces.full else { return }
        added.append(Int32(truncatingIfNeeded: x0 &- rect.x0), Int32(truncatingIfNeeded: x1 &- rect.x0), after: runStart)
    }

    /// Row heads point at added runs by their place in the table, after the old ones. The
    /// row's gap is `gap0 ..< gap1` (none when empty); columns from `rect.x0`.
    @inline(__always)
    private func setRow(_ hr: Int, extent lo: Int, _ hi: Int, runs start: Int, _ end: Int, gap gap0: Int = 0, _ gap1: Int = 0) {
        heads[hr] = Int32(truncatingIfNeeded: lo)
        heads[hr &+ 1] = Int32(truncatingIfNeeded: hi)
        heads[hr &+ 2] = Int32(truncatingIfNeeded: runs.count &+ start)
        heads[hr &+ 3] = Int32(truncatingIfNeeded: runs.count &+ end)
        let gap = gap0 < gap1 ? (Int32(truncatingIfNeeded: gap0), Int32(truncatingIfNeeded: gap1)) : (0, 0)
        gaps[hr >> 1] = gap.0
        gaps[hr >> 1 &+ 1] = gap.1
    }
}

/// The runs a fold adds, two integers a run, in memory of its own that doubles as it fills:
/// appended to without the checks of an array's append, once a piece.
struct AddedRuns {
    private var base: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
        base = .allocate(capacity: self.capacity)
    }

    /// The runs added.
    var buffer: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: base, count: count) }

    /// Hands the memory, its room (integers) and the count of those used to `body`,
    /// which may append runs within the room and move the count on.
    mutating func withMemory<R>(_ body: (UnsafeMutablePointer<Int32>, Int, inout Int) -> R) -> R {
        body(base, capacity, &count)
    }

    /// Adds the run `s ..< e`, or extends the last one when it ends at `s` and was added at
    /// or after `start` (the row's first).
    @inline(__always)
    mutating func append(_ s: Int32, _ e: Int32, after start: Int) {
        if count > start, base[count &- 1] == s {
            base[count &- 1] = e
            return
        }
        if count &+ 2 > capacity { grow() }
        base[count] = s
        base[count &+ 1] = e
        count &+= 2
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Int32>.allocate(capacity: capacity &* 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity &*= 2
    }

    /// Frees the memory; the runs must not be read afterwards.
    func deallocate() {
        base.deallocate()
    }
}

/// One row's pieces of a side of a fold, left to right from its extent's start: where each
/// ends and what it is known to be (`zero`, `full` or `bytes`, as `MaskCombination.Known`
/// numbers them), held two integers a piece in a buffer the fold lends.
private struct Pieces {
    static let zero = MaskCombination.Known.zero.rawValue
    static let full = MaskCombination.Known.full.rawValue
    static let bytes = MaskCombination.Known.bytes.rawValue

    private let buffer: UnsafeMutablePointer<Int>
    private var count = 0, next = 0, lo = 0, hi = 0

    init(_ buffer: UnsafeMutablePointer<Int>) {
        self.buffer = buffer
    }

    /// Starts a row whose extent is `lo ..< hi`: 0 outside, pieces appended inside.
    @inline(__always)
    mutating func reset(_ lo: Int, _ hi: Int) {
        count = 0
        next = 0
        self.lo = lo
        self.hi = hi
    }

    /// Adds the piece from the last one's end (or the extent's start) to `end`.
    @inline(__always)
    mutating func append(_ end: Int, _ kind: Int) {
        buffer[count &* 2] = end
        buffer[count &* 2 &+ 1] = kind
        count &+= 1
    }

    /// What the piece at column `x` is and where it ends; `x` never goes back within a row.
    @inline(__always)
    mutating func at(_ x: Int) -> (kind: Int, end: Int) {
        if x < lo { return (Pieces.zero, lo) }
        if x >= hi { return (Pieces.zero, .max) }
        while buffer[next &* 2] <= x { next &+= 1 }
        return (buffer[next &* 2 &+ 1], buffer[next &* 2])
    }
}

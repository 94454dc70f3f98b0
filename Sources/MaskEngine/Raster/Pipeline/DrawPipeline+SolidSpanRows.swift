import CPixels

extension DrawPipeline {
    /// Rows `rows` of `runSolidMaskedFill` for an opaque `color`, where the coverage is
    /// known full over the region's columns `x0 ..< x1`: each row is one
    /// `mask_solid_span_row` along the mask's own entries (its extent, its full runs filled,
    /// its bytes between them), with the row's stale columns handed to the kernel
    /// (`BackdropRows.takeStaleColumns`), which writes them once: the backdrop before the
    /// extent, the colour blended onto `backdropPixel` at the edges. No pieces are walked
    /// here. `maskBytes` and `pixels` are the mask's bytes (over `mask.rect`) and the
    /// surface's pixels (over `surface`).
    static func solidSpanRows(_ color: UInt32, rows: Range<Int>, x0: Int, x1: Int, mask: CoverageMask.Spans,
                              maskBytes: UnsafePointer<UInt8>, surface: PixelRect, pixels: UnsafeMutablePointer<UInt8>,
                              backdrop: BackdropRows, backdropPixel: UInt32) {
        // The rows' origins and strides in locals, so the loop reloads none of them.
        let mw = mask.rect.width, maskOrigin = mask.rect.y0 &* mw &+ mask.rect.x0
        let sw = surface.width, dstOrigin = surface.y0 &* sw &+ surface.x0
        var span = mask_solid_span(mask: nil, dst: nil, runs: nil, run_count: 0, origin: mask.rect.x0, lo: 0, hi: 0,
                                   stale_start: 0, stale_end: 0)
        for y in rows {
            guard let entries = mask.entries(y: y) else { continue }
            let lo = max(x0, entries.lo), hi = min(x1, entries.hi)
            guard lo < hi else { continue }
            let stale = backdrop.takeStaleColumns(y: y, before: hi)
            span.mask = maskBytes + (y &* mw &- maskOrigin)
            span.dst = pixels + (y &* sw &- dstOrigin) &* 4
            span.runs = entries.runs
            span.run_count = entries.pairs
            span.lo = lo
            span.hi = hi
            span.stale_start = stale.start
            span.stale_end = stale.end
            mask_solid_span_row(color, backdropPixel, &span)
        }
    }
}

import CPixels

extension DrawPipeline {
    /// Rows `rows` of `runSolidMaskedFill` for an opaque `color`, where the coverage is
    /// known full over the region's columns `x0 ..< x1`: one `mask_solid_span_rows` call,
    /// which walks each row along the mask's own spans (its extent, its full runs filled, its
    /// bytes between them) and takes the rows' stale columns (`BackdropRows.staleStarts`),
    /// writing them once: the backdrop before the extent, the colour blended onto
    /// `backdropPixel` at the edges. `maskBytes` and `pixels` are the mask's bytes (over
    /// `mask.rect`) and the surface's pixels (over `surface`). `runs` are the runs of the
    /// colour the pixels hold already and the room for those drawn, two entries a row of
    /// `runs.rows` each (`SolidRuns.draw`).
    static func solidSpanRows(_ color: UInt32, rows: Range<Int>, x0: Int, x1: Int, mask: CoverageMask.Spans,
                              maskBytes: UnsafePointer<UInt8>, surface: PixelRect, pixels: UnsafeMutablePointer<UInt8>,
                              backdrop: BackdropRows, backdropPixel: UInt32,
                              runs: (held: UnsafePointer<Int32>?, drawn: UnsafeMutablePointer<Int32>?, rows: Range<Int>)) {
        let m = mask.rect, y0 = rows.lowerBound
        var spec = mask_solid_span_rows(
            band: mask_band(rows: rows, x0: x0, x1: x1, mask: mask, maskRow: maskBytes + ((y0 &- m.y0) &* m.width &- m.x0),
                            maskStride: m.width, dst: pixels + ((y0 &- surface.y0) &* surface.width &- surface.x0) &* 4,
                            dstStride: surface.width &* 4, backdrop: backdrop),
            held_runs: runs.held, drawn_runs: runs.drawn, runs_y0: runs.rows.lowerBound, runs_y1: runs.rows.upperBound)
        mask_solid_span_rows(color, backdropPixel, &spec)
    }
}

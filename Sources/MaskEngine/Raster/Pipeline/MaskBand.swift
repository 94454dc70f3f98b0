import CPixels

extension mask_band {
    /// The band the row kernels walk (`mask_solid_span_rows`, `mask_solid_cover_rows`,
    /// `mask_scaled_span_rows`): rows `rows` and columns `x0 ..< x1` through `mask`'s spans
    /// (read from the first row on), `maskRow` the first row's mask bytes at device column 0
    /// and `maskStride` the step to the next, `dst` the first row's pixels at column 0 and
    /// `dstStride` the step in bytes, and the frame's stale rows of `backdrop`.
    init(rows: Range<Int>, x0: Int, x1: Int, mask: CoverageMask.Spans, maskRow: UnsafePointer<UInt8>, maskStride: Int,
         dst: UnsafeMutablePointer<UInt8>, dstStride: Int, backdrop: BackdropRows) {
        let m = mask.rect, y0 = rows.lowerBound, tables = mask.tables, stale = backdrop.staleStarts
        self.init(y0: y0, y1: rows.upperBound, x0: x0, x1: x1,
                  spans: tables.map { $0.rows + (y0 &- m.y0) &* 4 }, runs: tables?.runs, origin: m.x0,
                  mask: maskRow, mask_stride: maskStride, dst: dst, dst_stride: dstStride,
                  stale_starts: stale?.starts, stale_y0: stale?.rect.y0 ?? 0, stale_y1: stale?.rect.y1 ?? 0,
                  stale_x1: stale?.rect.x1 ?? 0)
    }
}

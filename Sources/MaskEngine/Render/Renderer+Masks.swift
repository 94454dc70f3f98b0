// MARK: - Masks

extension Renderer {
    /// The device pixels of a mask's frame: its bounds, laid out in its owner's coordinates.
    /// Outside them the mask lets nothing through.
    func maskFrame(_ mask: LayerID, owner m: Transform, _ walk: LayerWalk) -> PixelRect {
        PixelRect(covering: walk.states.bounds(of: mask), transform: m.concatenating(walk.states.transformToParent(of: mask)))
    }

    /// The part of `area` a mask's subtree can draw in: elsewhere its alpha is 0.
    func maskDrawArea(_ mask: LayerID, owner m: Transform, within area: PixelRect, _ walk: LayerWalk) -> PixelRect {
        let drawn = drawnBounds(of: mask, transform: m.concatenating(walk.states.transformToParent(of: mask)), walk: walk)
        return drawn.map { area.intersection($0) } ?? area
    }

    /// The coverage of a mask's frame (its bounds in its owner's coordinates) inside `area`.
    func maskFrameCoverage(_ mask: LayerID, owner m: Transform, area: PixelRect, _ walk: LayerWalk) -> CoverageMask? {
        Rasterizer.coverage(ofRect: walk.states.bounds(of: mask), transform: m.concatenating(walk.states.transformToParent(of: mask)),
                            clip: area, pool: walk.pool)
    }

    /// How much the mask lets through at each pixel of `extent` (0 outside the result's
    /// rect), or nil when it lets nothing through.
    ///
    /// The mask layer is drawn with its whole subtree into its own buffer, in its owner's
    /// coordinates: its opacity, background, contents and sublayers all count (and its own
    /// mask, if any). The value is the drawn alpha (or, in `.luminance` mode, the Rec. 709
    /// luminance of the premultiplied colour) times the coverage of the mask's bounds.
    ///
    /// A hidden mask (or one not yet in the tree, or of opacity 0) draws nothing, so its
    /// owner shows nothing: Core Animation hides a layer whose mask is hidden. With
    /// `maskInvert` the owner then shows in full. Inversion comes after the cut to the
    /// mask's frame, so outside the frame an inverted mask lets everything through (a
    /// circle mask, inverted, punches a hole).
    func maskValues(_ mask: LayerID, owner m: Transform, mode: MaskMode, extent: PixelRect,
                    walk: inout LayerWalk) throws -> CoverageMask? {
        let area = maskFrame(mask, owner: m, walk).intersection(extent)
        guard !area.isEmpty else { return nil }
        if mode == .alpha && drawsAlphaOnly(mask, walk) {
            let bounded = maskDrawArea(mask, owner: m, within: area, walk)
            guard !bounded.isEmpty else { return nil }
            return try alphaMaskValues(mask, owner: m, area: area, drawnIn: bounded, walk: &walk)
        }
        return try colourMaskValues(mask, owner: m, mode: mode, area: area, walk: &walk)
    }

    /// `maskValues` for any mask: its subtree drawn in colour over `area` (the mask's frame
    /// within the extent), then read as alpha or luminance.
    func colourMaskValues(_ mask: LayerID, owner m: Transform, mode: MaskMode, area: PixelRect,
                          walk: inout LayerWalk) throws -> CoverageMask? {
        let pool = walk.pool
        try reserve(area.width * area.height * 4, for: mask, walk: walk)
        var drawn = try Surface(rect: area, pool: pool)
        defer { drawn.recycle(into: pool) }
        try draw(mask, parent: m, opacity: 1, into: &drawn, walk: &walk)
        guard !drawn.dirty.isEmpty, var values = maskFrameCoverage(mask, owner: m, area: area, walk) else { return nil }
        // The frame's full pixels are multiplied below: they are full no longer (and every
        // byte is written first).
        values.forgetFull()
        let r = values.rect, w = r.width, dw = area.width
        drawn.image.pixels.withUnsafeBufferPointer { px in
            values.bytes.withUnsafeMutableBufferPointer { out in
                for y in r.y0..<r.y1 {
                    let outBase = (y &- r.y0) &* w &- r.x0
                    let pxBase = ((y &- area.y0) &* dw &- area.x0) &* 4
                    for x in r.x0..<r.x1 {
                        let p = pxBase &+ x &* 4
                        let v: UInt32
                        switch mode {
                        case .alpha: v = UInt32(px[p &+ 3])
                        case .luminance:
                            // 0.2126, 0.7152, 0.0722 in 1/65536ths; the weights sum to 65536, so white is 255.
                            v = (13933 &* UInt32(px[p]) &+ 46871 &* UInt32(px[p &+ 1])
                                &+ 4732 &* UInt32(px[p &+ 2]) &+ 32768) >> 16
                        }
                        let o = outBase &+ x
                        out[o] = mulDiv255(UInt32(out[o]), v)
                    }
                }
            }
        }
        return values
    }
}

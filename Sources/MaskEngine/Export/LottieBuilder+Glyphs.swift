// MARK: - Glyph outlines as the renderer fills them

extension LottieBuilder {
    /// How far (device pixels) the renderer's flattened curves may stray from the true
    /// ones: `Rasterizer.coverage`'s tolerance (a test holds the two together).
    static let rendererFlatness = 0.1

    /// Text outlines over frames (layer coordinates, one per frame of `frames`) as the
    /// renderer fills them: each frame's glyph curves flattened in device pixels at
    /// `rendererFlatness`, as `Rasterizer.coverage` does, and mapped back.
    ///
    /// Why not the curves: the renderer fills those polygons, whose chords lie up to a
    /// tenth of a pixel inside a glyph's convex curves, which moves an edge pixel by up to
    /// 25 levels; players subdivide curves finer, so given the curves both rlottie and
    /// ThorVG drew about 1% of a text's pixels over 8/255 from `mask render` (fade_string),
    /// and given the polygons none. The curves themselves when the flattened outlines do
    /// not keep one structure over the frames (text whose size on screen changes, so its
    /// curves split into other counts of chords) or a transform cannot be inverted.
    func glyphOutlines(_ id: LayerID, _ paths: [Path], frames: Range<Int>) throws(LottieExportError) -> [Path] {
        var flattened: [Path] = []
        var counts: [Int]?
        var previous: (path: Path, linear: [Double], flat: Path)?
        for (path, k) in zip(paths, frames) {
            let m = try deviceTransform(id, k)
            let linear = [m.a, m.b, m.c, m.d]
            // Flattening depends on the curves and the transform's linear part only.
            if let p = previous, p.path == path, p.linear == linear {
                flattened.append(p.flat)
                continue
            }
            guard let back = m.inverted else { return paths }
            let polylines = Flattener.polylines(of: path, transform: m, tolerance: LottieBuilder.rendererFlatness)
            let frameCounts = polylines.map(\.points.count)
            if let counts, counts != frameCounts { return paths }
            counts = frameCounts
            var elements: [Path.Element] = []
            for polyline in polylines {
                guard let first = polyline.points.first else { continue }
                elements.append(.move(back.apply(first)))
                for point in polyline.points.dropFirst() { elements.append(.line(back.apply(point))) }
                elements.append(.close)
            }
            let flat = Path(elements: elements, structure: "glyphs flattened to \(frameCounts.reduce(0, +)) points")
            flattened.append(flat)
            previous = (path, linear, flat)
        }
        return flattened
    }
}

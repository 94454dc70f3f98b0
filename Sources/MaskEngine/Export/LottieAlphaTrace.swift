// MARK: - A hard-edged image alpha as vector outlines

/// The outlines of an image's alpha channel, for an image used as a mask whose alpha is a
/// hard-edged shape (every pixel clear or opaque but for the anti-aliased pixels along
/// its edges): exported as Lottie mask paths it is drawn exactly by players, where the
/// track matte an image needs is darkened and sampled nearest-neighbour by rlottie.
///
/// The outlines are the isoline at alpha ½ of the image's alpha sampled at pixel centres
/// and interpolated linearly between them (marching squares), which is where the
/// renderer's bilinear sampling of the image crosses ½; each anti-aliased edge pixel's
/// alpha gives the sub-pixel position of the edge. The polygons are then simplified
/// (Douglas–Peucker) and kept only if, filled by the engine's rasteriser at the image's
/// own size, they give back the image's alpha (`agrees`): anything softer stays a matte.
enum LottieAlphaTrace {
    /// The most pixels an image may have to be traced (1024 × 1024): beyond, a matte.
    static let maxPixels = 1 << 20
    /// The most outlines a trace may give: each becomes one drawing of the masked group.
    static let maxOutlines = 16
    /// How far (image pixels) a simplified outline may stray from the traced one.
    static let tolerance = 0.12
    /// Filled again at the image's size, the outlines must be within this many levels of
    /// the alpha at every pixel, and within `edgeMeanWithin` levels on average over the
    /// edge pixels: an alpha anti-aliased from 4 × 4 samples a pixel and the rasteriser's
    /// coverage of its traced rim differ by about 8 there (a thirtieth of a pixel
    /// of edge position at 255 levels a pixel); a soft or blurred edge by far more.
    static let worstWithin = 48
    static let edgeMeanWithin = 12.0
    /// The on-screen sizes of an image pixel (device pixels, along any direction) at which
    /// its traced outlines stand for it: about one, where the renderer's bilinear edge is
    /// about one device pixel wide as a filled outline's is. Enlarged further, the
    /// renderer blurs the edge over several pixels; shrunk further, it skips pixels.
    static let scales: ClosedRange<Double> = 0.75...1.25

    /// True when `m` (image pixels → device pixels) stretches every direction within `scales`.
    static func drawsNearNativeSize(_ m: Transform) -> Bool {
        // The singular values of the linear part.
        let e = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d, det = m.a * m.d - m.b * m.c
        let root = max(0, e * e - 4 * det * det).squareRoot()
        let large = ((e + root) / 2).squareRoot(), small = (max(0, e - root) / 2).squareRoot()
        return scales.contains(large) && scales.contains(small)
    }

    /// Closed polygons (image pixel coordinates, `(0, 0)` the image's top left corner)
    /// whose fill is the image's alpha, all outer outlines (no holes); nil when the alpha is
    /// soft, has holes, touches the image's border, has more than `maxOutlines` pieces,
    /// is empty, or the image is larger than `maxPixels`.
    static func outlines(of image: Image) -> [[Point]]? {
        let w = image.width, h = image.height
        guard w >= 2, h >= 2, w <= maxPixels / h else { return nil }
        var alpha = [UInt8](repeating: 0, count: w * h)
        var k = 0
        while k < alpha.count {
            alpha[k] = image.pixels[k * 4 + 3]
            k += 1
        }
        // The renderer clamps samples beyond the border to the edge pixel: with a clear
        // border that is clear, as the trace assumes.
        for x in 0..<w where alpha[x] != 0 || alpha[(h - 1) * w + x] != 0 { return nil }
        for y in 0..<h where alpha[y * w] != 0 || alpha[y * w + w - 1] != 0 { return nil }
        guard hardEdged(alpha, w, h), let loops = contours(alpha, w, h), !loops.isEmpty else { return nil }
        // Outer outlines all turn one way; a hole turns the other.
        let areas = loops.map(signedArea)
        guard let largest = areas.max(by: { abs($0) < abs($1) }),
              areas.allSatisfy({ ($0 > 0) == (largest > 0) }) else { return nil }
        let simplified = loops.map { simplify($0, tolerance: tolerance) }
        guard simplified.allSatisfy({ $0.count >= 3 }), agrees(simplified, alpha, w, h) else { return nil }
        return simplified
    }

    /// True when every pixel between clear and opaque has both a clear and an opaque
    /// pixel within two pixels of it: an anti-aliased edge, not a soft ramp.
    static func hardEdged(_ alpha: [UInt8], _ w: Int, _ h: Int) -> Bool {
        for y in 0..<h {
            for x in 0..<w {
                let a = alpha[y * w + x]
                guard a != 0 && a != 255 else { continue }
                var clear = false, opaque = false
                for yy in max(0, y - 2)...min(h - 1, y + 2) {
                    for xx in max(0, x - 2)...min(w - 1, x + 2) {
                        let b = alpha[yy * w + xx]
                        if b == 0 { clear = true } else if b == 255 { opaque = true }
                    }
                }
                guard clear && opaque else { return false }
            }
        }
        return true
    }

    /// The isolines at alpha ½ as closed loops, the inside (alpha ≥ 128) on one side.
    /// Cells are the squares between four pixel centres; each crossing of a cell's edge
    /// is an end of one cell's segment and the start of its neighbour's, so segments
    /// chain into loops. Nil when a chain breaks (it cannot with a clear border) or there
    /// are more than `maxOutlines` loops.
    static func contours(_ alpha: [UInt8], _ w: Int, _ h: Int) -> [[Point]]? {
        func inside(_ x: Int, _ y: Int) -> Bool { alpha[y * w + x] >= 128 }
        // Edge ids: 2·(y·w + x) for the edge from centre (x, y) to (x+1, y), +1 for the
        // edge from (x, y) to (x, y+1).
        func crossing(_ edge: Int) -> Point {
            let base = edge / 2, x = base % w, y = base / w
            let (x1, y1) = edge % 2 == 0 ? (x + 1, y) : (x, y + 1)
            let a = Double(alpha[y * w + x]) / 255, b = Double(alpha[y1 * w + x1]) / 255
            let t = (0.5 - a) / (b - a)
            return Point(Double(x) + 0.5 + t * Double(x1 - x), Double(y) + 0.5 + t * Double(y1 - y))
        }
        var next: [Int: Int] = [:]
        for y in 0..<(h - 1) {
            for x in 0..<(w - 1) {
                // Corners clockwise (y down) from the top left, and the edge after each.
                let corners = [inside(x, y), inside(x + 1, y), inside(x + 1, y + 1), inside(x, y + 1)]
                let edges = [2 * (y * w + x), 2 * (y * w + x + 1) + 1, 2 * ((y + 1) * w + x), 2 * (y * w + x) + 1]
                // Walking clockwise: an entry crosses from outside in, an exit from inside out.
                var entries: [Int] = [], exits: [Int] = []
                for j in 0..<4 where corners[j] != corners[(j + 1) % 4] {
                    if corners[j] { exits.append(edges[j]) } else { entries.append(edges[j]) }
                }
                if entries.count == 1, exits.count == 1 {
                    next[entries[0]] = exits[0]
                } else if entries.count == 2, exits.count == 2 {
                    // A saddle: the bilinear surface's centre is the mean of the corners.
                    let sum = Int(alpha[y * w + x]) + Int(alpha[y * w + x + 1]) + Int(alpha[(y + 1) * w + x])
                        + Int(alpha[(y + 1) * w + x + 1])
                    // Clockwise order: corner 0 inside gives exit, entry, exit, entry.
                    let order = corners[0] ? [exits[0], entries[0], exits[1], entries[1]]
                        : [entries[0], exits[0], entries[1], exits[1]]
                    let joined = 2 * sum >= 4 * 255
                    // Joined through the centre, each entry runs to the exit before it in
                    // clockwise order; apart, to the exit after it.
                    if corners[0] {
                        if joined { next[order[1]] = order[0]; next[order[3]] = order[2] } else {
                            next[order[1]] = order[2]; next[order[3]] = order[0]
                        }
                    } else {
                        if joined { next[order[0]] = order[3]; next[order[2]] = order[1] } else {
                            next[order[0]] = order[1]; next[order[2]] = order[3]
                        }
                    }
                }
            }
        }
        var loops: [[Point]] = []
        while let start = next.keys.min() {
            var loop: [Point] = []
            var edge = start
            while let following = next.removeValue(forKey: edge) {
                loop.append(crossing(edge))
                edge = following
            }
            guard edge == start, loops.count < maxOutlines else { return nil }
            loops.append(loop)
        }
        return loops
    }

    /// Twice the signed area of a closed polygon (positive clockwise, y down).
    static func signedArea(_ loop: [Point]) -> Double {
        var sum = 0.0
        for (j, p) in loop.enumerated() {
            let q = loop[(j + 1) % loop.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// A closed polygon with the points dropped that lie within `tolerance` of the line
    /// between the points kept either side of them (Douglas–Peucker, with an explicit
    /// stack), split at its first point and the point farthest from it.
    static func simplify(_ loop: [Point], tolerance: Double) -> [Point] {
        guard loop.count > 3 else { return loop }
        func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot() }
            return abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length
        }
        var far = 0, farthest = -1.0
        for (j, p) in loop.enumerated() {
            let d = (p.x - loop[0].x) * (p.x - loop[0].x) + (p.y - loop[0].y) * (p.y - loop[0].y)
            if d > farthest { farthest = d; far = j }
        }
        var keep = [Bool](repeating: false, count: loop.count)
        keep[0] = true
        keep[far] = true
        // Spans as (first, last) indices; the last span wraps round to the first point.
        var pending: [(Int, Int)] = [(0, far), (far, loop.count)]
        while let (a, b) = pending.popLast() {
            guard b - a > 1 else { continue }
            let pa = loop[a], pb = loop[b % loop.count]
            var worst = 0.0, at = a
            for j in (a + 1)..<b {
                let d = distance(loop[j], pa, pb)
                if d > worst { worst = d; at = j }
            }
            guard worst > tolerance else { continue }
            keep[at] = true
            pending.append((a, at))
            pending.append((at, b))
        }
        return loop.indices.filter { keep[$0] }.map { loop[$0] }
    }

    /// True when the polygons, filled by the engine's rasteriser at the image's size, are
    /// within `worstWithin` levels of the alpha at every pixel and `edgeMeanWithin` on
    /// average over the edge pixels (those that either leaves between clear and opaque).
    static func agrees(_ loops: [[Point]], _ alpha: [UInt8], _ w: Int, _ h: Int) -> Bool {
        let rect = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
        var elements: [Path.Element] = []
        for loop in loops { elements += Path.polygon(loop).elements }
        guard var coverage = Rasterizer.coverage(of: Path(elements: elements, structure: "traced alpha"),
                                                 transform: .identity, fillRule: .nonzero, clip: rect) else { return false }
        // Every byte written once, so each pixel below is read straight, not looked up in the spans.
        coverage.materialize()
        var total = 0, edges = 0
        for y in 0..<h {
            for x in 0..<w {
                let a = Int(alpha[y * w + x]), c = Int(coverage.value(x: x, y: y))
                guard (a != 0 && a != 255) || (c != 0 && c != 255) || a != c else { continue }
                let d = abs(a - c)
                guard d <= worstWithin else { return false }
                total += d
                edges += 1
            }
        }
        return edges > 0 && Double(total) <= edgeMeanWithin * Double(edges)
    }
}

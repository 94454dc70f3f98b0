/// Lottie shape items (`sh`, `fl`, `st`, `tm`, `gr`) from engine paths and colours.
enum LottieShapes {
    /// One subpath as Lottie stores it: vertices with in and out tangents relative to them.
    struct Subpath: Equatable {
        var closed = false
        var vertices: [Point] = []
        var inTangents: [Point] = []
        var outTangents: [Point] = []

        /// The components in order: each vertex, its in tangent and its out tangent.
        var flattened: [Double] {
            var out: [Double] = []
            out.reserveCapacity(vertices.count * 6)
            for j in vertices.indices {
                out += [vertices[j].x, vertices[j].y, inTangents[j].x, inTangents[j].y, outTangents[j].x, outTangents[j].y]
            }
            return out
        }

        /// The Lottie shape `{"c", "v", "i", "o"}` of flattened components.
        static func json(_ values: [Double], closed: Bool) -> LottieJSON {
            var v: [LottieJSON] = [], i: [LottieJSON] = [], o: [LottieJSON] = []
            var j = 0
            while j + 5 < values.count {
                v.append(.numbers([values[j], values[j + 1]]))
                i.append(.numbers([values[j + 2], values[j + 3]]))
                o.append(.numbers([values[j + 4], values[j + 5]]))
                j += 6
            }
            return .object([("c", .bool(closed)), ("v", .array(v)), ("i", .array(i)), ("o", .array(o))])
        }
    }

    /// A path's subpaths. Quadratic curves become the equal cubics; a closed subpath keeps
    /// its last vertex even where it repeats the first (the closing line is then empty), so
    /// paths of one structure always give the same vertex counts.
    static func subpaths(of path: Path) -> [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var start = Point.zero
        func begin(_ p: Point) {
            if let c = current { result.append(c) }
            current = Subpath(closed: false, vertices: [p], inTangents: [.zero], outTangents: [.zero])
            start = p
        }
        func append(_ p: Point, out: Point, in incoming: Point) {
            if current == nil { begin(start) }
            // Taken out so the arrays have one owner and grow in place: a copy per point
            // made a 16,384-point polygon's export take over 30 s.
            guard var c = current, let last = c.vertices.last else { return }
            current = nil
            c.outTangents[c.outTangents.count - 1] = Point(out.x - last.x, out.y - last.y)
            c.vertices.append(p)
            c.inTangents.append(Point(incoming.x - p.x, incoming.y - p.y))
            c.outTangents.append(.zero)
            current = c
        }
        for element in path.elements {
            switch element {
            case .move(let p): begin(p)
            case .line(let p):
                let last = current?.vertices.last ?? start
                append(p, out: last, in: p)
            case let .quad(c, p):
                let last = current?.vertices.last ?? start
                append(p, out: Point(last.x + 2 * (c.x - last.x) / 3, last.y + 2 * (c.y - last.y) / 3),
                       in: Point(p.x + 2 * (c.x - p.x) / 3, p.y + 2 * (c.y - p.y) / 3))
            case let .cubic(c1, c2, p): append(p, out: c1, in: c2)
            case .close:
                if var c = current {
                    c.closed = true
                    result.append(c)
                    current = nil
                }
            }
        }
        if let c = current { result.append(c) }
        return result
    }

    /// The path with every point mapped by `m` (Bézier curves map exactly under an affine map).
    static func transformed(_ path: Path, _ m: Transform) -> Path {
        Path(elements: path.elements.map { element -> Path.Element in
            switch element {
            case .move(let p): return .move(m.apply(p))
            case .line(let p): return .line(m.apply(p))
            case let .quad(c, p): return .quad(m.apply(c), m.apply(p))
            case let .cubic(c1, c2, p): return .cubic(m.apply(c1), m.apply(c2), m.apply(p))
            case .close: return .close
            }
        }, structure: path.structure)
    }

    /// One animated shape property per subpath of paths sampled at successive frames
    /// (all of one structure).
    /// - Throws: `LottieExportError.sampling` when the frames' subpaths do not match.
    static func shapeProperties(_ paths: [Path], firstFrame k0: Int, layer: String) throws(LottieExportError) -> [LottieJSON] {
        let perFrame = paths.map(subpaths(of:))
        guard let first = perFrame.first else { return [] }
        for frame in perFrame where frame.count != first.count
            || zip(frame, first).contains(where: { $0.vertices.count != $1.vertices.count || $0.closed != $1.closed }) {
            throw .sampling("the path of layer \(layer) changes structure within a stretch of frames")
        }
        return first.indices.map { j in
            let closed = first[j].closed
            return LottieTrack(firstFrame: k0, samples: perFrame.map { $0[j].flattened }, tolerance: 1e-3)
                .property({ Subpath.json($0, closed: closed) }, keyframe: { .array([Subpath.json($0, closed: closed)]) })
        }
    }

    /// `sh` items of paths over frames.
    static func pathItems(_ paths: [Path], firstFrame k0: Int, layer: String) throws(LottieExportError) -> [LottieJSON] {
        try shapeProperties(paths, firstFrame: k0, layer: layer).map { .object([("ty", .string("sh")), ("ks", $0)]) }
    }

    /// A solid fill: straight RGB per frame, opacity in percent per frame.
    static func fill(_ k0: Int, colors: [[Double]], opacity: [Double], rule: FillRule) -> LottieJSON {
        .object([
            ("ty", .string("fl")), ("c", LottieTrack.fractions(k0, colors)),
            ("o", LottieTrack.scalar(k0, opacity, tolerance: 0.01)),
            ("r", .number(rule == .evenodd ? 2 : 1)),
        ])
    }

    /// A stroke as the engine draws it: butt caps, round joins.
    static func stroke(_ k0: Int, colors: [[Double]], opacity: [Double], width: [Double]) -> LottieJSON {
        .object([
            ("ty", .string("st")), ("c", LottieTrack.fractions(k0, colors)),
            ("o", LottieTrack.scalar(k0, opacity, tolerance: 0.01)), ("w", LottieTrack.scalar(k0, width)),
            ("lc", .number(1)), ("lj", .number(2)), ("ml", .number(4)),
        ])
    }

    /// Trims the paths before it to `start`...`end` percent of their whole length, taken
    /// as one path (Core Animation's `strokeStart`/`strokeEnd`).
    static func trim(_ k0: Int, start: [Double], end: [Double]) -> LottieJSON {
        .object([
            ("ty", .string("tm")), ("s", LottieTrack.scalar(k0, start, tolerance: 0.01)),
            ("e", LottieTrack.scalar(k0, end, tolerance: 0.01)), ("o", LottieTrack.scalar(k0, [0])),
            ("m", .number(2)),
        ])
    }

    /// A group of items with its transform (identity unless given).
    static func group(_ items: [LottieJSON], name: String, transform: LottieJSON? = nil) -> LottieJSON {
        let identity: LottieJSON = .object([
            ("ty", .string("tr")), ("a", LottieTrack.vector(0, [[0, 0]])), ("p", LottieTrack.vector(0, [[0, 0]])),
            ("s", LottieTrack.vector(0, [[100, 100]])), ("r", LottieTrack.scalar(0, [0])),
            ("o", LottieTrack.scalar(0, [100])),
        ])
        return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [transform ?? identity]))])
    }

    /// A colour's straight RGB components.
    static func rgb(_ c: Color) -> [Double] { [c.red, c.green, c.blue] }
}

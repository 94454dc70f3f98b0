/// A gradient layer as a Lottie gradient fill over its bounds.
///
/// The engine interpolates colours premultiplied; Lottie interpolates colour and opacity
/// stops separately. They agree when a stop is opaque or fully clear (a clear stop takes
/// its neighbour's colour on each side, so every stop is written twice), and between two
/// partly transparent stops extra colour stops follow the premultiplied blend. Locations
/// outside 0...1 move the axis's ends instead; Core Animation's elliptical radial
/// gradient is a circular one in a group scaled along y.
enum LottieGradients {
    /// Colour stops added inside each gap between two partly transparent stops.
    static let blendSteps = 8

    /// The gradient's shape items over frames (one group: bounds rectangle and fill).
    static func items(_ states: [LayerState], firstFrame k0: Int) -> [LottieJSON] {
        guard let first = states.first, !first.colors.isEmpty else { return [] }
        let radial = first.gradientType == .radial
        let steps = states.contains(where: needsBlendSteps) ? blendSteps : 0
        var rects: [Path] = [], starts: [[Double]] = [], ends: [[Double]] = [], stops: [[Double]] = []
        var centres: [[Double]] = [], scales: [[Double]] = []
        var colourCount = 0
        for s in states {
            let w = s.size.width, h = s.size.height
            var colors = s.colors.map { $0.premultiplied() }
            var locations = GradientShader.stops(s.locations, count: colors.count)
            if colors.count == 1, let c = colors.first {
                colors = [c, c]
                locations = [0, 1]
            }
            let p0 = Point(s.start.x * w, s.start.y * h), p1 = Point(s.end.x * w, s.end.y * h)
            var lo = min(0, locations.first ?? 0), hi = max(1, locations.last ?? 1)
            var start = p0, end = p1, ratio = 1.0
            let degenerate: Bool
            if radial {
                let rx = abs(p1.x - p0.x), ry = abs(p1.y - p0.y)
                degenerate = !(rx > 0 && ry > 0)
                if lo < 0 {
                    var cursor = 0
                    let atZero = GradientShader.color(at: 0, colors: colors, locations: locations, from: &cursor)
                    for i in locations.indices where locations[i] < 0 {
                        colors[i] = atZero
                        locations[i] = 0
                    }
                    lo = 0
                }
                ratio = degenerate ? 1 : ry / rx
                end = Point(p0.x + (degenerate ? 1 : rx * hi), p0.y)
            } else {
                degenerate = p0 == p1
                if degenerate {
                    end = Point(p0.x + 1, p0.y)
                } else {
                    start = Point(p0.x + lo * (p1.x - p0.x), p0.y + lo * (p1.y - p0.y))
                    end = Point(p0.x + hi * (p1.x - p0.x), p0.y + hi * (p1.y - p0.y))
                }
            }
            if degenerate, let last = colors.last {
                // Every pixel lies beyond the end: the last colour.
                colors = colors.map { _ in last }
                lo = 0
                hi = 1
            }
            let (flat, count) = stopList(colors: colors, locations: locations.map { ($0 - lo) / (hi - lo) },
                                         steps: steps)
            colourCount = count
            stops.append(flat)
            starts.append([start.x, start.y])
            ends.append([end.x, end.y])
            centres.append([p0.x, p0.y])
            scales.append([100, ratio * 100])
            // The bounds, in the coordinates the group's y scale maps onto the layer.
            let r = s.bounds
            rects.append(.rect(Rect(r.minX, p0.y + (r.minY - p0.y) / ratio, r.width, r.height / ratio)))
        }
        let rect = (try? LottieShapes.pathItems(rects, firstFrame: k0, layer: "")) ?? []
        var fill: [(String, LottieJSON)] = [
            ("ty", .string("gf")), ("o", LottieTrack.scalar(k0, [100])), ("r", .number(1)),
            ("s", LottieTrack.vector(k0, starts)), ("e", LottieTrack.vector(k0, ends)),
            ("t", .number(radial ? 2 : 1)),
            ("g", .object([("p", .number(Double(colourCount))), ("k", LottieTrack.fractions(k0, stops, tolerance: 1e-4))])),
        ]
        if radial { fill += [("h", LottieTrack.scalar(k0, [0])), ("a", LottieTrack.scalar(k0, [0]))] }
        let transform: LottieJSON = .object([
            ("ty", .string("tr")), ("a", LottieTrack.vector(k0, centres)), ("p", LottieTrack.vector(k0, centres)),
            ("s", LottieTrack.vector(k0, scales)), ("r", LottieTrack.scalar(k0, [0])), ("o", LottieTrack.scalar(k0, [100])),
        ])
        return [LottieShapes.group(rect + [.object(fill)], name: "gradient", transform: transform)]
    }

    /// True when two neighbouring stops are both partly transparent with different
    /// alphas and colours, where straight and premultiplied blending differ.
    static func needsBlendSteps(_ s: LayerState) -> Bool {
        zip(s.colors, s.colors.dropFirst()).contains { a, b in
            a.alpha > 0 && b.alpha > 0 && a.alpha != b.alpha && (a.alpha < 1 || b.alpha < 1)
                && (a.red != b.red || a.green != b.green || a.blue != b.blue)
        }
    }

    /// Lottie's stop list `[u, r, g, b, …, u, a, …]` and the number of colour stops. Each
    /// stop gives two colour stops (its colour as seen from either side) and, with
    /// `steps`, each gap `steps` more; an opacity stop goes with each colour stop.
    static func stopList(colors: [PremultipliedColor], locations: [Double], steps: Int) -> ([Double], Int) {
        func straight(_ c: PremultipliedColor) -> [Double] {
            let s = c.unpremultiplied()
            return [s.red, s.green, s.blue]
        }
        func side(_ i: Int, _ neighbour: Int) -> [Double] {
            if colors[i].alpha > 0 || !colors.indices.contains(neighbour) { return straight(colors[i]) }
            return straight(colors[neighbour])
        }
        // Each entry: offset, straight colour, alpha; opacity stops sit at the colour
        // stops' offsets (rlottie mixes them up otherwise).
        var entries: [(u: Double, rgb: [Double], alpha: Double)] = []
        var cursor = 0
        for i in colors.indices {
            entries.append((locations[i], side(i, i - 1), colors[i].alpha))
            entries.append((locations[i], side(i, i + 1), colors[i].alpha))
            if steps > 0, i + 1 < colors.count {
                for j in 1...steps {
                    let u = locations[i] + (locations[i + 1] - locations[i]) * Double(j) / Double(steps + 1)
                    let c = GradientShader.color(at: u, colors: colors, locations: locations, from: &cursor)
                    entries.append((u, c.alpha > 0 ? straight(c) : side(i, i + 1), c.alpha))
                }
            }
        }
        let offsets = increasing(entries.map(\.u))
        var colourStops: [Double] = [], opacityStops: [Double] = []
        for (entry, u) in zip(entries, offsets) {
            colourStops += [u] + entry.rgb
            opacityStops += [u, entry.alpha]
        }
        return (colourStops + opacityStops, entries.count)
    }

    /// Players pick any one of several stops at the same offset (rlottie the first), the
    /// renderer the later colour from that offset on: offsets are made to increase by at
    /// least `spacing` (a thousandth of a pixel on most layers), each one's colour kept,
    /// and to stay within 0...1 (the schema's range): where they would pass 1, the last
    /// ones move down instead.
    static func increasing(_ offsets: [Double], spacing: Double = 1e-4) -> [Double] {
        var result = offsets
        var previous = -Double.infinity
        for i in result.indices {
            result[i] = max(result[i], previous + spacing)
            previous = result[i]
        }
        var next = 1 + spacing
        for i in result.indices.reversed() {
            result[i] = min(result[i], next - spacing)
            next = result[i]
        }
        return result
    }
}

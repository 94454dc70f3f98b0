import CPixels
import Foundation

/// A `CAGradientLayer`'s colours at every device pixel.
///
/// Colours are interpolated in premultiplied RGBA between `locations` into a lookup table
/// of 1024 entries per unit of gradient position (fine enough that a black-to-clear ramp is
/// 127 or 128 at its middle). The table spans 0...1 and any locations outside it, so a band
/// entering from off-layer is drawn; beyond the first and last stops the end colours hold.
///
/// Positions: axial projects onto the line from `start` to `end`; radial is Core
/// Animation's ellipse centred on `start` with radii `|end.x − start.x| · width` and
/// `|end.y − start.y| · height`; conic is the angle about `start`, from the direction of
/// `end`, clockwise on screen (y down), one turn = 1. Degenerate geometry (axial with
/// `start == end`, a radial with a zero radius) has every pixel beyond the end: the last colour.
struct GradientShader: Sendable {
    /// Packed premultiplied RGBA pixels (red in the lowest byte, as stored in an `Image`).
    private let lut: [UInt32]
    private let low: Double
    /// Table entries per unit of position.
    private let scale: Double
    private let type: GradientType
    private let inverse: Transform
    private let start: Point, end: Point
    private let degenerate: Bool

    /// The paint of a gradient layer, or nil when it draws nothing (no colours, or a
    /// transform that flattens the layer). One colour gives a solid paint.
    /// The state is read where it lies (`state`): handed a state, a call is handed a copy,
    /// a dozen of the scene's references retained and released.
    /// - Parameter tables: where the colour table is looked up, and kept once made (one
    ///   per thread: a gradient whose colours do not change is tabulated once).
    static func paint(for state: UnsafePointer<LayerState>, transform: Transform,
                      tables: GradientTables = GradientTables()) -> Paint? {
        guard let first = state.pointee.colors.first, let inverse = transform.inverted else { return nil }
        if state.pointee.colors.count == 1 { return .solid(first.premultiplied()) }
        let table = tables.table(colors: state.pointee.colors, locations: state.pointee.locations)
        return .gradient(GradientShader(state: state, table: table, inverse: inverse))
    }

    /// The colour table of `colors` at `locations`: packed pixels from the lowest position
    /// (0, or a location below it) to the highest, and the scale from position to entry.
    static func table(colors: [PremultipliedColor], locations: [Double]) -> GradientTables.Table {
        let lo = min(0, locations.first ?? 0), hi = max(1, locations.last ?? 1)
        let perUnit = 1024.0
        // At most 16 Ki entries: positions spread over more than 16 units get coarser steps.
        let entries = Int(min(16_384, ((hi - lo) * perUnit).rounded(.up))) + 1
        var table = [UInt32](repeating: 0, count: entries)
        colors.withUnsafeBufferPointer { colors in
            locations.withUnsafeBufferPointer { locations in
                table.withUnsafeMutableBufferPointer { out in
                    var stop = 0
                    for i in 0..<entries {
                        let t = lo + (hi - lo) * Double(i) / Double(entries - 1)
                        let (r, g, b, a) = GradientShader.color(at: t, colors: colors, locations: locations, from: &stop).rgba8
                        out[i] = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
                    }
                }
            }
        }
        return GradientTables.Table(pixels: table, low: lo, scale: Double(entries - 1) / (hi - lo))
    }

    private init(state: UnsafePointer<LayerState>, table: GradientTables.Table, inverse: Transform) {
        lut = table.pixels
        low = table.low
        scale = table.scale
        type = state.pointee.gradientType
        self.inverse = inverse
        let w = state.pointee.size.width, h = state.pointee.size.height
        start = Point(state.pointee.start.x * w, state.pointee.start.y * h)
        end = Point(state.pointee.end.x * w, state.pointee.end.y * h)
        switch type {
        case .axial: degenerate = start == end
        case .radial: degenerate = !(abs(end.x - start.x) > 0 && abs(end.y - start.y) > 0)
        case .conic: degenerate = false
        }
    }

    /// The stop positions: `locations` when it has one per colour (made non-decreasing),
    /// otherwise spread evenly from 0 to 1.
    static func stops(_ locations: [Double]?, count: Int) -> [Double] {
        guard let given = locations, given.count == count else {
            return (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
        }
        var result: [Double] = []
        for l in given { result.append(max(l, result.last ?? -.infinity)) }
        return result
    }

    /// The colour at position `t`: the end colours outside the stops, a hard step where two
    /// stops share a location (the later colour from that location on).
    /// - Parameter stop: where to start looking for `t`'s segment; left at that segment, so
    ///   a caller walking `t` upward visits every stop once.
    static func color(at t: Double, colors: [PremultipliedColor], locations: [Double],
                      from stop: inout Int) -> PremultipliedColor {
        colors.withUnsafeBufferPointer { colors in
            locations.withUnsafeBufferPointer { locations in
                GradientShader.color(at: t, colors: colors, locations: locations, from: &stop)
            }
        }
    }

    /// `color(at:colors:locations:from:)` over buffers, for the table's loop (no array
    /// retained per entry). Fewer colours than locations give the transparent colour.
    @inline(__always)
    private static func color(at t: Double, colors: UnsafeBufferPointer<PremultipliedColor>,
                              locations: UnsafeBufferPointer<Double>, from stop: inout Int) -> PremultipliedColor {
        guard colors.count >= locations.count, let firstColor = colors.first, let lastColor = colors.last,
              let first = locations.first, let last = locations.last else { return .clear }
        if t < first { return firstColor }
        if t >= last { return lastColor }
        var i = min(max(0, stop), locations.count - 2)
        if locations[i] > t { i = 0 }
        while i + 1 < locations.count && locations[i + 1] <= t { i += 1 }
        stop = i
        let span = locations[i + 1] - locations[i]
        return colors[i].interpolated(to: colors[i + 1], span > 0 ? (t - locations[i]) / span : 1)
    }

    /// True when `shade` writes the same pixels for every row in `rows` from column `x`:
    /// a degenerate gradient, or an axial one along device x (no change down the
    /// gradient, no skew of the layer), whose positions then never read the row.
    func isSameForEveryRow(_ rows: Range<Int>, x: Int) -> Bool {
        if degenerate { return true }
        guard type == .axial, start.y == end.y, inverse.c == 0, let last = rows.last, let first = rows.first else { return false }
        // The row only enters through (p.y − start.y) · 0, which is 0 while p.y is finite;
        // p.y is linear in the row, so finite at both ends means finite in between.
        let top = pixelCentre(inverse, x: x, y: first).0.y, bottom = pixelCentre(inverse, x: x, y: last).0.y
        return (top - start.y).isFinite && (bottom - start.y).isFinite
    }

    /// The `count` pixels of row `y` from column `x`, 4 bytes each at `out`. The positions
    /// are made here; their table entries are looked up by the C kernels' one rule
    /// (`mask_axial_row`, `mask_gradient_row`).
    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        let (p, step) = pixelCentre(inverse, x: x, y: y)
        lut.withUnsafeBufferPointer { table in
            /// One colour for the whole row, looked up once.
            func fill(position t: Double) {
                mask_axial_row(table.baseAddress, table.count, t, 0, low, scale, out, 1)
                mask_fill_pixels(out, count, UnsafeRawPointer(out).loadUnaligned(as: UInt32.self))
            }
            /// The entries of the positions `position(i)` for `i` in `0..<count`, a chunk
            /// of positions at a time.
            func lookUp(_ position: (Double) -> Double) {
                withUnsafeTemporaryAllocation(of: Double.self, capacity: min(count, 256)) { positions in
                    guard let at = positions.baseAddress else { return }
                    var done = 0
                    while done < count {
                        let n = min(positions.count, count &- done)
                        for i in 0..<n { at[i] = position(Double(done &+ i)) }
                        mask_gradient_row(table.baseAddress, table.count, at, low, scale, out + done &* 4, n)
                        done &+= n
                    }
                }
            }
            // Beyond the end: the last colour.
            if degenerate { return fill(position: .infinity) }
            switch type {
            case .axial:
                let dx = end.x - start.x, dy = end.y - start.y
                let inv = 1 / (dx * dx + dy * dy)
                let t0 = ((p.x - start.x) * dx + (p.y - start.y) * dy) * inv
                let dt = (step.x * dx + step.y * dy) * inv
                // Along the gradient's normal (a vertical gradient, unrotated).
                guard dt != 0 else { return fill(position: t0) }
                mask_axial_row(table.baseAddress, table.count, t0, dt, low, scale, out, count)
            case .radial:
                let irx = 1 / abs(end.x - start.x), iry = 1 / abs(end.y - start.y)
                lookUp { i in
                    let u = (p.x + step.x * i - start.x) * irx
                    let v = (p.y + step.y * i - start.y) * iry
                    return (u * u + v * v).squareRoot()
                }
            case .conic:
                let a0 = atan2(end.y - start.y, end.x - start.x)
                lookUp { i in
                    let a = atan2(p.y + step.y * i - start.y, p.x + step.x * i - start.x)
                    var turn = (a - a0) / (2 * Double.pi)
                    turn -= turn.rounded(.down)
                    return turn
                }
            }
        }
    }
}

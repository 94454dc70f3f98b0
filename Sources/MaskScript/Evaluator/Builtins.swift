import Foundation
import MaskEngine

/// The built-in functions and constants of section 2 of LANGUAGE.md.
enum Builtins {
    typealias Body = @Sendable (Interpreter, [Value], CallSite) throws(RuntimeError) -> Value

    static let easings: [String: Easing] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    ]

    /// Every built-in name and its value: the colours, easings, `pi` and the functions.
    /// `white` is both a colour and `white(w, a)`: the name stays the colour, and calling
    /// it calls the function (see `colorFunctions`).
    static let values: [String: Value] = {
        var table: [String: Value] = [:]
        for (name, color) in Color.named { table[name] = .color(color) }
        for (name, easing) in easings { table[name] = .easing(easing) }
        table["pi"] = .number(Double.pi)
        for (name, arity, body) in functions where Color.named[name] == nil {
            table[name] = .function(Callable(name: name, body: .builtin(arity: arity, body)))
        }
        return table
    }()

    /// The functions named like a colour (`white`), called when a script calls that colour.
    static let colorFunctions: [String: Callable] = Dictionary(uniqueKeysWithValues: functions.compactMap { name, arity, body in
        Color.named[name] == nil ? nil : (name, Callable(name: name, body: .builtin(arity: arity, body)))
    })

    // MARK: - Argument helpers

    static func num(_ args: [Value], _ i: Int, _ site: CallSite, _ fn: String) throws(RuntimeError) -> Double {
        guard case .number(let v) = args[i] else {
            throw RuntimeError("`\(fn)` expects a number, got \(args[i].typeName)", at: site.argument(i))
        }
        return v
    }

    /// Argument `i` as a finite number: a colour channel, radius or size that is NaN or
    /// infinite would draw something meaningless (NaN channels came out black).
    static func finite(_ args: [Value], _ i: Int, _ site: CallSite, _ fn: String) throws(RuntimeError) -> Double {
        let v = try num(args, i, site, fn)
        guard v.isFinite else {
            throw RuntimeError("`\(fn)` expects a finite number as argument \(i + 1), got \(v.shortDescription)", at: site.argument(i))
        }
        return v
    }

    static func point(_ v: Value, _ range: SourceRange, _ fn: String) throws(RuntimeError) -> Point {
        guard case .list(let items) = v, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1] else {
            throw RuntimeError("`\(fn)` expects a point [x, y], got \(v.typeName)", at: range)
        }
        guard x.isFinite, y.isFinite else {
            throw RuntimeError("`\(fn)` expects a point [x, y] of finite numbers, got \(v.description)", at: range)
        }
        return Point(x, y)
    }

    static func rect(_ v: Value, _ range: SourceRange, _ fn: String) throws(RuntimeError) -> Rect {
        guard case .list(let items) = v, items.count == 4 else {
            throw RuntimeError("`\(fn)` expects a rectangle [x, y, width, height], got \(v.typeName)", at: range)
        }
        var n: [Double] = []
        for item in items {
            guard case .number(let x) = item, x.isFinite else {
                throw RuntimeError("`\(fn)` expects a rectangle of finite numbers", at: range)
            }
            n.append(x)
        }
        return Rect(n[0], n[1], n[2], n[3])
    }

    static func unary(_ name: String, _ f: @escaping @Sendable (Double) -> Double) -> (String, ClosedRange<Int>, Body) {
        (name, 1...1, { _, args, site throws(RuntimeError) in .number(f(try num(args, 0, site, name))) })
    }

    /// `min`/`max` of numbers given as arguments or as one list.
    static func extremum(_ name: String, largest: Bool) -> (String, ClosedRange<Int>, Body) {
        (name, 1...Int.max, { interpreter, args, site throws(RuntimeError) in
            var values = args
            if args.count == 1, case .list(let items) = args[0] { values = items }
            try interpreter.charge(values.count, .items, at: site.range)
            guard !values.isEmpty else { throw RuntimeError("`\(name)` of an empty list", at: site.range) }
            var best = 0.0
            for i in values.indices {
                guard case .number(let x) = values[i] else {
                    throw RuntimeError("`\(name)` expects numbers, got \(values[i].typeName)", at: site.argument(args.count == 1 ? 0 : i))
                }
                // As `Swift.max` and `Swift.min`: the later of equals, NaN kept where it leads.
                if i == 0 || (largest ? x >= best : x < best) { best = x }
            }
            return .number(best)
        })
    }

    // MARK: - The table

    static let functions: [(String, ClosedRange<Int>, Body)] = [
        extremum("min", largest: false), extremum("max", largest: true),
        unary("abs", Swift.abs), unary("sqrt") { $0.squareRoot() }, unary("sin", Foundation.sin),
        unary("cos", Foundation.cos), unary("tan", Foundation.tan), unary("floor") { $0.rounded(.down) },
        unary("ceil") { $0.rounded(.up) }, unary("round") { $0.rounded() },
        ("pow", 2...2, { _, a, s throws(RuntimeError) in .number(Foundation.pow(try num(a, 0, s, "pow"), try num(a, 1, s, "pow"))) }),
        ("atan2", 2...2, { _, a, s throws(RuntimeError) in .number(Foundation.atan2(try num(a, 0, s, "atan2"), try num(a, 1, s, "atan2"))) }),
        ("clamp", 3...3, { _, a, s throws(RuntimeError) in
            let x = try num(a, 0, s, "clamp"), lo = try num(a, 1, s, "clamp"), hi = try num(a, 2, s, "clamp")
            guard lo <= hi else { throw RuntimeError("`clamp` needs its low bound at most its high bound", at: s.range) }
            return .number(Swift.min(hi, Swift.max(lo, x)))
        }),
        ("lerp", 3...3, { _, a, s throws(RuntimeError) in
            let x = try num(a, 0, s, "lerp"), y = try num(a, 1, s, "lerp"), t = try num(a, 2, s, "lerp")
            return .number(x + (y - x) * t)
        }),
        ("len", 1...1, { interpreter, a, s throws(RuntimeError) in
            switch a[0] {
            case .list(let items): return .number(Double(items.count))
            case .string(let str):
                try interpreter.charge(str.utf8.count, .bytes, at: s.range)
                return .number(Double(str.count))
            case let .range(lo, hi, inclusive):
                let span = Swift.max(0, (hi - lo).rounded(.down) + (inclusive || (hi - lo) != (hi - lo).rounded(.down) ? 1 : 0))
                return .number(span.isFinite ? span : 0)
            default: throw RuntimeError("`len` expects a list or a string, got \(a[0].typeName)", at: s.argument(0))
            }
        }),
        ("print", 0...Int.max, { interpreter, a, s throws(RuntimeError) in
            interpreter.output(try interpreter.printed(a, at: s.range))
            return .nil
        }),
        ("str", 1...1, { interpreter, a, s throws(RuntimeError) in .string(try interpreter.printed(a, at: s.range)) }),
        ("random", 1...1, { _, a, s throws(RuntimeError) in
            let seed = try num(a, 0, s, "random")
            guard seed.isFinite else { throw RuntimeError("`random` expects a finite seed", at: s.argument(0)) }
            return .generator(RandomGenerator(seed: seed.bitPattern))
        }),
        ("rect", 4...4, { _, a, s throws(RuntimeError) in
            var parts: [Value] = []
            for i in 0..<4 { parts.append(.number(try num(a, i, s, "rect"))) }
            return .list(parts)
        }),
        ("inset", 3...3, { _, a, s throws(RuntimeError) in
            let r = try rect(a[0], s.argument(0), "inset")
            return Value.rect(r.insetBy(dx: try num(a, 1, s, "inset"), dy: try num(a, 2, s, "inset")))
        }),
        ("image", 1...1, { interpreter, a, s throws(RuntimeError) in
            guard case .string(let path) = a[0] else {
                throw RuntimeError("`image` expects a path string, got \(a[0].typeName)", at: s.argument(0))
            }
            return .image(try interpreter.loadImage(path, at: s.argument(0)))
        }),
        ("rgb", 3...3, { _, a, s throws(RuntimeError) in
            .color(Color(red: try finite(a, 0, s, "rgb") / 255, green: try finite(a, 1, s, "rgb") / 255, blue: try finite(a, 2, s, "rgb") / 255))
        }),
        ("rgba", 4...4, { _, a, s throws(RuntimeError) in
            .color(Color(red: try finite(a, 0, s, "rgba") / 255, green: try finite(a, 1, s, "rgba") / 255,
                         blue: try finite(a, 2, s, "rgba") / 255, alpha: try finite(a, 3, s, "rgba")))
        }),
        ("white", 1...2, { _, a, s throws(RuntimeError) in
            .color(Color(white: try finite(a, 0, s, "white"), alpha: a.count > 1 ? try finite(a, 1, s, "white") : 1))
        }),
        ("hsl", 3...4, { _, a, s throws(RuntimeError) in
            .color(Color(hue: try finite(a, 0, s, "hsl"), saturation: try finite(a, 1, s, "hsl"), lightness: try finite(a, 2, s, "hsl"),
                         alpha: a.count > 3 ? try finite(a, 3, s, "hsl") : 1))
        }),
        ("oval", 1...1, { _, a, s throws(RuntimeError) in .path(.oval(in: try rect(a[0], s.argument(0), "oval"))) }),
        ("circle", 3...3, { _, a, s throws(RuntimeError) in
            let cx = try num(a, 0, s, "circle"), cy = try num(a, 1, s, "circle"), r = try num(a, 2, s, "circle")
            guard cx.isFinite, cy.isFinite, r.isFinite, r >= 0 else {
                throw RuntimeError("`circle` expects a finite centre and a radius of 0 or more", at: s.range)
            }
            return .path(.circle(center: Point(cx, cy), radius: r))
        }),
        ("roundedRect", 2...2, { _, a, s throws(RuntimeError) in
            .path(.roundedRect(try rect(a[0], s.argument(0), "roundedRect"), radius: try finite(a, 1, s, "roundedRect")))
        }),
        ("polygon", 1...1, { interpreter, a, s throws(RuntimeError) in
            guard case .list(let items) = a[0], items.count >= 2 else {
                throw RuntimeError("`polygon` expects a list of at least 2 points", at: s.argument(0))
            }
            try interpreter.charge(items.count, .items, at: s.range)
            var points: [Point] = []
            for item in items { points.append(try point(item, s.argument(0), "polygon")) }
            return .path(.polygon(points))
        }),
        ("line", 2...2, { _, a, s throws(RuntimeError) in
            .path(.line(from: try point(a[0], s.argument(0), "line"), to: try point(a[1], s.argument(1), "line")))
        }),
        ("cubic", 4...4, { _, a, s throws(RuntimeError) in
            var v: [Double] = []
            for i in 0..<4 {
                let x = try num(a, i, s, "cubic")
                guard x.isFinite else { throw RuntimeError("`cubic` expects finite numbers", at: s.argument(i)) }
                v.append(x)
            }
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                throw RuntimeError("`cubic` needs x1 and x2 in 0...1, as a timing curve must move forward in time", at: s.range)
            }
            return .easing(.cubic(v[0], v[1], v[2], v[3]))
        }),
        ("spring", 2...2, { _, a, s throws(RuntimeError) in
            let damping = try num(a, 0, s, "spring"), stiffness = try num(a, 1, s, "spring")
            guard damping.isFinite, damping > 0 else { throw RuntimeError("`spring` needs a damping above 0 so it settles", at: s.argument(0)) }
            guard stiffness.isFinite, stiffness > 0 else { throw RuntimeError("`spring` needs a stiffness above 0", at: s.argument(1)) }
            return .easing(.spring(damping: damping, stiffness: stiffness))
        }),
    ]
}

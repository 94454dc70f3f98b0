import Foundation
import MaskEngine

extension Interpreter {
    /// Runs `animate`: one engine animation per target layer (and per engine key the
    /// property maps to), staggered by `order`.
    func executeAnimate(_ a: AnimatePlan, in frame: Frame) throws(RuntimeError) {
        try refuseInImport("`animate`", at: a.target.range)
        func evaluate(_ e: CompiledExpr) throws(RuntimeError) -> Value { try e.code(self, frame) }
        let targetValue = try evaluate(a.target)
        let targets = try layers(in: targetValue, at: a.target.range, for: "`animate`")
        guard let property = LayerProperty(rawValue: a.property) else {
            throw unknownProperty(a.property, kind: targets.first?.kind ?? .layer, at: a.propertyRange)
        }
        for t in targets where !property.applies(to: t.kind) {
            throw unknownProperty(a.property, kind: t.kind, at: a.propertyRange)
        }
        guard property.isAnimatable else {
            throw RuntimeError("`\(a.property)` cannot be animated; set it with `\(a.property) = ...` to change it as a step", at: a.propertyRange)
        }

        // Timing clauses.
        var duration = 0.25
        if let e = a.duration {
            duration = try number(try evaluate(e), "`over`", at: e.range)
            guard duration >= 0 else { throw RuntimeError("`over` expects a duration of 0 or more", at: e.range) }
        }
        var delay = 0.0
        if let e = a.delay {
            delay = try number(try evaluate(e), "`delay`", at: e.range)
            guard delay >= 0 else { throw RuntimeError("`delay` expects a duration of 0 or more", at: e.range) }
        }
        var easing = Easing.linear
        if let e = a.ease {
            let v = try evaluate(e)
            guard case .easing(let ease) = v else {
                throw RuntimeError("`ease` expects an easing (linear, easeIn, easeOut, easeInOut, cubic(...), spring(...)), got \(v.typeName)", at: e.range)
            }
            easing = ease
        }
        var repetition = Repetition.count(1)
        switch a.repeatCount {
        case .none: break
        case .times(let e)?:
            let n = try number(try evaluate(e), "`repeat`", at: e.range)
            guard n > 0 else { throw RuntimeError("`repeat` expects a count above 0, got \(n.shortDescription)", at: e.range) }
            repetition = .count(n)
        case .forever?:
            guard scene.canvas.duration != nil else {
                throw RuntimeError("an animation that repeats forever needs a canvas `duration`", at: a.target.range.union(a.propertyRange))
            }
            repetition = .forever
        }
        var stagger = 0.0
        if let e = a.stagger {
            stagger = try number(try evaluate(e), "`stagger`", at: e.range)
            guard stagger >= 0 else { throw RuntimeError("`stagger` expects a duration of 0 or more", at: e.range) }
        }
        let ranks = try staggerRanks(targets, order: a.order, in: frame)

        // Values: evaluated once, converted per target (x and frame depend on each layer).
        let fromValue = try a.from.map { e throws(RuntimeError) in (try evaluate(e), e.range) }
        let toValue = try a.to.map { e throws(RuntimeError) in (try evaluate(e), e.range) }
        var keyValues: [(Value, SourceRange)]?
        if let keys = a.keys {
            let v = try evaluate(keys)
            guard case .list(let items) = v, items.count >= 2 else {
                throw RuntimeError("`keys` expects a list of at least 2 values, got \(v.typeName)", at: keys.range)
            }
            keyValues = items.map { ($0, keys.range) }
        }
        var keyTimes: [Double]?
        if let times = a.times {
            let v = try evaluate(times)
            guard case .list(let items) = v else { throw RuntimeError("`times` expects a list of numbers, got \(v.typeName)", at: times.range) }
            var out: [Double] = []
            for item in items { out.append(try number(item, "`times`", at: times.range)) }
            guard out.count == keyValues?.count else {
                throw RuntimeError("`times` has \(out.count) entries for \(keyValues?.count ?? 0) keys", at: times.range)
            }
            // The scene checks this too, but its error would point at `keys`.
            guard out.first == 0, out.last == 1, out.allSatisfy({ $0 >= 0 && $0 <= 1 }),
                  zip(out, out.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw RuntimeError("invalid animation timing: `times` must increase from 0 to 1", at: times.range)
            }
            keyTimes = out
        }

        // A grid's `color` is its tiles' background, as in `setProperty`.
        var jobs: [(target: LayerRef, property: LayerProperty, rank: Int)] = []
        for (target, rank) in zip(targets, ranks) {
            if property.meaning == .engine(.textColor), target.kind == .grid, let background = LayerProperty(rawValue: "background") {
                for tile in scene.node(target.id).tiles { jobs.append((layerRefs[tile.index], background, rank)) }
            } else {
                jobs.append((target, property, rank))
            }
        }
        for (target, property, rank) in jobs {
            try step(a.target.range)
            let begin = cursor + delay + stagger * Double(rank)
            guard begin.isFinite else { throw RuntimeError("the animation begins at a time that is not finite", at: a.target.range) }
            func converted(_ v: (Value, SourceRange)) throws(RuntimeError) -> [(PropertyKey, PropertyValue)] {
                try convert(v.0, for: property, of: target, at: begin, range: v.1)
            }
            // Every value maps onto the same engine keys in the same order.
            var tracks: [(key: PropertyKey, from: PropertyValue?, keyframes: [PropertyValue], range: SourceRange)] = []
            if let keyValues {
                var perKey: [[PropertyValue]] = []
                var keys: [PropertyKey] = []
                for kv in keyValues {
                    let pairs = try converted(kv)
                    if keys.isEmpty { keys = pairs.map(\.0); perKey = Array(repeating: [], count: keys.count) }
                    for (i, pair) in pairs.enumerated() where i < perKey.count { perKey[i].append(pair.1) }
                }
                for (i, key) in keys.enumerated() { tracks.append((key, nil, perKey[i], a.keys?.range ?? a.propertyRange)) }
            } else if let toValue {
                let to = try converted(toValue)
                let from = try fromValue.map { v throws(RuntimeError) in try converted(v) }
                for (i, pair) in to.enumerated() {
                    tracks.append((pair.0, from.flatMap { i < $0.count ? $0[i].1 : nil }, [pair.1], toValue.1))
                }
            }
            for track in tracks {
                let animation = MaskEngine.Animation(layer: target.id, key: track.key, keyframes: track.keyframes,
                                                     keyTimes: keyTimes, begin: begin, duration: duration, easing: easing,
                                                     repetition: repetition, autoreverses: a.autoreverses)
                try checkChangeLimit(at: a.target.range)
                let moved: Int
                do { moved = try scene.animate(animation, from: track.from) } catch {
                    throw RuntimeError(error, at: track.range)
                }
                try chargeReresolved(moved, at: a.target.range)
                // `animate` runs only in the script itself (never in an import), so `runSource`
                // is where it is written.
                if let file = runSource { sourceMap.set(track.key, of: target.id, at: a.target.range.union(a.propertyRange), in: file) }
                if animation.end.isFinite, animation.end >= latestAnimationEnd {
                    latestAnimationEnd = animation.end
                    latestAnimationRange = a.target.range.union(a.propertyRange)
                }
            }
        }
    }

    /// The rank of each target in the stagger order: the k-th begins `stagger × k` later.
    /// Tiles of a grid use their column and row; other layers count as one row.
    private func staggerRanks(_ targets: [LayerRef], order: AnimatePlan.Order?, in frame: Frame) throws(RuntimeError) -> [Int] {
        let n = targets.count
        let identity = Array(0..<n)
        guard let order else { return identity }
        var word: String?
        var generator: RandomGenerator?
        let orderRange: SourceRange
        switch order {
        case let .word(w, range):
            word = w
            orderRange = range
        case .value(let e):
            orderRange = e.range
            switch try e.code(self, frame) {
            case .generator(let g): generator = g
            case .string(let s): word = s
            case let other:
                throw RuntimeError("`order` expects index, reverse, rows, diagonal, center or random(seed), got \(other.typeName)", at: e.range)
            }
        }
        let cells: [(column: Int, row: Int)] = targets.enumerated().map { i, t in
            scene.node(t.id).tile.map { ($0.column, $0.row) } ?? (i, 0)
        }
        var sequence: [Int]
        if let generator {
            // Fisher–Yates with the script's generator: deterministic for a seed.
            sequence = identity
            var i = n - 1
            while i > 0 {
                let j = min(i, Int(generator.next() * Double(i + 1)))
                sequence.swapAt(i, j)
                i -= 1
            }
        } else {
            switch word ?? "" {
            case "index": sequence = identity
            case "reverse": sequence = identity.reversed()
            case "rows":
                sequence = identity.sorted { (cells[$0].row, cells[$0].column, $0) < (cells[$1].row, cells[$1].column, $1) }
            case "diagonal":
                sequence = identity.sorted {
                    (cells[$0].column + cells[$0].row, cells[$0].column, $0) < (cells[$1].column + cells[$1].row, cells[$1].column, $1)
                }
            case "center":
                let maxColumn = Double(cells.map(\.column).max() ?? 0), maxRow = Double(cells.map(\.row).max() ?? 0)
                func distance(_ i: Int) -> Double {
                    let dx = Double(cells[i].column) - maxColumn / 2, dy = Double(cells[i].row) - maxRow / 2
                    return dx * dx + dy * dy
                }
                sequence = identity.sorted { (distance($0), $0) < (distance($1), $1) }
            default:
                let w = word ?? ""
                throw RuntimeError("unknown order `\(w)` (orders are index, reverse, rows, diagonal, center and random(seed))\(Suggestion.hint(for: w, in: ["index", "reverse", "rows", "diagonal", "center", "random"]))", at: orderRange)
            }
        }
        var ranks = Array(repeating: 0, count: n)
        for (rank, index) in sequence.enumerated() { ranks[index] = rank }
        return ranks
    }
}

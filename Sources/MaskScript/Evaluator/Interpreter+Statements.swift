import MaskEngine

/// What a `for` loop visits: a list's values, or a range's numbers made on demand.
enum LoopItems {
    case list([Value])
    case range(Double, count: Int)

    var count: Int {
        switch self {
        case .list(let items): return items.count
        case .range(_, let count): return count
        }
    }

    subscript(i: Int) -> Value {
        switch self {
        case .list(let items): return items[i]
        case .range(let lo, _): return .number(lo + Double(i))
        }
    }
}

extension Interpreter {
    /// `delay D`: moves the time cursor on.
    func delay(_ value: Value, at range: SourceRange) throws(RuntimeError) {
        try refuseInImport("`delay`", at: range)
        let d = try number(value, "`delay`", at: range)
        guard d >= 0 else { throw RuntimeError("`delay` expects a duration of 0 or more, got \(d.shortDescription)", at: range) }
        // Two delays of 1e308 would put the cursor, and every later layer, at infinity.
        guard (cursor + d).isFinite else {
            throw RuntimeError("`delay` moves the time cursor past the largest time (\(cursor.shortDescription) + \(d.shortDescription) seconds)", at: range)
        }
        cursor += d
    }

    /// `repeat forever { ... }`: runs `pass` (given the pass number) until the cursor
    /// reaches the canvas duration; each pass must move the cursor.
    func repeatForever(at range: SourceRange, _ pass: (Int) throws(RuntimeError) -> Flow) throws(RuntimeError) -> Flow {
        guard let duration = scene.canvas.duration else {
            throw RuntimeError("`repeat forever` needs a canvas `duration` to know when to stop", at: range)
        }
        var i = 0
        while cursor < duration {
            let before = cursor
            try step(range)
            if case .returned(let v) = try pass(i) { return .returned(v) }
            guard cursor > before else {
                throw RuntimeError("`repeat forever` body does not advance the time cursor; add a `delay` or `wait`", at: range)
            }
            i += 1
        }
        return .normal
    }

    /// The values a `for` loop visits. A range's numbers are made one at a time, as the
    /// loop reaches them: a loop that returns early never pays for the whole range.
    func iterate(_ value: Value, at range: SourceRange) throws(RuntimeError) -> LoopItems {
        switch value {
        case .list(let items): return .list(items)
        case let .range(lo, hi, inclusive):
            return .range(lo, count: try rangeCount(lo, hi, inclusive: inclusive, at: range))
        case .string(let s):
            try charge(s.utf8.count, .items, at: range)
            return .list(s.map { .string(String($0)) })
        default:
            throw RuntimeError("`for` expects a list or a range, got \(value.typeName)", at: range)
        }
    }

    /// The number of values in a range, checked against the list limit.
    func rangeCount(_ lo: Double, _ hi: Double, inclusive: Bool, at range: SourceRange) throws(RuntimeError) -> Int {
        let span = (hi - lo).rounded(.down) + (inclusive ? 1 : 0)
        let exact = hi - lo == (hi - lo).rounded(.down)
        let n = inclusive ? span : (exact ? hi - lo : span + 1)
        guard n.isFinite else { throw RuntimeError("a range needs finite bounds", at: range) }
        if n <= 0 { return 0 }
        guard n <= Double(limits.listLength) else {
            throw RuntimeError("a range of \(n.shortDescription) values is longer than the limit of \(limits.listLength)", at: range)
        }
        return Int(n)
    }

    /// `canvas { ... }`: may come once, before the first layer.
    func executeCanvas(_ body: [CanvasItem], in frame: Frame, range: SourceRange) throws(RuntimeError) {
        try refuseInImport("`canvas`", at: range)
        if let first = firstLayerRange {
            throw RuntimeError("`canvas` must come before the first layer", at: range,
                               notes: [("the first layer is declared here", first)])
        }
        if let previous = canvasRange {
            throw RuntimeError("the canvas is already set", at: range, notes: [("set here first", previous)])
        }
        var canvas = scene.canvas
        for item in body {
            guard case let .setting(name, nameRange, value, r) = item else {
                if case .invalid(let itemRange) = item {
                    throw RuntimeError("a canvas body holds only `name: value` settings", at: itemRange)
                }
                continue
            }
            let v = try value(self, frame)
            switch name {
            case "size":
                guard case .list(let parts) = v, parts.count == 2 else {
                    throw RuntimeError("canvas `size` expects [width, height], got \(v.typeName)", at: r)
                }
                let w = try wholeNumber(parts[0], "canvas `size`", at: r, min: 1)
                let h = try wholeNumber(parts[1], "canvas `size`", at: r, min: 1)
                guard w <= limits.canvasSide, h <= limits.canvasSide else {
                    throw RuntimeError("canvas `size` \(w)×\(h) is larger than the limit of \(limits.canvasSide) pixels a side", at: r)
                }
                canvas.width = w
                canvas.height = h
            case "fps":
                let f = try number(v, "canvas `fps`", at: r)
                guard f > 0, f <= 1000 else { throw RuntimeError("canvas `fps` must be in 0...1000 (above 0), got \(f.shortDescription)", at: r) }
                canvas.fps = f
            case "duration":
                let d = try number(v, "canvas `duration`", at: r)
                guard d >= 0 else { throw RuntimeError("canvas `duration` must not be negative", at: r) }
                canvas.duration = d
            case "background":
                guard case .color(let c) = v else {
                    throw RuntimeError("canvas `background` expects a colour, got \(v.typeName)", at: r)
                }
                canvas.background = c
            default:
                throw RuntimeError("unknown canvas setting `\(name)`\(Suggestion.hint(for: name, in: ["size", "fps", "duration", "background"]))", at: nameRange)
            }
        }
        scene.canvas = canvas
        canvasRange = range
    }
}

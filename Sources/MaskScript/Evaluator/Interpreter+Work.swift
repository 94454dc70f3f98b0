import MaskEngine

/// Work that grows with the size of a value (copying a list, counting a string's
/// characters, comparing or printing nested lists) counts towards the step limit, so a
/// loop over such operations ends with the limit's error instead of running for hours.
extension Interpreter {
    /// How many units of a kind of work take about as long as one evaluation step (in a
    /// debug build, measured): the rates keep any run within a few times the time of
    /// `limits.steps` plain steps.
    enum Work: Int {
        /// Bytes of a string scanned or copied.
        case bytes = 32
        /// List elements copied.
        case copies = 16
        /// Elements converted or inspected one by one.
        case items = 4
    }

    /// Counts `count` units of `work` as steps.
    func charge(_ count: Int, _ work: Work, at range: SourceRange) throws(RuntimeError) {
        steps &+= count / work.rawValue
        if steps > limits.steps { throw stepLimitError(at: range) }
    }

    /// Counts each later animation whose `from` a change re-resolved (`Scene.set`,
    /// `Scene.animate`) as a step: changes added out of time order cannot cost unbounded work.
    func chargeReresolved(_ count: Int, at range: SourceRange) throws(RuntimeError) {
        steps &+= count
        if steps > limits.steps { throw stepLimitError(at: range) }
    }

    func stepLimitError(at range: SourceRange) -> RuntimeError {
        var error = RuntimeError("the program ran more than \(limits.steps) steps; is there an endless loop?", at: range)
        error.stop = .steps(limits.steps)
        return error
    }

    /// Fails when a new list of `items` would nest deeper than `limits.listDepth`. Each
    /// list met is scanned once (lists shared many times over cost nothing more), and
    /// the elements scanned count as copies.
    func checkNesting(_ items: [Value], at range: SourceRange) throws(RuntimeError) {
        var scan = NestingScan(limit: limits.listDepth)
        let depth = scan.depth(of: items)
        try charge(scan.work, .copies, at: range)
        guard depth <= limits.listDepth else {
            throw RuntimeError("lists nested deeper than the limit of \(limits.listDepth)", at: range)
        }
    }

    /// `a == b`; each value compared counts as a step (comparing is slower than copying).
    func equal(_ a: Value, _ b: Value, at range: SourceRange) throws(RuntimeError) -> Bool {
        let start = max(0, limits.steps - steps)
        var budget = start
        let result = Value.equal(a, b, budget: &budget)
        guard budget >= 0 else { throw stepLimitError(at: range) }
        steps += start - budget
        return result
    }

    /// The text `print` writes for `value`, its length counted; fails when longer than
    /// the string limit.
    func printed(_ values: [Value], at range: SourceRange) throws(RuntimeError) -> String {
        let tooLong = RuntimeError("the printed text is longer than the limit of \(limits.stringLength) characters", at: range)
        // A character takes at most 4 UTF-8 bytes: a cheap bound while printing, the exact
        // count after.
        let byteLimit = limits.stringLength.multipliedReportingOverflow(by: 4).partialValue
        var text = ""
        for (i, v) in values.enumerated() {
            if i > 0 { text += " " }
            guard v.print(into: &text, limit: byteLimit) else { throw tooLong }
        }
        try charge(text.utf8.count, .bytes, at: range)
        guard text.unicodeScalars.count <= limits.stringLength else { throw tooLong }
        return text
    }
}

extension Value {
    /// Structural equality: numbers, strings, bools, colours, lists element by element,
    /// layers by identity; values of different types are never equal. Each value visited
    /// costs one step of `budget` (long strings, paths and images more); below 0 the
    /// comparison stops, its answer then moot.
    static func equal(_ a: Value, _ b: Value, budget: inout Int, depth: Int = 0) -> Bool {
        budget -= 1
        // Scripts cannot nest lists deeper than `Limits.listDepth`; a host's value might.
        guard budget >= 0, depth < 1_000 else { return false }
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case let (.string(x), .string(y)):
            budget -= min(x.utf8.count, y.utf8.count) / Interpreter.Work.bytes.rawValue
            return x == y
        case let (.color(x), .color(y)): return x == y
        case (.nil, .nil): return true
        case let (.layer(x), .layer(y)): return x.id == y.id
        case let (.list(x), .list(y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where !equal(p, q, budget: &budget, depth: depth + 1) { return false }
            return true
        case let (.range(a1, b1, i1), .range(a2, b2, i2)): return a1 == a2 && b1 == b2 && i1 == i2
        case let (.path(x), .path(y)):
            budget -= min(x.elements.count, y.elements.count) / Interpreter.Work.bytes.rawValue
            return x == y
        case let (.image(x), .image(y)):
            budget -= min(x.pixels.count, y.pixels.count) / Interpreter.Work.bytes.rawValue
            return x == y
        case let (.easing(x), .easing(y)): return x == y
        case let (.function(x), .function(y)): return x === y
        case let (.generator(x), .generator(y)): return x === y
        case let (.namespace(x), .namespace(y)): return x === y
        default: return false
        }
    }

    /// The text `print` writes: whole numbers without a decimal point, strings as they are.
    func printed() -> String {
        var text = ""
        _ = print(into: &text, limit: Int.max)
        return text
    }

    /// Appends the printed text to `text`; false (with `text` cut short) once `text` holds
    /// more than `limit` UTF-8 bytes, so a list holding itself a million times over is
    /// never spelt out in full.
    func print(into text: inout String, limit: Int, depth: Int = 0) -> Bool {
        switch self {
        case .number(let v): text += v.shortDescription
        case .bool(let b): text += b ? "true" : "false"
        case .string(let s): text += s
        case .color(let c): text += c.description
        case .list(let items):
            guard depth < 64 else {
                text += "[...]"
                break
            }
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += ", " }
                guard item.print(into: &text, limit: limit, depth: depth + 1) else { return false }
            }
            text += "]"
        case let .range(lo, hi, inclusive): text += lo.shortDescription + (inclusive ? "..." : "..<") + hi.shortDescription
        case .nil: text += "nil"
        case .layer(let l): text += "<\(l.kind.rawValue)\(l.name.map { " " + $0 } ?? "")>"
        case .image(let i): text += "<image \(i.width)×\(i.height)>"
        case .path(let p): text += "<path \(p.structure)>"
        case .function(let f): text += "<fn \(f.name)>"
        case .generator: text += "<random>"
        case .easing(let e): text += e.description
        case .namespace(let n): text += "<namespace \(n.name)>"
        }
        return text.utf8.count <= limit
    }
}

/// The nesting depth of a list, measured once per distinct list buffer.
private struct NestingScan {
    let limit: Int
    /// Depths already measured, by the address of a list's elements (all alive during the scan).
    var seen: [UnsafeRawPointer: Int] = [:]
    var work = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// The depth of a list `level` deep in the one being made: 1 for a list of no lists,
    /// more for each level inside. Once the whole passes `limit` it stops counting (and
    /// may cache a short count, which only matters for a scan that fails anyway).
    mutating func depth(of items: [Value], level: Int = 1) -> Int {
        let key = items.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        if let key, let known = seen[key] { return known }
        var depth = 1
        for item in items {
            work += 1
            guard case .list(let inner) = item else { continue }
            // A list inside a list `limit` deep: too deep, whatever else it holds.
            guard level < limit else { return limit + 1 }
            depth = max(depth, 1 + self.depth(of: inner, level: level + 1))
            if level - 1 + depth > limit { break }
        }
        if let key { seen[key] = depth }
        return depth
    }
}

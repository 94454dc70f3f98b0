@testable import MaskScript

/// Builds random but plausible mask programs from grammar fragments (layer blocks,
/// animate statements with random clauses, loops, functions, property values of random
/// types), deterministically from a seed.
struct ProgramGenerator {
    private var state: UInt64
    private var depth = 0

    init(seed: UInt64) { state = seed }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    private mutating func pick(_ options: [String]) -> String { options[below(options.count)] }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    static let names = ["a", "b", "c", "g", "t", "s", "xs", "f", "i", "n"]
    static let properties = LayerProperty.all.map(\.name) + ["opacty", "tile", "count"]
    static let numbers = ["0", "1", "-1", "0.5", "2", "16", "255", "1e300", "-1e300", "1e-300", "sqrt(-1)",
                          "pow(10, 400)", "3.7", "250ms", "90deg", "50%", "1e9", "-0"]

    /// A whole program: an optional canvas, then statements.
    mutating func program() -> String {
        var lines: [String] = []
        if chance(90) {
            let odd = chance(10)
            let fps = odd ? pick(["0", "1000", "sqrt(-1)"]) : pick(["10", "5", "1"])
            let duration = odd ? pick(["0", "1e300", "-1"]) : pick(["1", "0.5", "0.2"])
            let side = odd ? pick(["0", "1e9", "1"]) : pick(["16", "8"])
            lines.append("canvas { size: [\(side), 16]; fps: \(fps); duration: \(duration) }")
        }
        // Names for the statements to use, most of the time.
        if chance(85) {
            lines += ["let xs = [1, 2]; let n = 3; let i = 0; let c = red; fn f(n) { return n }",
                      "layer a { frame: [0, 0, 8, 8]; background: red }", "layer b { background: blue; opacity: 0.5 }",
                      "grid g { rows: 2; columns: 3 }", "text t { string: \"hi\"; size: 8 }", "shape s { path: circle(4, 4, 3) }"]
        }
        for _ in 0..<(1 + below(8)) { lines.append(statement()) }
        return lines.joined(separator: "\n")
    }

    mutating func statement() -> String {
        depth += 1
        defer { depth -= 1 }
        let simple = depth > 3
        switch below(simple ? 6 : 13) {
        case 0: return "let \(pick(Self.names)) = \(expression())"
        case 1: return "\(pick(Self.names)) = \(expression())"
        case 2: return "\(pick(Self.names)).\(pick(Self.properties)) = \(expression())"
        case 3: return animate()
        case 4: return pick(["delay \(number())", "wait", "print(\(expression()))"])
        case 5: return "\(pick(Self.names))(\(expression()))"
        case 6, 7: return layer()
        case 8: return "repeat \(pick(["3", "0", "1e9", "-2", "forever", "2.5"])) \(chance(50) ? "as i " : ""){ \(block()) }"
        case 9: return "for \(pick(Self.names)) in \(pick(["0..<3", "xs", "\"ab\"", "[a, b]", "g.tiles", "0...1e9"])) { \(block()) }"
        case 10: return "fn \(pick(["f", "g2"]))(\(pick(["", "n", "n, m"]))) { \(block()); return \(expression()) }"
        case 11: return "if \(expression()) { \(block()) } else { \(block()) }"
        default: return "\(pick(["a", "b", "t", "s"])).mask = \(pick(["a", "b", "g", "nil", "t", "5"]))"
        }
    }

    private mutating func block() -> String {
        (0..<below(3)).map { _ in statement() }.joined(separator: "; ")
    }

    private mutating func layer() -> String {
        let kind = pick(["layer", "gradient", "shape", "text", "grid"])
        let name = chance(70) ? " \(pick(Self.names))" : ""
        var body: [String] = []
        for _ in 0..<below(5) { body.append("\(pick(Self.properties)): \(expression())") }
        if chance(20) { body.append("mask \(chance(50) ? layer() : pick(Self.names))") }
        if chance(30) { body.append(statement()) }
        return "\(kind)\(name) { \(body.joined(separator: "; ")) }"
    }

    private mutating func animate() -> String {
        let target = pick(["a", "b", "g.tiles", "[a, b]", "t", "s", "xs"])
        var clauses = chance(25) ? "keys [\(expression()), \(expression())]" : "to \(expression())"
        if chance(30) { clauses = "from \(expression()) " + clauses }
        if chance(20) { clauses += " times [\(pick(["0, 1", "0, 0.5", "1, 0", "0, sqrt(-1)"]))]" }
        if chance(60) { clauses += " over \(number())" }
        if chance(30) { clauses += " delay \(number())" }
        if chance(30) { clauses += " ease \(pick(["easeIn", "linear", "spring(1, 100)", "cubic(0, 2, 1, -1)", "spring(0, 0)", "red"]))" }
        if chance(30) { clauses += " repeat \(pick(["2", "forever", "0", "1e300", "sqrt(-1)"]))" }
        if chance(20) { clauses += " autoreverse" }
        if chance(25) { clauses += " stagger \(number()) order \(pick(["index", "reverse", "rows", "diagonal", "center", "random(3)", "bogus"]))" }
        return "animate \(target).\(pick(Self.properties)) \(clauses)"
    }

    private mutating func number() -> String { pick(Self.numbers) }

    mutating func expression() -> String {
        depth += 1
        defer { depth -= 1 }
        if depth > 4 { return number() }
        switch below(16) {
        case 0, 1: return number()
        case 2: return pick(Self.names)
        case 3: return pick(["red", "#0f08", "clear", "rgba(1, 2, 3, 0.5)", "hsl(1e300, 2, -1)", "white(0.5, 1)"])
        case 4: return "[\(expression()), \(expression())]"
        case 5: return "[\(number()), \(number()), \(number()), \(number())]"
        case 6: return pick(["\"\"", "\"a\\u{0}b\"", "\"hello\\nworld\"", "\"DejaVu Serif\"", "nil", "true", "aspectFill", "radial"])
        case 7: return "\(expression()) \(pick(["+", "-", "*", "/", "%", "==", "<", "and"])) \(expression())"
        case 8: return "circle(\(number()), \(number()), \(number()))"
        case 9: return pick(["polygon([[0, 0], [\(number()), 5], [3, \(number())]])", "oval([0, 0, 4, 4])",
                             "line([0, 0], [\(number()), 1])", "roundedRect([0, 0, 8, 8], \(number()))"])
        case 10: return "\(pick(Self.names))[\(number())]"
        case 11: return "\(pick(Self.names)).\(pick(Self.properties))"
        case 12: return "\(pick(["min", "max", "len", "str", "abs", "floor", "clamp", "image", "random"]))(\(expression()))"
        case 13: return "\(pick(Self.names))(\(expression()))"
        case 14: return "fn (n) { return \(expression()) }"
        default: return "\(number())..<\(number())"
        }
    }
}

import Foundation

/// A JSON value as the Lottie exporter builds it: objects keep their keys in the order
/// given, so the same scene always gives the same bytes.
public enum LottieJSON: Sendable, Equatable {
    /// A number; written with at most four decimals, whole numbers without a point.
    case number(Double)
    /// A colour component or gradient stop in 0...1; written with six decimals, rounded
    /// up, so that a player reading it as a byte gets the byte `x/255` was made of
    /// whether it rounds `value × 255` or, as rlottie does, truncates it (four decimals
    /// make 16/255 `0.0627`, which truncates to 15).
    case fraction(Double)
    /// A string.
    case string(String)
    /// true or false.
    case bool(Bool)
    /// A list.
    case array([LottieJSON])
    /// An object with its keys in order.
    case object([(String, LottieJSON)])

    /// A list of numbers.
    static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map(LottieJSON.number)) }

    /// The value stored under `key` in an object, or nil (also for any other value).
    public subscript(key: String) -> LottieJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The element at `index` of a list, or nil.
    public subscript(index: Int) -> LottieJSON? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The number, or nil when the value is not one.
    public var number: Double? {
        switch self {
        case .number(let v), .fraction(let v): return v
        default: return nil
        }
    }

    /// The string, or nil when the value is not one.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements of a list, or nil when the value is not one.
    public var array: [LottieJSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// Compact JSON text (no spaces, no newlines).
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    public static func == (lhs: LottieJSON, rhs: LottieJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.number(a), .number(b)): return LottieJSON.format(a) == LottieJSON.format(b)
        case let (.fraction(a), .fraction(b)): return LottieJSON.format(a, decimals: 6, rule: .up) == LottieJSON.format(b, decimals: 6, rule: .up)
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    private func write(into out: inout String) {
        switch self {
        case .number(let v): out += LottieJSON.format(v)
        case .fraction(let v): out += LottieJSON.format(v, decimals: 6, rule: .up)
        case .string(let s): LottieJSON.quote(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                LottieJSON.quote(member.0, into: &out)
                out += ":"
                member.1.write(into: &out)
            }
            out += "}"
        }
    }

    /// Four decimals are a ten-thousandth of a pixel or percent: far below what a player
    /// can show (colours take `fraction`'s six). Non-finite numbers (never produced) are
    /// written as 0.
    static func format(_ v: Double, decimals: Int = 4, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> String {
        guard v.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (v * scale).rounded(rule) / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        var s = String(format: "%.\(decimals)f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Why two values cannot be interpolated.
public enum InterpolationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The two values are of different types.
    case typeMismatch(String, String)
    /// Lists of different lengths.
    case lengthMismatch(Int, Int)
    /// Values of a type that only changes as a step.
    case notInterpolable(String)
    /// Paths of different structure.
    case path(PathError)

    /// The message for a user.
    public var description: String {
        switch self {
        case let .typeMismatch(a, b): return "cannot animate between \(a) and \(b)"
        case let .lengthMismatch(a, b): return "cannot animate between lists of \(a) and \(b) elements"
        case let .notInterpolable(t): return "cannot animate \(t); it changes as a step"
        case let .path(e): return e.description
        }
    }
}

/// The value `t` of the way from `a` to `b`, finite for finite ends: near the largest
/// Double, `b - a` overflows (from 1e308 to −1e308 gave NaN at t = 0), so each end is
/// weighted instead, and an overshoot past the largest Double stops there.
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let v = a + (b - a) * t
    return v.isFinite ? v : lerpOverflowing(a, b, t)
}

private func lerpOverflowing(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let w = a * (1 - t) + b * t
    if w.isFinite { return w }
    if w.isNaN { return t < 0.5 ? a : b }
    return w > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
}

extension PropertyValue {
    /// The value `t` of the way from `self` to `other`. `t` may leave 0...1 (springs
    /// overshoot); colours interpolate in premultiplied RGBA and clamp.
    /// - Throws: `InterpolationError` when the values cannot be interpolated.
    public func interpolated(to other: PropertyValue, _ t: Double) throws(InterpolationError) -> PropertyValue {
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(lerp(a, b, t))
        case let (.point(a), .point(b)):
            return .point(Point(lerp(a.x, b.x, t), lerp(a.y, b.y, t)))
        case let (.size(a), .size(b)):
            return .size(Size(max(0, lerp(a.width, b.width, t)), max(0, lerp(a.height, b.height, t))))
        case let (.color(a), .color(b)), let (.optionalColor(a?), .optionalColor(b?)),
             let (.color(a), .optionalColor(b?)), let (.optionalColor(a?), .color(b)):
            return .color(a.premultiplied().interpolated(to: b.premultiplied(), t).unpremultiplied())
        case let (.optionalColor(nil), .color(b)), let (.optionalColor(nil), .optionalColor(b?)):
            // No colour animates like clear, as Core Animation fades a nil fill in.
            return .color(Color.clear.premultiplied().interpolated(to: b.premultiplied(), t).unpremultiplied())
        case let (.color(a), .optionalColor(nil)), let (.optionalColor(a?), .optionalColor(nil)):
            return .color(a.premultiplied().interpolated(to: Color.clear.premultiplied(), t).unpremultiplied())
        case let (.numbers(a), .numbers(b)), let (.optionalNumbers(a?), .optionalNumbers(b?)),
             let (.numbers(a), .optionalNumbers(b?)), let (.optionalNumbers(a?), .numbers(b)):
            guard a.count == b.count else { throw .lengthMismatch(a.count, b.count) }
            return .numbers(zip(a, b).map { lerp($0, $1, t) })
        case let (.colors(a), .colors(b)):
            guard a.count == b.count else { throw .lengthMismatch(a.count, b.count) }
            return .colors(zip(a, b).map {
                $0.premultiplied().interpolated(to: $1.premultiplied(), t).unpremultiplied()
            })
        case let (.path(a), .path(b)):
            do { return .path(try a.interpolated(to: b, t)) } catch { throw .path(error) }
        case let (.optionalPath(a?), .optionalPath(b?)), let (.path(a), .optionalPath(b?)), let (.optionalPath(a?), .path(b)):
            do { return .optionalPath(try a.interpolated(to: b, t)) } catch { throw .path(error) }
        default:
            if typeName == other.typeName { throw .notInterpolable(typeName) }
            throw .typeMismatch(typeName, other.typeName)
        }
    }
}

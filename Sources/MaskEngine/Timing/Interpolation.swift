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
        // Lists first, each value matched alone: matching the pair as a tuple copies both,
        // retaining the keyframes' arrays that every render thread samples.
        switch self {
        case .numbers(let a), .optionalNumbers(let a?):
            switch other {
            case .numbers(let b), .optionalNumbers(let b?):
                guard a.count == b.count else { throw .lengthMismatch(a.count, b.count) }
                return .numbers(PropertyValue.lerped(a, b, t))
            default: break
            }
        case .colors(let a):
            if case .colors(let b) = other {
                guard a.count == b.count else { throw .lengthMismatch(a.count, b.count) }
                return .colors(PropertyValue.interpolated(a, b, t))
            }
        default: break
        }
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
        case let (.path(a), .path(b)):
            do { return .path(try a.interpolated(to: b, t)) } catch { throw .path(error) }
        case let (.optionalPath(a?), .optionalPath(b?)), let (.path(a), .optionalPath(b?)), let (.optionalPath(a?), .path(b)):
            do { return .optionalPath(try a.interpolated(to: b, t)) } catch { throw .path(error) }
        default:
            if typeName == other.typeName { throw .notInterpolable(typeName) }
            throw .typeMismatch(typeName, other.typeName)
        }
    }

    /// `lerp` of each pair of `a` and `b` (as long), read through buffers: `zip` holds a
    /// copy of each array, retained.
    private static func lerped(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.indices.map { lerp(a[$0], b[$0], t) } } }
    }

    /// Each pair of colours of `a` and `b` (as long) interpolated in premultiplied RGBA,
    /// read through buffers as `lerped` reads its lists.
    private static func interpolated(_ a: [Color], _ b: [Color], _ t: Double) -> [Color] {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                a.indices.map { a[$0].premultiplied().interpolated(to: b[$0].premultiplied(), t).unpremultiplied() }
            }
        }
    }
}

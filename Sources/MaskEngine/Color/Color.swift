/// A colour with straight (not premultiplied) components, each in 0...1.
///
/// This is the colour a user writes. Compositing and interpolation happen on
/// `PremultipliedColor`; the only ways across are `premultiplied()` and `unpremultiplied()`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red, green, blue and alpha components, each in 0...1; red, green and blue are
    /// not multiplied by alpha.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour; components are clamped to 0...1 (NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A grey like `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue (degrees, any value; wraps), saturation and lightness (0...1).
    public init(hue: Double, saturation: Double, lightness: Double, alpha: Double = 1) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        if !h.isFinite { h = 0 }
        let s = Color.clamp(saturation), l = Color.clamp(lightness)
        let chroma = (1 - abs(2 * l - 1)) * s
        let hp = h / 60
        let x = chroma * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch hp {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = l - chroma / 2
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    private static func clamp(_ v: Double) -> Double {
        v >= 0 ? min(v, 1) : 0
    }

    /// Fully transparent black, UIKit's `clear` (white 0, alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// UIKit's `black`: white 0.
    public static let black = Color(white: 0)
    /// UIKit's `white`: white 1.
    public static let white = Color(white: 1)
    /// UIKit's `gray`: white 0.5.
    public static let gray = Color(white: 0.5)
    /// UIKit's `lightGray`: white 2/3.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// UIKit's `darkGray`: white 1/3.
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// UIKit's `red`: RGB (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// UIKit's `green`: RGB (0, 1, 0).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// UIKit's `blue`: RGB (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// UIKit's `cyan`: RGB (0, 1, 1).
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// UIKit's `yellow`: RGB (1, 1, 0).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// UIKit's `magenta`: RGB (1, 0, 1).
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// UIKit's `orange`: RGB (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// UIKit's `purple`: RGB (0.5, 0, 0.5).
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// UIKit's `brown`: RGB (0.6, 0.4, 0.2).
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)

    /// The named colours of the language, with UIKit's values.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white, "gray": .gray,
        "lightGray": .lightGray, "darkGray": .darkGray, "red": .red, "green": .green,
        "blue": .blue, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta,
        "orange": .orange, "purple": .purple, "brown": .brown,
    ]

    /// The colour with its components multiplied by alpha.
    public func premultiplied() -> PremultipliedColor {
        PremultipliedColor(unchecked: red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// The colour as a lowercase hex literal: `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var description: String {
        func hex(_ v: Double) -> String {
            let n = Int((v * 255).rounded())
            return (n < 16 ? "0" : "") + String(n, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

/// A colour whose components are already multiplied by alpha: every component lies in
/// 0...alpha, and alpha in 0...1. This is what blending and interpolation work on.
public struct PremultipliedColor: Hashable, Sendable {
    /// The red, green and blue components, already multiplied by alpha (each in 0...alpha),
    /// and alpha itself (0...1).
    public private(set) var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a premultiplied colour, clamping alpha to 0...1 and each component to 0...alpha.
    @inline(__always)
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        let a = alpha >= 0 ? min(alpha, 1) : 0
        func c(_ v: Double) -> Double { v >= 0 ? min(v, a) : 0 }
        self.init(unchecked: c(red), c(green), c(blue), a)
    }

    init(unchecked r: Double, _ g: Double, _ b: Double, _ a: Double) {
        red = r; green = g; blue = b; alpha = a
    }

    /// The transparent colour.
    public static let clear = PremultipliedColor(unchecked: 0, 0, 0, 0)

    /// The straight colour; a fully transparent colour becomes `Color.clear`.
    public func unpremultiplied() -> Color {
        guard alpha > 0 else { return .clear }
        return Color(red: red / alpha, green: green / alpha, blue: blue / alpha, alpha: alpha)
    }

    /// Linear interpolation, component by component: `t = 0` gives `self`, `t = 1` gives `other`.
    @inline(__always)
    public func interpolated(to other: PremultipliedColor, _ t: Double) -> PremultipliedColor {
        PremultipliedColor(red: red + (other.red - red) * t,
                           green: green + (other.green - green) * t,
                           blue: blue + (other.blue - blue) * t,
                           alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The colour as four bytes, premultiplied RGBA, rounded to nearest (halves up).
    public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        (PremultipliedColor.byte(red), PremultipliedColor.byte(green), PremultipliedColor.byte(blue),
         PremultipliedColor.byte(alpha))
    }

    /// `v` scaled to 0...255 and rounded to nearest, halves away from zero: what
    /// `UInt8(max(0, min(255, (v * 255).rounded())))` gives, for every `v` (NaN → 255),
    /// without a call to libm's `round`, which the default x86-64 target has no
    /// instruction for (a gradient table makes four a stop, a thousand stops a table).
    /// Clamping before rounding gives the same byte, as 0 and 255 are whole; within
    /// 0...255, the fraction above the truncation is exact, so comparing it with 0.5 is
    /// exactly `round`.
    @inline(__always)
    static func byte(_ v: Double) -> UInt8 {
        let c = max(0, min(255, v * 255))
        let whole = Int(c)
        return UInt8(truncatingIfNeeded: whole &+ (c - Double(whole) >= 0.5 ? 1 : 0))
    }
}

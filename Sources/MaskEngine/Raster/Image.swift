/// A raster image of premultiplied RGBA, 8 bits per channel, rows top to bottom.
///
/// Why 8-bit premultiplied: it is what Core Animation's backing stores hold, what the
/// frame files hold, and it keeps a 1280×720 frame at 3.5 MiB so compositing is bound by
/// memory bandwidth rather than arithmetic. Blending uses exact integer rounding
/// (`x·y/255` rounded to nearest), so results are the same bytes on every machine.
///
/// Invariants: `width` and `height` are ≥ 0, `pixels.count == width × height × 4`, and every
/// colour byte is ≤ its pixel's alpha byte.
///
/// Two images are equal when their sizes and pixels are: whether they are known opaque
/// is not part of the value.
public struct Image: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Premultiplied RGBA bytes, `width × height × 4` of them.
    public internal(set) var pixels: [UInt8] {
        // Whatever changes the pixels (a surface's drawing) forgets that they were opaque.
        didSet { isKnownOpaque = false }
    }
    /// True when every pixel is known to be opaque: found where the pixels were made (an
    /// initialiser that reads every alpha, or a decoder whose format has none), so a draw
    /// of the image may overwrite what is under it. False says nothing.
    private(set) var isKnownOpaque: Bool

    /// The largest width or height an image may have (keeps `width × height × 4` far from overflow).
    public static let maxDimension = 16_384

    /// Creates an image filled with one colour.
    /// - Throws: `ImageError.invalidDimensions` when a side is negative or above `maxDimension`.
    public init(width: Int, height: Int, fill: PremultipliedColor = .clear) throws {
        guard Image.validDimensions(width, height) else {
            throw ImageError.invalidDimensions(width: width, height: height)
        }
        self.width = width
        self.height = height
        let (r, g, b, a) = fill.rgba8
        isKnownOpaque = a == 255
        if a == 0 {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            var p = [UInt8](repeating: 0, count: width * height * 4)
            var i = 0
            while i < p.count { p[i] = r; p[i + 1] = g; p[i + 2] = b; p[i + 3] = a; i += 4 }
            pixels = p
        }
    }

    /// Creates an image from premultiplied RGBA bytes.
    /// - Throws: `ImageError.invalidDimensions` for bad sizes, `ImageError.invalidPixels`
    ///   when the byte count is wrong or a colour byte exceeds its alpha.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8]) throws {
        guard Image.validDimensions(width, height) else {
            throw ImageError.invalidDimensions(width: width, height: height)
        }
        guard premultipliedRGBA.count == width * height * 4 else {
            throw ImageError.invalidPixels("expected \(width * height * 4) bytes, got \(premultipliedRGBA.count)")
        }
        var i = 0, alphas: UInt8 = 255
        while i < premultipliedRGBA.count {
            let a = premultipliedRGBA[i + 3]
            if premultipliedRGBA[i] > a || premultipliedRGBA[i + 1] > a || premultipliedRGBA[i + 2] > a {
                throw ImageError.invalidPixels("colour exceeds alpha at pixel \(i / 4)")
            }
            alphas &= a
            i += 4
        }
        self.width = width
        self.height = height
        self.pixels = premultipliedRGBA
        isKnownOpaque = alphas == 255
    }

    /// Creates an image from straight (not premultiplied) RGBA bytes, premultiplying them.
    public init(width: Int, height: Int, straightRGBA: consuming [UInt8]) throws {
        guard Image.validDimensions(width, height) else {
            throw ImageError.invalidDimensions(width: width, height: height)
        }
        guard straightRGBA.count == width * height * 4 else {
            throw ImageError.invalidPixels("expected \(width * height * 4) bytes, got \(straightRGBA.count)")
        }
        var p = consume straightRGBA
        var opaque = true
        // Over raw bytes; opaque pixels (most of a photo) stay as they are, eight at a time
        // where all eight are (one test of their alphas together).
        p.withUnsafeMutableBytes { px in
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            var block = 0
            while block < px.count {
                let end = min(block &+ 32, px.count)
                if end &- block == 32 {
                    let all = px.loadUnaligned(fromByteOffset: block, as: UInt64.self) & px.loadUnaligned(fromByteOffset: block &+ 8, as: UInt64.self)
                        & px.loadUnaligned(fromByteOffset: block &+ 16, as: UInt64.self) & px.loadUnaligned(fromByteOffset: block &+ 24, as: UInt64.self)
                    if all & alphas == alphas {
                        block = end
                        continue
                    }
                }
                for i in stride(from: block, to: end &- 3, by: 4) {
                    let a = UInt32(px[i &+ 3])
                    if a == 255 { continue }
                    opaque = false
                    px[i] = mulDiv255(UInt32(px[i]), a)
                    px[i &+ 1] = mulDiv255(UInt32(px[i &+ 1]), a)
                    px[i &+ 2] = mulDiv255(UInt32(px[i &+ 2]), a)
                }
                block = end
            }
        }
        self.width = width
        self.height = height
        self.pixels = p
        isKnownOpaque = opaque
    }

    /// An image over bytes the caller guarantees are `width × height × 4` valid
    /// premultiplied pixels (a pooled buffer the renderer fills), all of them opaque when
    /// `opaque` (a decoded format without alpha).
    init(width: Int, height: Int, trustedPixels: [UInt8], opaque: Bool = false) {
        self.width = width
        self.height = height
        pixels = trustedPixels
        isKnownOpaque = opaque
    }

    /// Equal sizes and pixels.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }

    /// Hashes the size and the pixels, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    static func validDimensions(_ width: Int, _ height: Int) -> Bool {
        width >= 0 && height >= 0 && width <= maxDimension && height <= maxDimension
    }

    /// The pixel at `(x, y)` as premultiplied RGBA bytes, or nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The image's RGBA bytes with the alpha divided back out (what PNG files hold).
    public func straightRGBA() -> [UInt8] {
        var p = pixels
        var i = 0
        while i < p.count {
            let a = UInt32(p[i + 3])
            if a != 0 && a != 255 {
                for k in 0..<3 { p[i + k] = UInt8((UInt32(p[i + k]) * 255 + a / 2) / a) }
            }
            i += 4
        }
        return p
    }
}

/// `x·y/255` rounded to nearest, exactly, for bytes `x` and `y`.
@inline(__always)
func mulDiv255(_ x: UInt32, _ y: UInt32) -> UInt8 {
    let t = x &* y &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
}

/// Why an image could not be made, read or written.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A side is negative or larger than `Image.maxDimension`.
    case invalidDimensions(width: Int, height: Int)
    /// The pixel bytes are not a valid premultiplied image.
    case invalidPixels(String)
    /// A file could not be read or decoded: the path and the reason.
    case unreadable(path: String, reason: String)
    /// A file could not be written: the path and the reason.
    case unwritable(path: String, reason: String)

    /// The message for a user, naming the file when there is one.
    public var description: String {
        switch self {
        case let .invalidDimensions(w, h):
            return "invalid image size \(w)×\(h) (each side must be 0...\(Image.maxDimension))"
        case let .invalidPixels(why): return "invalid pixel data: \(why)"
        case let .unreadable(path, reason): return "cannot read image '\(path)': \(reason)"
        case let .unwritable(path, reason): return "cannot write image '\(path)': \(reason)"
        }
    }
}

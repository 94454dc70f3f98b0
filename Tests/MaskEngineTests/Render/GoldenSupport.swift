// Golden image tests: small scenes rendered and compared with checked-in reference PNGs.
//
// The references live in `Tests/MaskEngineTests/Goldens/NAME.png`, which the test target
// copies as a resource, so a test reads them through `Bundle.module`. A comparison passes
// when every channel of every pixel is within a tolerance the test states. On failure the
// message names the first bad pixel, `(x, y) actual RGBA vs expected RGBA`, and the
// rendered frame is written as `NAME.actual.png` beside the reference in the source tree
// (ignored by git) so that the two can be opened side by side.
//
// A missing reference is recorded only when asked: `RECORD_GOLDENS=1 swift test ...`
// writes `NAME.png` into the source folder (found through `#filePath`) and still fails,
// so recording never passes silently; look at the new file, commit it, and run again.

import Foundation
import MaskEngine
import XCTest

// MARK: - Comparison

/// How a rendered image differs from its reference, beyond the tolerance.
enum GoldenDifference: Equatable, CustomStringConvertible {
    /// The two images have different sizes.
    case size(actual: Size, expected: Size)
    /// Some pixels differ: the first one in reading order, how many do, and the largest
    /// difference of any channel.
    case pixels(x: Int, y: Int, actual: [UInt8], expected: [UInt8], count: Int, largest: Int)

    var description: String {
        switch self {
        case let .size(a, e):
            return "size \(Int(a.width))×\(Int(a.height)) vs expected \(Int(e.width))×\(Int(e.height))"
        case let .pixels(x, y, a, e, count, largest):
            return "(\(x), \(y)) actual \(GoldenDifference.rgba(a)) vs expected \(GoldenDifference.rgba(e)); "
                + "\(count) \(count == 1 ? "pixel differs" : "pixels differ"), by up to \(largest)"
        }
    }

    private static func rgba(_ p: [UInt8]) -> String {
        "RGBA(" + p.map(String.init).joined(separator: ", ") + ")"
    }
}

/// Compares two images channel by channel (premultiplied bytes, as the renderer makes
/// them; frames are opaque, so these are also the PNG's bytes).
/// - Returns: nil when every channel is within `tolerance`, or the difference.
func goldenDifference(_ actual: Image, _ expected: Image, tolerance: Int) -> GoldenDifference? {
    guard actual.width == expected.width, actual.height == expected.height else {
        return .size(actual: Size(Double(actual.width), Double(actual.height)),
                     expected: Size(Double(expected.width), Double(expected.height)))
    }
    var first: (x: Int, y: Int, a: [UInt8], e: [UInt8])?
    var count = 0, largest = 0
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            let i = (y * actual.width + x) * 4
            let a = Array(actual.pixels[i..<i + 4]), e = Array(expected.pixels[i..<i + 4])
            let worst = zip(a, e).map { abs(Int($0) - Int($1)) }.max() ?? 0
            guard worst > tolerance else { continue }
            count += 1
            largest = max(largest, worst)
            if first == nil { first = (x, y, a, e) }
        }
    }
    guard let first else { return nil }
    return .pixels(x: first.x, y: first.y, actual: first.a, expected: first.e, count: count, largest: largest)
}

// MARK: - References

/// Where golden references are found and recorded.
enum Golden {
    /// The reference folder in the source tree, at the top of the test target's folder
    /// (found from this file, in whichever folder of the target it sits): recordings and
    /// `.actual.png` files go here.
    static let sourceDirectory: String = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.lastPathComponent != "MaskEngineTests", folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("Goldens").path
    }()

    /// True when the run was asked to record missing references (`RECORD_GOLDENS=1`).
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// The path of a reference in the test bundle, or nil when it is not there.
    static func bundledReference(_ name: String) -> String? {
        guard let dir = Bundle.module.resourcePath else { return nil }
        let path = dir + "/Goldens/" + name + ".png"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Checks `image` against the reference `NAME.png`.
    ///
    /// - Parameters:
    ///   - reference: the path of the reference, or nil when there is none.
    ///   - outputDirectory: where `NAME.actual.png` (on a difference) or `NAME.png` (when
    ///     recording) is written.
    ///   - record: record a missing reference (and fail all the same).
    /// - Returns: nil when the image matches, otherwise the failure message.
    static func check(_ image: Image, named name: String, tolerance: Int, reference: String?,
                      outputDirectory: String, record: Bool) -> String? {
        let actualPath = outputDirectory + "/" + name + ".actual.png"
        guard let reference else {
            let newPath = outputDirectory + "/" + name + ".png"
            // Never overwrite a reference: only a missing one is recorded.
            guard !FileManager.default.fileExists(atPath: newPath) else {
                return "\(newPath) exists but is not among the test bundle's resources; rebuild the tests"
            }
            guard record else {
                return "no reference \(name).png; run with RECORD_GOLDENS=1 to record it in \(outputDirectory)"
            }
            do {
                try image.write(toFile: newPath, format: .png)
            } catch {
                return "could not record \(newPath): \(error)"
            }
            return "recorded a new reference \(newPath); look at it, commit it and run again without RECORD_GOLDENS"
        }
        let expected: Image
        do {
            expected = try Image(contentsOfFile: reference)
        } catch {
            return "could not read the reference: \(error)"
        }
        guard let difference = goldenDifference(image, expected, tolerance: tolerance) else {
            // A stale `.actual.png` from an earlier failure would only mislead.
            try? FileManager.default.removeItem(atPath: actualPath)
            return nil
        }
        var message = "\(name) differs from its reference (tolerance ±\(tolerance) per channel): \(difference)"
        do {
            try image.write(toFile: actualPath, format: .png)
            message += "; wrote \(actualPath)"
        } catch {
            message += "; could not write \(actualPath): \(error)"
        }
        return message
    }
}

extension XCTestCase {
    /// Asserts that `image` matches the golden reference `Goldens/NAME.png`, each channel
    /// of each pixel within `tolerance`.
    func assertGolden(_ image: Image, named name: String, tolerance: Int,
                      file: StaticString = #filePath, line: UInt = #line) {
        if let failure = Golden.check(image, named: name, tolerance: tolerance,
                                      reference: Golden.bundledReference(name),
                                      outputDirectory: Golden.sourceDirectory, record: Golden.isRecording) {
            XCTFail(failure, file: file, line: line)
        }
    }
}

// MARK: - Test images made in code

/// Small images for golden scenes, made in code so that no binary input is checked in.
enum GoldenImages {
    /// How `photo` colours its pixels.
    enum Tint {
        case natural, grey, green
    }

    /// A photo-like picture: a sky-to-ground colour ramp, a bright sun disc with a soft
    /// rim and 8-pixel checks in the ground, so that stretching, masking and fading errors
    /// all show up somewhere.
    static func photo(width: Int, height: Int, tint: Tint = .natural) throws -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        let sunX = Double(width) * 0.7, sunY = Double(height) * 0.3, sunR = Double(min(width, height)) * 0.2
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width), v = (Double(y) + 0.5) / Double(height)
                var r: Double, g: Double, b: Double
                if v < 0.6 {
                    // Sky: blue overhead, paler near the horizon.
                    r = 0.25 + 0.5 * v; g = 0.45 + 0.4 * v; b = 0.95
                } else {
                    // Ground: green to brown, with checks.
                    let check = ((x / 8) + (y / 8)) % 2 == 0 ? 1.0 : 0.75
                    r = (0.35 + 0.3 * u) * check; g = (0.6 - 0.2 * u) * check; b = 0.15 * check
                }
                let d = ((Double(x) + 0.5 - sunX) * (Double(x) + 0.5 - sunX)
                         + (Double(y) + 0.5 - sunY) * (Double(y) + 0.5 - sunY)).squareRoot()
                let sun = min(1, max(0, (sunR - d) / 1.5 + 0.5))
                r += (1.0 - r) * sun; g += (0.9 - g) * sun; b += (0.3 - b) * sun
                let grey = 0.2126 * r + 0.7152 * g + 0.0722 * b
                switch tint {
                case .natural: break
                case .grey: (r, g, b) = (grey, grey, grey)
                case .green: (r, g, b) = (0.15 * grey, 0.3 + 0.7 * grey, 0.15 * grey)
                }
                bytes += [byte(r), byte(g), byte(b), 255]
            }
        }
        return try Image(width: width, height: height, straightRGBA: bytes)
    }

    /// Diagonal stripes, 4 pixels wide, of two colours: a second "photo" to fade to.
    static func stripes(width: Int, height: Int, _ a: Color, _ b: Color) throws -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = ((x + y) / 4) % 2 == 0 ? a : b
                bytes += [byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha)]
            }
        }
        return try Image(width: width, height: height, straightRGBA: bytes)
    }

    /// A black heart on a clear ground, as a mask PNG would hold: its alpha is the
    /// anti-aliased coverage (4×4 samples a pixel) times a ramp from 1 at the top to 0.5
    /// at the bottom, so that partial alpha in the mask shows as partial visibility.
    static func heart(size: Int) throws -> Image {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size * size * 4)
        let n = Double(size)
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        // (u² + v² − 1)³ − u²v³ ≤ 0 is a heart with its point down.
                        let u = ((Double(x) + (Double(sx) + 0.5) / 4) - n / 2) / (n * 0.36)
                        let v = -((Double(y) + (Double(sy) + 0.5) / 4) - n * 0.44) / (n * 0.36)
                        let k = u * u + v * v - 1
                        if k * k * k - u * u * v * v * v <= 0 { inside += 1 }
                    }
                }
                let ramp = 1 - 0.5 * (Double(y) + 0.5) / n
                bytes += [0, 0, 0, byte(Double(inside) / 16 * ramp)]
            }
        }
        return try Image(width: size, height: size, straightRGBA: bytes)
    }

    private static func byte(_ v: Double) -> UInt8 {
        UInt8(max(0, min(255, (v * 255).rounded())))
    }
}

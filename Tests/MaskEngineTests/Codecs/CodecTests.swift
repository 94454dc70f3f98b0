import Foundation
import XCTest
import CPixels
@testable import MaskEngine

final class CodecTests: XCTestCase {
    func testOpaqueImagesEncodeAsRGBAndTranslucentOnesAsRGBA() throws {
        // Byte 25 of a PNG is the IHDR colour type: 2 is RGB, 6 is RGBA.
        let opaque = try Image(width: 2, height: 2, fill: Color.red.premultiplied())
        XCTAssertEqual(try opaque.pngData()[25], 2)
        XCTAssertEqual(try Image(data: opaque.pngData()), opaque)
        let translucent = try Image(width: 2, height: 2, fill: Color(red: 1, green: 0, blue: 0, alpha: 0.5).premultiplied())
        XCTAssertEqual(try translucent.pngData()[25], 6)
    }

    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "CodecTests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex, let j = s.index(i, offsetBy: 2, limitedBy: s.endIndex), let b = UInt8(s[i..<j], radix: 16) {
            out.append(b)
            i = j
        }
        return out
    }

    /// The PNG chunk CRC (CRC-32 of type and data) of hex bytes, big-endian.
    private func crc(_ chunk: String) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in hex(chunk) {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: c >> $0) }
    }

    private func pixels(_ image: Image) -> [[UInt8]] {
        stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
    }

    /// Asserts that decoding fails with `unreadable` whose reason contains `fragment`.
    private func assertUnreadable(_ bytes: [UInt8], _ fragment: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Image(data: bytes, name: "test.bin"), file: file, line: line) { error in
            guard case let .unreadable(path, reason)? = error as? ImageError else {
                return XCTFail("expected unreadable, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(path, "test.bin", file: file, line: line)
            XCTAssertTrue(reason.lowercased().contains(fragment.lowercased()),
                          "reason '\(reason)' lacks '\(fragment)'", file: file, line: line)
        }
    }

    private func directoryListing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    // MARK: - PNG

    func testPNGRoundTripOfOpaquePixels() throws {
        let image = try Image(width: 3, height: 2, premultipliedRGBA: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            0, 0, 0, 255, 255, 255, 255, 255, 12, 34, 56, 255,
        ])
        let decoded = try Image(data: image.pngData())
        XCTAssertEqual(decoded, image)
    }

    /// Rows that differ from the row above by every amount (the `Up` filter wraps around
    /// below 0) decode to the same pixels, opaque (RGB) and translucent (RGBA).
    func testPNGRoundTripOfRowsThatChangeEveryWay() throws {
        for alpha in [255, 200] {
            var bytes: [UInt8] = []
            for y in 0..<48 {
                for x in 0..<64 {
                    let channels = [(x * 37 + y * 101) % 256, (255 - y * 5 + x) % 256, (x ^ y) * 3 % 256]
                    bytes += channels.map { UInt8($0 % (alpha + 1)) } + [UInt8(alpha)]
                }
            }
            let image = try Image(width: 64, height: 48, premultipliedRGBA: bytes)
            XCTAssertEqual(try Image(data: image.pngData()), image, "alpha \(alpha)")
        }
    }

    /// One `ImageWriter` reused for images of other sizes and formats writes the same
    /// files as a fresh write of each.
    func testAReusedWriterWritesWhatAFreshWriteDoes() throws {
        let writer = ImageWriter()
        let images = [try Image(width: 40, height: 30, fill: Color.orange.premultiplied()),
                      try Image(width: 3, height: 2, fill: Color(red: 0, green: 0, blue: 1, alpha: 0.5).premultiplied()),
                      try Image(width: 40, height: 30, fill: Color.blue.premultiplied())]
        for (i, image) in images.enumerated() {
            for format in ImageFormat.allCases where format == .png || image.pixels[3] == 255 {
                let reused = "\(directory)/reused\(i).\(format.rawValue)", fresh = "\(directory)/fresh\(i).\(format.rawValue)"
                try writer.write(image, toFile: reused, format: format)
                try image.write(toFile: fresh, format: format)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: reused)), try Data(contentsOf: URL(fileURLWithPath: fresh)))
                XCTAssertEqual(try Image(contentsOfFile: reused), image)
            }
        }
    }

    func testPNGRoundTripOfEveryPremultipliedValueIsExact() throws {
        // Every (colour ≤ alpha) pair: straight ↔ premultiplied rounding loses nothing.
        var bytes: [UInt8] = []
        for alpha in 0...255 {
            for value in 0...alpha {
                bytes += [UInt8(value), UInt8(alpha - value), UInt8(value / 2), UInt8(alpha)]
            }
        }
        let image = try Image(width: 257, height: 128, premultipliedRGBA: bytes)
        XCTAssertEqual(try Image(data: image.pngData()), image)
    }

    func testPNGFileRoundTrip() throws {
        let image = try Image(width: 2, height: 2, fill: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied())
        let path = directory + "/round.png"
        try image.write(toFile: path)
        XCTAssertEqual(try Image(contentsOfFile: path), image)
        XCTAssertEqual(Array(try FileBytes.read(path: path).prefix(8)), PNGCodec.signature)
    }

    func testPNGReadsGrey() throws {
        let gray8 = hex("89504e470d0a1a0a0000000d4948445200000002000000010800000000d14920560000000b49444154789c6370380000014301010511777c0000000049454e44ae426082")
        let image = try Image(data: gray8)
        XCTAssertEqual(pixels(image), [[0x40, 0x40, 0x40, 255], [0xC0, 0xC0, 0xC0, 255]])

        let gray1 = hex("89504e470d0a1a0a0000000d4948445200000008000000010100000000cb7bd2ee0000000a49444154789c6358000000a200a1dc8db1cc0000000049454e44ae426082")
        XCTAssertEqual(try Image(data: gray1).pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element),
                       [255, 0, 255, 0, 0, 0, 0, 0])
    }

    func testPNGReadsGreyWithAlphaPremultiplied() throws {
        // One pixel, grey 200 at alpha 128: premultiplied 200·128/255 ≈ 100.4 → 100.
        let bytes = hex("89504e470d0a1a0a0000000d4948445200000001000000010804000000b51c0c020000000b49444154789c6338d10000021301496f5f051c0000000049454e44ae426082")
        XCTAssertEqual(pixels(try Image(data: bytes)), [[100, 100, 100, 128]])
    }

    func testPNGReadsPaletteWithTransparency() throws {
        // Palette red and blue; tRNS makes blue half transparent.
        let bytes = hex("89504e470d0a1a0a0000000d4948445200000002000000010803000000c3fc8fb800000006504c5445ff00000000ff6ca1fd8e0000000274524e53ff80080fb36a0000000b49444154789c636060040000040002bf7a3f4a0000000049454e44ae426082")
        XCTAssertEqual(pixels(try Image(data: bytes)), [[255, 0, 0, 255], [0, 0, 128, 128]])
    }

    func testPNGReads16BitAsSRGB() throws {
        // RGBA16 (0xFFFF, 0x8080, 0, 0xFFFF), untagged: scaled, not treated as linear light.
        let bytes = hex("89504e470d0a1a0a0000000d49484452000000010000000110060000004f8518ca0000001149444154789c63f8ffbfa18181e1ff7f00177704fd8848e1920000000049454e44ae426082")
        XCTAssertEqual(pixels(try Image(data: bytes)), [[255, 128, 0, 255]])
    }

    func testPNGErrors() throws {
        let valid = try Image(width: 16, height: 16, fill: Color.red.premultiplied()).pngData()
        assertUnreadable([], "empty")
        // Truncations and corruption report libpng's own message.
        assertUnreadable(Array(valid.prefix(8)), "end of data")
        assertUnreadable(Array(valid.prefix(valid.count / 2)), "end of data")
        assertUnreadable(Array(valid.prefix(30)), "end of data")
        var corrupt = valid
        corrupt[valid.count - 20] ^= 0xFF // inside IDAT's compressed data
        assertUnreadable(corrupt, "IDAT")
        var wrongMagic = valid
        wrongMagic[1] = UInt8(ascii: "Q")
        assertUnreadable(wrongMagic, "not a PNG or PPM")
        // A header claiming 100000×100000, and one of 16384² (within a side, over the pixel cap).
        assertUnreadable(hex("89504e470d0a1a0a0000000d49484452000186a0000186a00806000000a8520bc80000000949444154789c630000000100015eff7df90000000049454e44ae426082"), "too large")
        assertUnreadable(hex("89504e470d0a1a0a0000000d4948445200004000000040000806000000a9c810840000000949444154789c630000000100015eff7df90000000049454e44ae426082"), "too large")
        // 8192×8192 is within the limits, but 70 bytes cannot hold it: refused before
        // allocating for it.
        assertUnreadable(hex("89504e470d0a1a0a0000000d4948445200002000000020000806000000") + crc("4948445200002000000020000806000000")
                         + hex("0000000949444154789c630000000100015eff7df90000000049454e44ae426082"), "truncated")
        XCTAssertThrowsError(try Image(width: 0, height: 0).pngData()) { error in
            XCTAssertEqual(error as? ImageError, .invalidDimensions(width: 0, height: 0))
        }
    }

    func testPNGErrorCarriesLibpngMessage() throws {
        let valid = try Image(width: 4, height: 4, fill: Color.red.premultiplied()).pngData()
        var corrupt = valid
        corrupt[valid.count - 20] ^= 0xFF
        XCTAssertThrowsError(try Image(data: corrupt, name: "frame.png")) { error in
            guard case let .unreadable(path, reason)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "frame.png")
            XCTAssertFalse(reason.isEmpty)
            XCTAssertTrue("\(error)".contains("frame.png"))
        }
    }

    // MARK: - PPM writing

    /// The encoder packs four pixels a step with a byte shuffle (16-byte stores whose last
    /// four bytes the next step overwrites) and the rest one by one: every width gives each
    /// pixel's red, green and blue in order, into a fresh buffer or a reused larger one.
    func testPPMEncodeWritesEveryPixelsRGBInOrder() throws {
        for width in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25] {
            let count = width * 3
            let rgba = (0..<count).flatMap { i -> [UInt8] in
                let a = UInt8(truncatingIfNeeded: 255 - i)
                return [UInt8(truncatingIfNeeded: i &* 3) & a, UInt8(truncatingIfNeeded: i &* 5 &+ 1) & a, UInt8(truncatingIfNeeded: i &* 7 &+ 2) & a, a]
            }
            let image = try Image(width: width, height: 3, premultipliedRGBA: rgba)
            let expected = Array("P6\n\(width) 3\n255\n".utf8) + (0..<count).flatMap { Array(rgba[($0 * 4)..<($0 * 4 + 3)]) }
            XCTAssertEqual(try PPMCodec.encode(image), expected, "width \(width)")
            // Into a reused buffer, larger and then smaller than the frame.
            var buffer = [UInt8](repeating: 0xEE, count: expected.count + 50)
            try PPMCodec.encode(image, into: &buffer)
            XCTAssertEqual(buffer, expected, "width \(width), reused buffer")
        }
    }

    /// The packing step on its own, for every count from 1 to 70 (every remainder of the vector
    /// steps, and the counts where the last whole store would cross the end): each pixel's
    /// three bytes, and not one byte written past them.
    func testRGBPackingWritesExactlyThreeBytesAPixel() {
        for count in 1...70 {
            let rgba = (0..<(count * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var rgb = [UInt8](repeating: 0xA5, count: count * 3 + 32)
            rgba.withUnsafeBufferPointer { source in
                rgb.withUnsafeMutableBufferPointer { target in
                    if let from = source.baseAddress, let to = target.baseAddress {
                        mask_pack_rgb(from, to, count)
                    }
                }
            }
            let expected = (0..<count).flatMap { Array(rgba[($0 * 4)..<($0 * 4 + 3)]) }
            XCTAssertEqual(Array(rgb[0..<(count * 3)]), expected, "\(count) pixels")
            XCTAssertTrue(rgb[(count * 3)...].allSatisfy { $0 == 0xA5 }, "\(count) pixels: written past the end")
        }
    }

    /// The expanding step of opaque RGB PNG rows, for every count from 1 to 70: each pixel's
    /// three bytes and 255, nothing written past them, nothing read past the row (the row
    /// is copied to the end of its own allocation, so a read past it would reach
    /// whatever follows; AddressSanitizer runs of the tests would report it).
    func testRGBExpandingWritesEachPixelWithAnOpaqueAlpha() {
        for count in 1...70 {
            let rgb = (0..<(count * 3)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 5) }
            var rgba = [UInt8](repeating: 0xA5, count: count * 4 + 32)
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rgb.count)
            defer { row.deallocate() }
            row.initialize(from: rgb, count: rgb.count)
            rgba.withUnsafeMutableBufferPointer { target in
                if let to = target.baseAddress { mask_expand_rgb(row, to, count) }
            }
            let expected = (0..<count).flatMap { Array(rgb[($0 * 3)..<($0 * 3 + 3)]) + [UInt8(255)] }
            XCTAssertEqual(Array(rgba[0..<(count * 4)]), expected, "\(count) pixels")
            XCTAssertTrue(rgba[(count * 4)...].allSatisfy { $0 == 0xA5 }, "\(count) pixels: written past the end")
        }
    }

    // MARK: - PPM reading

    func testPPMReadsP3WithComments() throws {
        let text = "P3\n# made by hand\n2 # width\n1\n255\n255 0 0\t0 128 255\n"
        XCTAssertEqual(pixels(try Image(data: Array(text.utf8))), [[255, 0, 0, 255], [0, 128, 255, 255]])
    }

    func testPPMReadsP3WithSmallMaxval() throws {
        // maxval 15: 15 → 255, 8 → 136 (8·255/15), 0 → 0.
        let text = "P3 1 1 15 15 8 0"
        XCTAssertEqual(pixels(try Image(data: Array(text.utf8))), [[255, 136, 0, 255]])
    }

    func testPPMReadsP5() throws {
        let bytes = Array("P5\r\n2 1\r\n255\n".utf8) + [0, 200]
        XCTAssertEqual(pixels(try Image(data: bytes)), [[0, 0, 0, 255], [200, 200, 200, 255]])
    }

    func testPPMReadsP5SixteenBit() throws {
        let bytes = Array("P5 2 1 65535\n".utf8) + [0x80, 0x80, 0xFF, 0xFF]
        XCTAssertEqual(pixels(try Image(data: bytes)), [[128, 128, 128, 255], [255, 255, 255, 255]])
    }

    func testPPMReadsP6() throws {
        let bytes = Array("P6\n#c\n2 1\n255\n".utf8) + [1, 2, 3, 250, 251, 252]
        XCTAssertEqual(pixels(try Image(data: bytes)), [[1, 2, 3, 255], [250, 251, 252, 255]])
        // A sample byte that looks like whitespace or '#' is data, not header.
        let tricky = Array("P6 1 1 255\n".utf8) + [0x23, 0x0A, 0x20]
        XCTAssertEqual(pixels(try Image(data: tricky)), [[0x23, 0x0A, 0x20, 255]])
    }

    func testPPMFileRead() throws {
        let path = directory + "/in.ppm"
        try Data("P3 1 1 255 9 8 7".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(pixels(try Image(contentsOfFile: path)), [[9, 8, 7, 255]])
    }

    func testPPMErrors() {
        func ppm(_ s: String, _ tail: [UInt8] = []) -> [UInt8] { Array(s.utf8) + tail }
        assertUnreadable([], "empty")
        assertUnreadable(ppm("P"), "not a PNG or PPM")
        assertUnreadable(ppm("P7 1 1 255\n"), "not a PNG or PPM")
        assertUnreadable(ppm("GIF89a"), "not a PNG or PPM")
        assertUnreadable(ppm("P6"), "missing width")
        assertUnreadable(ppm("P6x 1 1 255\n"), "after the magic")
        assertUnreadable(ppm("P6 2"), "missing height")
        assertUnreadable(ppm("P6 2 1"), "missing maxval")
        assertUnreadable(ppm("P6 2 1 255"), "truncated header")
        assertUnreadable(ppm("P6 0 0 255\n"), "empty")
        assertUnreadable(ppm("P6 -1 2 255\n"), "expected width")
        assertUnreadable(ppm("P6 2x 1 255\n"), "after digits")
        assertUnreadable(ppm("P6 two 1 255\n"), "expected width")
        assertUnreadable(ppm("P6 99999 99999 255\n"), "too large")
        assertUnreadable(ppm("P6 16384 16384 255\n"), "too large")
        assertUnreadable(ppm("P6 99999999999999999999999 1 255\n"), "width is too large")
        assertUnreadable(ppm("P6 1 1 0\n", [0, 0, 0]), "maxval 0")
        assertUnreadable(ppm("P6 1 1 65536\n", [0, 0, 0]), "maxval 65536")
        assertUnreadable(ppm("P6 2 1 255\n", [1, 2, 3, 4]), "truncated data")
        assertUnreadable(ppm("P6 1 1 65535\n", [1, 2, 3, 4, 5]), "truncated data")
        assertUnreadable(ppm("P3 2 1 255 1 2 3 4"), "truncated data")
        assertUnreadable(ppm("P3 2 1 255 1 2 3 4          "), "4 of 6 samples present")
        // A tiny file claiming 8192×8192 fails on length, before 256 MiB are allocated.
        assertUnreadable(ppm("P6 8192 8192 255\n", [1, 2, 3]), "201326592 bytes, 3 remain")
        assertUnreadable(ppm("P3 1 1 255 1 2 300"), "exceeds maxval")
        assertUnreadable(ppm("P3 1 1 255 1 2 x"), "sample 3")
        assertUnreadable(ppm("P5 1 1 100\n", [101]), "exceeds maxval")
    }

    func testMutatedFilesNeverTrap() throws {
        // Every decoder path on damaged input must throw or decode; none may crash.
        var rng = SplitMix(seed: 42)
        let seeds: [[UInt8]] = [
            Array("P3\n# c\n2 2\n255\n1 2 3 4 5 6 7 8 9 10 11 12\n".utf8),
            Array("P5 2 2 65535\n".utf8) + [0, 1, 2, 3, 4, 5, 6, 7],
            Array("P6 2 1 255\n".utf8) + [1, 2, 3, 4, 5, 6],
            try Image(width: 3, height: 3, fill: Color.blue.premultiplied()).pngData(),
        ]
        for seed in seeds {
            for _ in 0..<400 {
                var bytes = seed
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let i = Int(rng.next() % UInt64(bytes.count))
                    switch rng.next() % 3 {
                    case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: bytes.removeSubrange(i...)
                    default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                    }
                    if bytes.isEmpty { break }
                }
                if let image = try? Image(data: bytes) {
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
                }
            }
        }
    }

    // MARK: - PPM writing

    func testP6WriteExactBytes() throws {
        // Opaque red, and half-transparent blue (premultiplied 0,0,128,128: over black).
        let image = try Image(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 128, 128])
        XCTAssertEqual(try image.ppmData(), Array("P6\n2 1\n255\n".utf8) + [255, 0, 0, 0, 0, 128])
        let path = directory + "/out.ppm"
        try image.write(toFile: path)
        XCTAssertEqual(try FileBytes.read(path: path), try image.ppmData())
        XCTAssertEqual(pixels(try Image(contentsOfFile: path)), [[255, 0, 0, 255], [0, 0, 128, 255]])
    }

    func testALargeFileIsWrittenToExactlyItsSize() throws {
        // A file larger than one write's worth at a time in many systems: the file must
        // hold exactly the bytes, no more, and the temporary must be gone.
        var pixels = [UInt8](repeating: 255, count: 300 * 200 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8(i / 4 % 256) }
        let image = try Image(width: 300, height: 200, premultipliedRGBA: pixels)
        let path = directory + "/large.ppm"
        try image.write(toFile: path)
        let expected = try image.ppmData()
        XCTAssertGreaterThan(expected.count, 1 << 16)
        XCTAssertEqual(try FileBytes.read(path: path), expected)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        XCTAssertEqual(size, expected.count)
        XCTAssertEqual(try directoryListing(), ["large.ppm"])
    }

    // MARK: - Formats and atomic files

    func testFormatDetection() {
        XCTAssertEqual(ImageFormat(pathExtension: "a/b/frame.PNG"), .png)
        XCTAssertEqual(ImageFormat(pathExtension: "x.ppm"), .ppm)
        XCTAssertEqual(ImageFormat(pathExtension: "x.pnm"), .ppm)
        XCTAssertNil(ImageFormat(pathExtension: "x.jpg"))
        XCTAssertNil(ImageFormat(pathExtension: "dir.png/noext"))
        XCTAssertEqual(ImageFormat(magic: PNGCodec.signature + [0]), .png)
        XCTAssertEqual(ImageFormat(magic: Array("P5 ".utf8)), .ppm)
        XCTAssertNil(ImageFormat(magic: Array("P4 ".utf8)))
        XCTAssertNil(ImageFormat(magic: []))
    }

    func testReadDetectsFormatByContentNotName() throws {
        let image = try Image(width: 1, height: 1, fill: Color.green.premultiplied())
        let path = directory + "/misnamed.ppm"
        try image.write(toFile: path, format: .png)
        XCTAssertEqual(try Image(contentsOfFile: path), image)
    }

    func testAtomicWriteLeavesOnlyTheFile() throws {
        let image = try Image(width: 2, height: 2, fill: Color.red.premultiplied())
        let path = directory + "/frame.png"
        try image.write(toFile: path)
        try Image(width: 1, height: 1, fill: Color.blue.premultiplied()).write(toFile: path)
        XCTAssertEqual(try directoryListing(), ["frame.png"])
        XCTAssertEqual(try Image(contentsOfFile: path).width, 1, "the second write replaced the first")
    }

    func testWriteIntoMissingDirectoryThrows() throws {
        let image = try Image(width: 1, height: 1)
        let path = directory + "/missing/frame.png"
        XCTAssertThrowsError(try image.write(toFile: path)) { error in
            guard case let .unwritable(p, reason)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
            XCTAssertTrue(reason.contains("No such file"), reason)
        }
        XCTAssertEqual(try directoryListing(), [])
    }

    func testFailedRenameKeepsDestinationAndRemovesTemporary() throws {
        // The destination is a non-empty directory: rename(2) fails after the data is written.
        let path = directory + "/taken.png"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: path + "/keep", contents: Data([1]))
        XCTAssertThrowsError(try Image(width: 1, height: 1).write(toFile: path)) { error in
            guard case .unwritable? = error as? ImageError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try directoryListing(), ["taken.png"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path), ["keep"])
    }

    func testWriteErrors() throws {
        let image = try Image(width: 1, height: 1)
        XCTAssertThrowsError(try image.write(toFile: directory + "/frame.jpg")) { error in
            guard case let .unwritable(_, reason)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("unknown image format"), reason)
        }
        XCTAssertThrowsError(try Image(width: 0, height: 3).write(toFile: directory + "/empty.ppm"))
        XCTAssertThrowsError(try image.write(toFile: directory + "/", format: .png))
        XCTAssertEqual(try directoryListing(), [])
    }

    func testReadErrorsNameTheFile() throws {
        let missing = directory + "/absent.png"
        XCTAssertThrowsError(try Image(contentsOfFile: missing)) { error in
            XCTAssertEqual(error as? ImageError, .unreadable(path: missing, reason: "No such file or directory"))
        }
        XCTAssertThrowsError(try Image(contentsOfFile: directory)) { error in
            XCTAssertEqual(error as? ImageError, .unreadable(path: directory, reason: "it is a directory, not a regular file"))
        }
        let empty = directory + "/empty.png"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        XCTAssertThrowsError(try Image(contentsOfFile: empty)) { error in
            XCTAssertEqual(error as? ImageError, .unreadable(path: empty, reason: "the file is empty"))
        }
    }
}

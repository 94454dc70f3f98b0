import Foundation
import XCTest
@testable import MaskEngine

/// `PNGDirectDecoder` (libdeflate + own unfiltering) against libpng's simplified reader:
/// for every PNG in the repository, generated files of every colour type, bit depth and
/// filter it handles, and corrupted or unusual variants of them, both paths must give
/// the same image or the same error.
final class PNGDirectDecoderTests: XCTestCase {
    /// The outcome of decoding through one path: the image, or the error's message.
    private enum Outcome: Equatable {
        case image(Image)
        case error(String)
    }

    private func outcome(_ bytes: [UInt8], direct: Bool) -> Outcome {
        do {
            return .image(try PNGCodec.decode(bytes, path: "x.png", direct: direct))
        } catch {
            return .error("\(error)")
        }
    }

    /// Asserts both paths agree; returns whether the direct decoder took the file itself.
    @discardableResult
    private func assertSameOutcome(_ bytes: [UInt8], _ what: @autoclosure () -> String,
                                   file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let fast = outcome(bytes, direct: true)
        let slow = outcome(bytes, direct: false)
        if fast != slow {
            XCTFail("\(what()): direct \(describe(fast)), libpng \(describe(slow))", file: file, line: line)
        }
        return bytes.withUnsafeBytes { PNGDirectDecoder.decode($0) } != nil
    }

    private func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case let .image(image): return "image \(image.width)×\(image.height)"
        case let .error(message): return "error \(message)"
        }
    }

    // MARK: - Files

    func testEveryPNGInTheRepositoryDecodesAsLibpngDecodesIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        var checked = 0, direct = 0
        for case let path as String in files where path.hasSuffix(".png") && !path.contains(".build") {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            if assertSameOutcome(bytes, path) { direct += 1 }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
        // The repository's 8-bit files (all but a 16-bit one) take the direct path.
        XCTAssertGreaterThanOrEqual(direct, checked - 1)
    }

    func testEveryColourTypeBitDepthAndFilterDecodesAsLibpngDecodesIt() {
        var random = SplitMix(seed: 8)
        for format in Format.common {
            for (width, height) in [(1, 1), (1, 7), (2, 4), (7, 3), (13, 6), (33, 5)] {
                let variants = format.transparencies.flatMap { transparency in [(transparency, false), (transparency, true)] }
                for (transparency, fewValues) in variants {
                    let sample = format.file(width: width, height: height, transparency: transparency,
                                             fewValues: fewValues, random: &random)
                    let name = "\(format) \(width)×\(height) tRNS \(transparency) few values \(fewValues)"
                    XCTAssertTrue(assertSameOutcome(sample.bytes, name), "\(name) went to libpng")
                    // The same data split over several IDAT chunks.
                    let split = sample.rebuilt(idatPieces: 3)
                    XCTAssertTrue(assertSameOutcome(split, name + " split"), "\(name) split went to libpng")
                    // A 256-byte window (CINFO 0), as libpng writes tiny images: taken
                    // directly only where the window holds all the data.
                    let small = sample.rebuilt(zlibHeader: [0x08, 0x1D])
                    let fits = height * (1 + sample.rowBytes) <= 256
                    XCTAssertEqual(assertSameOutcome(small, name + " small window"), fits, name)
                }
            }
        }
    }

    func testUncommonFilesAreLeftToLibpng() {
        var random = SplitMix(seed: 9)
        let rgb = Format(colourType: 2, depth: 8).file(width: 9, height: 4, transparency: false, random: &random)
        var variants: [(String, [UInt8])] = []
        variants.append(("16-bit", Format(colourType: 2, depth: 16).file(width: 5, height: 3, transparency: false, random: &random).bytes))
        variants.append(("16-bit grey alpha", Format(colourType: 4, depth: 16).file(width: 5, height: 3, transparency: false, random: &random).bytes))
        for type in ["gAMA", "cHRM", "iCCP", "sBIT", "tEXt", "abCd"] {
            let data: [UInt8] = type == "gAMA" ? [0, 0, 0x9C, 0x40] : Array(repeating: 1, count: 4)
            variants.append((type, rgb.rebuilt(extra: [(type, data)])))
        }
        variants.append(("bytes after IEND", rgb.bytes + [0, 1, 2]))
        // An 8 KiB window (CINFO 5) under more data than it holds.
        let wide = Format(colourType: 2, depth: 8).file(width: 64, height: 50, transparency: false, random: &random)
        variants.append(("small window", wide.rebuilt(zlibHeader: [0x58, 0x85])))
        var interlaced = rgb
        interlaced.header[12] = 1
        variants.append(("interlaced", interlaced.rebuilt()))
        for (name, bytes) in variants {
            XCTAssertFalse(assertSameOutcome(bytes, name), "\(name) took the direct path")
        }
    }

    // MARK: - Hostile input

    func testCorruptedFilesGiveLibpngsErrorOrImage() {
        var random = SplitMix(seed: 10)
        let samples = [
            Format(colourType: 3, depth: 2).file(width: 6, height: 3, transparency: true, random: &random),
            Format(colourType: 6, depth: 8).file(width: 3, height: 3, transparency: false, random: &random),
            Format(colourType: 0, depth: 4).file(width: 5, height: 2, transparency: true, random: &random),
        ]
        for sample in samples {
            let bytes = sample.bytes
            // Every truncation, and every byte replaced (CRCs then mostly fail).
            for length in 0..<bytes.count { assertSameOutcome(Array(bytes.prefix(length)), "\(sample) cut at \(length)") }
            for position in 8..<bytes.count {
                for value: UInt8 in [0, 0xFF, bytes[position] ^ 0x10] {
                    var damaged = bytes
                    damaged[position] = value
                    assertSameOutcome(damaged, "\(sample) byte \(position) = \(value)")
                }
            }
            // Every byte of the header, palette, tRNS and zlib data replaced with its CRC
            // made valid again, so the decoders must judge the content itself.
            for (index, chunk) in sample.chunks.enumerated() {
                for position in 0..<chunk.data.count {
                    for value: UInt8 in [0, 0xFF, 5, chunk.data[position] &+ 1] {
                        var changed = sample.chunks
                        changed[index].data[position] = value
                        assertSameOutcome(sample.rebuilt(chunks: changed), "\(sample) \(chunk.type)[\(position)] = \(value)")
                    }
                }
            }
        }
    }

    func testInvalidStructuresGiveLibpngsErrorOrImage() {
        var random = SplitMix(seed: 11)
        let palette = Format(colourType: 3, depth: 8).file(width: 4, height: 2, transparency: true, random: &random)
        let rgb = Format(colourType: 2, depth: 8).file(width: 4, height: 2, transparency: true, random: &random)
        let grey = Format(colourType: 0, depth: 8).file(width: 4, height: 2, transparency: true, random: &random)
        var cases: [(String, [UInt8])] = []
        // Chunks missing, repeated, moved or of the wrong size.
        for sample in [palette, rgb, grey] {
            let types = sample.chunks.map(\.type)
            for index in types.indices {
                var without = sample.chunks
                without.remove(at: index)
                cases.append(("\(sample) without \(types[index])", sample.rebuilt(chunks: without)))
                var twice = sample.chunks
                twice.insert(sample.chunks[index], at: index)
                cases.append(("\(sample) \(types[index]) twice", sample.rebuilt(chunks: twice)))
                var moved = sample.chunks
                moved.append(moved.remove(at: index))
                cases.append(("\(sample) \(types[index]) last", sample.rebuilt(chunks: moved)))
                for extra in [[UInt8](), [0]] {
                    var longer = sample.chunks
                    longer[index].data += extra
                    if extra.isEmpty { longer[index].data.removeLast(min(1, longer[index].data.count)) }
                    cases.append(("\(sample) \(types[index]) resized", sample.rebuilt(chunks: longer)))
                }
            }
            cases.append(("\(sample) sRGB", sample.rebuilt(extra: [("sRGB", [0])])))
            cases.append(("\(sample) sRGB 7", sample.rebuilt(extra: [("sRGB", [7])])))
            cases.append(("\(sample) critical unknown", sample.rebuilt(extra: [("ABCD", [1])])))
            cases.append(("\(sample) bad name", sample.rebuilt(extra: [("a1b2", [1])])))
            cases.append(("\(sample) empty IDAT first", sample.rebuilt(extra: [("IDAT", [])])))
        }
        // Content the header does not allow.
        cases.append(("index past palette", palette.rebuilt(rows: Array(repeating: 255, count: 8))))
        cases.append(("short palette", palette.rebuilt(chunks: palette.chunks.map { $0.type == "PLTE" ? PNGSample.Chunk(type: "PLTE", data: [1, 2, 3]) : $0 })))
        cases.append(("filter 5", rgb.rebuilt(filters: [5, 0])))
        cases.append(("rows short", rgb.rebuilt(rows: Array(repeating: 7, count: 20))))
        cases.append(("rows long", rgb.rebuilt(rows: Array(repeating: 7, count: 40))))
        cases.append(("huge size", rgb.rebuilt(header: Array(PNGSample.be32(70000) + PNGSample.be32(3)) + [8, 2, 0, 0, 0])))
        for (name, bytes) in cases { assertSameOutcome(bytes, name) }
    }
}

// MARK: - Making PNG files

/// A colour type and bit depth, and how to make a file of it with random samples.
private struct Format: CustomStringConvertible {
    let colourType: UInt8
    let depth: Int

    /// Every combination `PNGDirectDecoder` handles.
    static let common = [Format(colourType: 0, depth: 1), Format(colourType: 0, depth: 2),
                         Format(colourType: 0, depth: 4), Format(colourType: 0, depth: 8),
                         Format(colourType: 2, depth: 8),
                         Format(colourType: 3, depth: 1), Format(colourType: 3, depth: 2),
                         Format(colourType: 3, depth: 4), Format(colourType: 3, depth: 8),
                         Format(colourType: 4, depth: 8), Format(colourType: 6, depth: 8)]

    var description: String { "type \(colourType) depth \(depth)" }
    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType] ?? 1 }
    /// Whether a `tRNS` chunk is allowed (and so worth trying).
    var transparencies: [Bool] { colourType == 4 || colourType == 6 ? [false] : [false, true] }

    /// - Parameter fewValues: samples from a handful of values, so the Paeth predictor
    ///   meets ties (left, up and up-left equally near) often.
    func file(width: Int, height: Int, transparency: Bool, fewValues: Bool = false,
              random: inout SplitMix) -> PNGSample {
        let rowBytes = (width * channels * depth + 7) / 8
        var chunks: [PNGSample.Chunk] = []
        let header = PNGSample.be32(UInt32(width)) + PNGSample.be32(UInt32(height))
            + [UInt8(depth), colourType, 0, 0, 0]
        let entries = colourType == 3 ? min(1 << depth, 1 + Int(random.next() % 200)) : 0
        if colourType == 3 {
            chunks.append(.init(type: "PLTE", data: (0..<(entries * 3)).map { _ in random.byte() }))
        }
        // Samples in range: palette indices below the palette's size, grey within its depth.
        var rows: [UInt8] = []
        for _ in 0..<height {
            var packed = [UInt8](repeating: 0, count: rowBytes)
            for sampleIndex in 0..<(width * channels) {
                var value = Int(random.next() % UInt64(1 << min(depth, 8)))
                if fewValues { value = [0, 1, 2, 3, 128, 254, 255][value % 7] % (1 << min(depth, 8)) }
                if colourType == 3 { value %= entries }
                if depth == 16 {
                    packed[sampleIndex * 2] = UInt8(value); packed[sampleIndex * 2 + 1] = random.byte()
                } else {
                    let bit = sampleIndex * depth
                    packed[bit / 8] |= UInt8(value << (8 - depth - bit % 8))
                }
            }
            rows += packed
        }
        if transparency {
            switch colourType {
            case 0:
                // A value that occurs, so some pixels turn transparent.
                let first = depth == 8 ? rows[0] : rows[0] >> (8 - depth)
                chunks.append(.init(type: "tRNS", data: [0, first]))
            case 2: chunks.append(.init(type: "tRNS", data: [0, rows[0], 0, rows[1], 0, rows[2]]))
            default: chunks.append(.init(type: "tRNS", data: (0..<max(1, entries - 1)).map { _ in random.byte() }))
            }
        }
        let filters = (0..<height).map { UInt8($0 % 5) }
        var sample = PNGSample(header: header, chunks: chunks, width: width, height: height,
                               bytesPerPixel: max(1, channels * depth / 8), rowBytes: rowBytes)
        sample.setRows(rows, filters: filters)
        return sample
    }
}

/// A PNG file as its parts, to be rebuilt with one part changed.
private struct PNGSample: CustomStringConvertible {
    struct Chunk { var type: String; var data: [UInt8] }

    var header: [UInt8]
    /// The chunks between `IHDR` and `IEND`, `IDAT` included once set.
    var chunks: [Chunk]
    let width: Int, height: Int, bytesPerPixel: Int, rowBytes: Int
    var rows: [UInt8] = []
    var filters: [UInt8] = []

    var description: String { "type \(header[9]) depth \(header[8]) \(width)×\(height)" }

    /// The whole file.
    var bytes: [UInt8] {
        var out = PNGCodec.signature + PNGChunks.chunk("IHDR", header)
        for chunk in chunks { out += PNGChunks.chunk(chunk.type, chunk.data) }
        return out + PNGChunks.chunk("IEND", [])
    }

    mutating func setRows(_ raw: [UInt8], filters: [UInt8]) {
        rows = raw
        self.filters = filters
        chunks.removeAll { $0.type == "IDAT" }
        chunks.append(.init(type: "IDAT", data: Self.zlib(filtered(raw, filters: filters))))
    }

    /// The file rebuilt with the parts given replaced.
    func rebuilt(header: [UInt8]? = nil, chunks: [Chunk]? = nil, extra: [(String, [UInt8])] = [],
                 rows: [UInt8]? = nil, filters: [UInt8]? = nil, zlibHeader: [UInt8]? = nil,
                 idatPieces: Int = 1) -> [UInt8] {
        var copy = self
        if let header { copy.header = header }
        if rows != nil || filters != nil { copy.setRows(rows ?? self.rows, filters: filters ?? self.filters) }
        if let chunks { copy.chunks = chunks }
        if let zlibHeader, let at = copy.chunks.firstIndex(where: { $0.type == "IDAT" }) {
            copy.chunks[at].data.replaceSubrange(0..<2, with: zlibHeader)
        }
        if idatPieces > 1, let at = copy.chunks.firstIndex(where: { $0.type == "IDAT" }) {
            let data = copy.chunks.remove(at: at).data
            let size = (data.count + idatPieces - 1) / idatPieces
            let pieces = stride(from: 0, to: data.count, by: size).map { Chunk(type: "IDAT", data: Array(data[$0..<min($0 + size, data.count)])) }
            copy.chunks.insert(contentsOf: pieces, at: at)
        }
        copy.chunks.insert(contentsOf: extra.map { Chunk(type: $0.0, data: $0.1) }, at: 0)
        return copy.bytes
    }

    /// Each row preceded by its filter type and filtered with it (filters above 4 leave
    /// the row as it is, for a file libpng must refuse).
    private func filtered(_ raw: [UInt8], filters: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            out.append(filter)
            for i in 0..<rowBytes {
                let at = y * rowBytes + i
                guard at < raw.count else { out.append(0); continue }
                let x = Int(raw[at])
                let a = i >= bytesPerPixel ? Int(raw[at - bytesPerPixel]) : 0
                let b = y > 0 ? Int(raw[at - rowBytes]) : 0
                let c = i >= bytesPerPixel && y > 0 ? Int(raw[at - rowBytes - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predictor = 0
                }
                out.append(UInt8(truncatingIfNeeded: x - predictor))
            }
        }
        // Extra raw bytes (a file with too much data) follow unfiltered; missing ones
        // shorten the data (a file with too little).
        if raw.count > height * rowBytes { out += raw[(height * rowBytes)...] }
        if raw.count < height * rowBytes { out.removeLast(height * rowBytes - raw.count) }
        return out
    }

    /// A zlib stream of stored (uncompressed) blocks, with a 32 KiB window in its header.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
                    UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(b << 16 | a)
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

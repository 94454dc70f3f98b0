import CDeflate
import CPixels

/// PNG decoding without libpng for the files nearly every tool writes: 8 bits or fewer a
/// sample (grey, grey + alpha, RGB, RGBA, palette), not interlaced, the zlib stream
/// inflated in one call by libdeflate and the rows unfiltered here.
///
/// Why: libpng's simplified reader inflates row by row through zlib and converts each row
/// through its transform chain; for a 1280×720 frame-size image that was over half the
/// instructions of a one-frame render. This reader gives the same bytes and is used only
/// where that is certain: `decode` returns nil (and `PNGCodec` asks libpng, which then
/// produces the image or the error) for anything else — 16-bit samples, interlacing, a
/// colour-space chunk that could change the colours (`gAMA`, `iCCP`, `cHRM`, `sBIT`), any
/// chunk it does not know, a bad CRC anywhere, chunks out of order, a zlib stream whose
/// window is smaller than 32 KiB and than the data (zlib refuses distances past it;
/// libdeflate does not), a stream that is corrupt, short, long or followed by more data, a filter
/// type above 4, a palette index past the palette, or bytes after `IEND`.
enum PNGDirectDecoder {
    /// The image the bytes hold, or nil when they are not the common case described above.
    /// - Precondition: the bytes start with the PNG signature and libpng has accepted the
    ///   header, including the size limits of `Image.decodable`.
    static func decode(_ file: UnsafeRawBufferPointer) -> Image? {
        guard let layout = Layout(file) else { return nil }
        let rowBytes = (layout.width &* layout.bitsPerPixel &+ 7) >> 3
        let (filteredCount, overflow) = layout.height.multipliedReportingOverflow(by: rowBytes &+ 1)
        guard !overflow, let base = file.baseAddress else { return nil }

        // The stream's bytes: in place when one IDAT holds them, else gathered.
        var gathered: [UInt8] = []
        if layout.idat.count > 1 {
            gathered.reserveCapacity(layout.idat.reduce(0) { $0 &+ $1.count })
            for piece in layout.idat { gathered += UnsafeRawBufferPointer(rebasing: file[piece]) }
        }
        // Uninitialised: the inflate below fills every byte or the array is dropped.
        var filtered = FrameArrays.uninitializedBytes(count: filteredCount)
        let inflated = filtered.withUnsafeMutableBytes { out -> Bool in
            func inflate(_ input: UnsafeRawBufferPointer) -> Bool {
                // Deflate with a 32 KiB window, or a smaller one that holds all the data
                // (as libpng writes small images), so no distance can reach past it.
                guard input.count >= 2, input[0] & 0x0F == 8 else { return false }
                let windowLog = Int(input[0] >> 4) &+ 8
                guard windowLog == 15 || (windowLog < 15 && out.count <= 1 << windowLog) else { return false }
                guard let inflater = libdeflate_alloc_decompressor() else { return false }
                defer { libdeflate_free_decompressor(inflater) }
                var usedIn = 0, madeOut = 0
                let status = libdeflate_zlib_decompress_ex(inflater, input.baseAddress, input.count,
                                                           out.baseAddress, out.count, &usedIn, &madeOut)
                return status == LIBDEFLATE_SUCCESS && usedIn == input.count && madeOut == out.count
            }
            if layout.idat.count == 1, let piece = layout.idat.first {
                return inflate(UnsafeRawBufferPointer(start: base + piece.lowerBound, count: piece.count))
            }
            return gathered.withUnsafeBytes(inflate)
        }
        guard inflated else { return nil }
        let bytesPerPixel = max(1, layout.bitsPerPixel >> 3)
        let unfiltered = filtered.withUnsafeMutableBytes { rows in
            unfilter(rows, height: layout.height, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
        }
        guard unfiltered else { return nil }
        return expand(filtered, layout, rowBytes: rowBytes)
    }

    /// Reverses each row's filter in place (rows of `1 + rowBytes` bytes, the filter type
    /// first); false for a filter type above 4.
    private static func unfilter(_ rows: UnsafeMutableRawBufferPointer, height: Int, rowBytes: Int,
                                 bytesPerPixel bpp: Int) -> Bool {
        guard let start = rows.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return height == 0 }
        let stride = rowBytes &+ 1
        for y in 0..<height {
            let row = start + y &* stride
            let filter = row[0]
            let cur = row + 1
            // The row above, or none for the first row (filters then read zeros).
            let up: UnsafeMutablePointer<UInt8>? = y == 0 ? nil : cur - stride
            switch (filter, up) {
            case (0, _): break
            case (1, _):
                var i = bpp
                while i < rowBytes { cur[i] = cur[i] &+ cur[i &- bpp]; i &+= 1 }
            case (2, let up?):
                for i in 0..<rowBytes { cur[i] = cur[i] &+ up[i] }
            case (2, nil): break
            case (3, let up?):
                for i in 0..<min(bpp, rowBytes) { cur[i] = cur[i] &+ up[i] >> 1 }
                var i = bpp
                while i < rowBytes {
                    cur[i] = cur[i] &+ UInt8(truncatingIfNeeded: (UInt16(cur[i &- bpp]) &+ UInt16(up[i])) >> 1)
                    i &+= 1
                }
            case (3, nil):
                var i = bpp
                while i < rowBytes { cur[i] = cur[i] &+ cur[i &- bpp] >> 1; i &+= 1 }
            case (4, let up?):
                for i in 0..<min(bpp, rowBytes) { cur[i] = cur[i] &+ up[i] }
                var i = bpp
                while i < rowBytes {
                    cur[i] = cur[i] &+ paeth(Int(cur[i &- bpp]), Int(up[i]), Int(up[i &- bpp]))
                    i &+= 1
                }
            case (4, nil):
                // With no row above, Paeth predicts from the left: the Sub filter.
                var i = bpp
                while i < rowBytes { cur[i] = cur[i] &+ cur[i &- bpp]; i &+= 1 }
            default: return false
            }
        }
        return true
    }

    /// The Paeth predictor of PNG's filter type 4: whichever of left, up and up-left is
    /// nearest to left + up − up-left, ties in that order.
    @inline(__always)
    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        let pa = abs(b &- c), pb = abs(a &- c), pc = abs(a &+ b &- c &- c)
        return UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
    }

    /// The unfiltered rows as an image: samples widened to RGBA as libpng does (grey
    /// replicated, low bit depths scaled by 255 / (2^depth − 1), `tRNS` turned into
    /// alpha 0), then premultiplied. Nil for a palette index past the palette.
    private static func expand(_ rows: [UInt8], _ layout: Layout, rowBytes: Int) -> Image? {
        let width = layout.width, height = layout.height
        var complete = true
        // Every byte is written below before the image is made (or the array is dropped).
        var rgba = FrameArrays.uninitializedBytes(count: width &* height &* 4)
        rgba.withUnsafeMutableBufferPointer { target in
            rows.withUnsafeBufferPointer { source in
                guard let inBase = source.baseAddress, let outBase = target.baseAddress else { return }
                complete = expandRows(inBase, into: outBase, rowBytes: rowBytes, layout)
            }
        }
        guard complete else { return nil }
        if layout.opaque { return Image(width: width, height: height, trustedPixels: rgba, opaque: true) }
        return try? Image(width: width, height: height, straightRGBA: rgba)
    }

    /// Every row of samples (each after its filter byte) into `width` RGBA pixels a row;
    /// false for a palette index past the palette.
    private static func expandRows(_ rows: UnsafePointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>,
                                   rowBytes: Int, _ layout: Layout) -> Bool {
        let width = layout.width, height = layout.height, depth = layout.bitDepth
        let key = layout.transparentKey
        for y in 0..<height {
            let row = rows + (y &* (rowBytes &+ 1) &+ 1)
            let out = pixels + y &* width &* 4
            switch layout.colour {
            case .rgb where key < 0:
                // Opaque: the colour bytes spread out, alpha 255 (byte shuffles in CPixels).
                mask_expand_rgb(row, out, width)
            case .rgb:
                for x in 0..<width {
                    let r = row[x &* 3], g = row[x &* 3 &+ 1], b = row[x &* 3 &+ 2]
                    out[x &* 4] = r; out[x &* 4 &+ 1] = g; out[x &* 4 &+ 2] = b
                    out[x &* 4 &+ 3] = Int(r) << 16 | Int(g) << 8 | Int(b) == key ? 0 : 255
                }
            case .rgba:
                out.update(from: row, count: width &* 4)
            case .greyAlpha:
                for x in 0..<width {
                    let v = row[x &* 2]
                    out[x &* 4] = v; out[x &* 4 &+ 1] = v; out[x &* 4 &+ 2] = v
                    out[x &* 4 &+ 3] = row[x &* 2 &+ 1]
                }
            case .grey:
                let scale = UInt8(truncatingIfNeeded: 255 / ((1 << depth) &- 1))
                for x in 0..<width {
                    let sample = Self.sample(row, x, depth)
                    let v = UInt8(truncatingIfNeeded: sample) &* scale
                    out[x &* 4] = v; out[x &* 4 &+ 1] = v; out[x &* 4 &+ 2] = v
                    out[x &* 4 &+ 3] = sample == key ? 0 : 255
                }
            case .palette:
                let count = layout.palette.count
                let fine = layout.palette.withUnsafeBufferPointer { entries -> Bool in
                    for x in 0..<width {
                        let index = Self.sample(row, x, depth)
                        guard index < count else { return false }
                        let entry = entries[index]
                        out[x &* 4] = entry.r; out[x &* 4 &+ 1] = entry.g; out[x &* 4 &+ 2] = entry.b
                        out[x &* 4 &+ 3] = entry.a
                    }
                    return true
                }
                if !fine { return false }
            }
        }
        return true
    }

    /// Sample `x` of a row packed `depth` bits a sample (1, 2, 4 or 8), most significant first.
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, _ x: Int, _ depth: Int) -> Int {
        if depth == 8 { return Int(row[x]) }
        let bit = x &* depth
        let byte = Int(row[bit >> 3])
        return (byte >> (8 &- depth &- (bit & 7))) & ((1 << depth) &- 1)
    }

    /// The colour types this reader handles, 8 bits a sample except grey and palette,
    /// which may have 1, 2, 4 or 8.
    enum Colour {
        case grey, rgb, palette, greyAlpha, rgba

        /// The colour type of `IHDR` and its bit depth, or nil outside the common case.
        init?(type: UInt8, depth: UInt8) {
            switch (type, depth) {
            case (0, 1), (0, 2), (0, 4), (0, 8): self = .grey
            case (2, 8): self = .rgb
            case (3, 1), (3, 2), (3, 4), (3, 8): self = .palette
            case (4, 8): self = .greyAlpha
            case (6, 8): self = .rgba
            default: return nil
            }
        }

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    /// What the chunks say: the header, the palette, the transparent colour and where
    /// the compressed data lies, checked as described in the type's comment.
    struct Layout {
        var width = 0, height = 0, bitDepth = 8
        var colour = Colour.rgb
        /// Palette entries with their `tRNS` alpha (255 where `tRNS` gives none).
        var palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = []
        /// The `tRNS` sample of a grey image, or its RGB colour as `r << 16 | g << 8 | b`;
        /// −1 (matching no pixel) without one.
        var transparentKey = -1
        var hasTransparency = false
        /// The byte ranges of the `IDAT` chunks' data, in order.
        var idat: [Range<Int>] = []

        var bitsPerPixel: Int { colour.channels &* bitDepth }
        /// True when every decoded pixel has alpha 255.
        var opaque: Bool { !hasTransparency && (colour == .grey || colour == .rgb || colour == .palette) }

        init?(_ file: UnsafeRawBufferPointer) {
            let end = file.count
            var position = 8
            var previous: UInt32 = 0
            var seen = Set<UInt32>()
            func word(_ at: Int) -> UInt32 {
                UInt32(file[at]) << 24 | UInt32(file[at &+ 1]) << 16 | UInt32(file[at &+ 2]) << 8 | UInt32(file[at &+ 3])
            }
            while true {
                guard end &- position >= 12, let base = file.baseAddress else { return nil }
                let length = Int(word(position))
                guard length <= 0x7FFF_FFFF, end &- position &- 12 >= length else { return nil }
                let type = word(position &+ 4)
                let data = position &+ 8
                let crc = libdeflate_crc32(0, base + (position &+ 4), length &+ 4)
                guard crc == word(data &+ length) else { return nil }
                let first = type == Chunk.IHDR
                guard first == (position == 8) else { return nil }
                let afterIDAT = seen.contains(Chunk.IDAT)
                switch type {
                case Chunk.IHDR:
                    guard length == 13 else { return nil }
                    width = Int(word(data))
                    height = Int(word(data &+ 4))
                    guard let kind = Colour(type: file[data &+ 9], depth: file[data &+ 8]),
                          file[data &+ 10] == 0, file[data &+ 11] == 0, file[data &+ 12] == 0,
                          width > 0, height > 0, Image.decodable(width: width, height: height) else { return nil }
                    colour = kind
                    bitDepth = Int(file[data &+ 8])
                case Chunk.PLTE:
                    let entries = length / 3
                    guard colour == .palette, !afterIDAT, !seen.contains(Chunk.tRNS), length % 3 == 0,
                          entries >= 1, entries <= 1 << bitDepth else { return nil }
                    palette = (0..<entries).map { i in
                        (file[data &+ 3 &* i], file[data &+ 3 &* i &+ 1], file[data &+ 3 &* i &+ 2], 255)
                    }
                case Chunk.tRNS:
                    guard !afterIDAT else { return nil }
                    switch colour {
                    case .palette:
                        guard !palette.isEmpty, length <= palette.count else { return nil }
                        for i in 0..<length { palette[i].a = file[data &+ i] }
                    case .grey:
                        guard length == 2 else { return nil }
                        let value = Int(word(data) >> 16)
                        guard value < 1 << bitDepth else { return nil }
                        transparentKey = value
                    case .rgb:
                        guard length == 6, file[data] == 0, file[data &+ 2] == 0, file[data &+ 4] == 0 else { return nil }
                        transparentKey = Int(file[data &+ 1]) << 16 | Int(file[data &+ 3]) << 8 | Int(file[data &+ 5])
                    case .greyAlpha, .rgba:
                        return nil
                    }
                    hasTransparency = true
                case Chunk.sRGB:
                    guard length == 1, file[data] <= 3, !afterIDAT, !seen.contains(Chunk.PLTE) else { return nil }
                case Chunk.IDAT:
                    guard !afterIDAT || previous == Chunk.IDAT,
                          colour != .palette || !palette.isEmpty else { return nil }
                    idat.append(data..<(data &+ length))
                case Chunk.IEND:
                    // Nothing may follow, so libpng has nothing left to judge differently.
                    guard length == 0, afterIDAT, data &+ 4 == end else { return nil }
                    return
                default:
                    return nil
                }
                guard type == Chunk.IDAT || !seen.contains(type) else { return nil }
                seen.insert(type)
                previous = type
                position = data &+ length &+ 4
            }
        }
    }

    /// The chunk types read, as the big-endian words of their four letters.
    enum Chunk {
        static let IHDR: UInt32 = 0x4948_4452
        static let PLTE: UInt32 = 0x504C_5445
        static let tRNS: UInt32 = 0x7452_4E53
        static let sRGB: UInt32 = 0x7352_4742
        static let IDAT: UInt32 = 0x4944_4154
        static let IEND: UInt32 = 0x4945_4E44
    }
}

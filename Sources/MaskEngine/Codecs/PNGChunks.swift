import CZlib

/// The pieces of a PNG file that an encoder writing chunks itself needs: chunk framing
/// with its CRC, and the filtered, deflated pixel data of an RGB rectangle.
///
/// libpng's simplified API writes one still image; an animated PNG (APNG) adds chunks
/// (`acTL`, `fcTL`, `fdAT`) that it cannot write, so `AnimatedPNGWriter` builds the file
/// from these.
enum PNGChunks {
    /// A chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        append(UInt32(truncatingIfNeeded: data.count), to: &out)
        out += typeBytes
        out += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32(truncatingIfNeeded: $0.count)) }
        append(UInt32(truncatingIfNeeded: crc), to: &out)
        return out
    }

    /// The `IHDR` data of an 8-bit RGB image.
    static func rgbHeader(width: Int, height: Int) -> [UInt8] {
        var data: [UInt8] = []
        append(UInt32(truncatingIfNeeded: width), to: &data)
        append(UInt32(truncatingIfNeeded: height), to: &data)
        data += [8, 2, 0, 0, 0] // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
        return data
    }

    /// Appends a big-endian 32-bit number.
    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Appends a big-endian 16-bit number.
    static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// The zlib stream of a rectangle of an RGB image, each row preceded by the filter
    /// that makes it smallest (libpng's heuristic: least sum of absolute byte values).
    /// - Parameters:
    ///   - rgb: the whole image, `width × 3` bytes a row.
    ///   - x, y, w, h: the rectangle, inside the image and not empty.
    /// - Throws: `ImageError.invalidPixels` if zlib fails (it cannot for valid input).
    static func deflatedRows(of rgb: UnsafeBufferPointer<UInt8>, width: Int,
                             x: Int, y: Int, w: Int, h: Int, level: Int32) throws -> [UInt8] {
        let rowBytes = w * 3
        var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * h)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        filtered.withUnsafeMutableBufferPointer { out in
            for row in 0..<h {
                let start = ((y + row) * width + x) * 3
                let current = UnsafeBufferPointer(rebasing: rgb[start..<(start + rowBytes)])
                let previousStart = start - width * 3
                zeros.withUnsafeBufferPointer { zero in
                    let previous = row == 0 ? zero : UnsafeBufferPointer(rebasing: rgb[previousStart..<(previousStart + rowBytes)])
                    var best = 0
                    var bestCost = Int.max
                    for filter in 0..<5 {
                        let cost = candidates[filter].withUnsafeMutableBufferPointer { candidate in
                            applyFilter(filter, current, previous, into: candidate)
                        }
                        if cost < bestCost { best = filter; bestCost = cost }
                    }
                    let base = row * (rowBytes + 1)
                    out[base] = UInt8(truncatingIfNeeded: best)
                    candidates[best].withUnsafeBufferPointer { chosen in
                        for i in 0..<rowBytes { out[base + 1 + i] = chosen[i] }
                    }
                }
            }
        }
        var size = compressBound(UInt(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(size))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            filtered.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, UInt(input.count), level)
            }
        }
        guard status == Z_OK else { throw ImageError.invalidPixels("zlib could not compress a frame (status \(status))") }
        compressed.removeSubrange(Int(size)...)
        return compressed
    }

    /// Filters one row (PNG filter types 0–4, 3 bytes a pixel) into `out`; returns the
    /// row's cost, the sum of its bytes read as signed values.
    private static func applyFilter(_ filter: Int, _ row: UnsafeBufferPointer<UInt8>, _ up: UnsafeBufferPointer<UInt8>,
                                    into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var cost = 0
        for i in 0..<row.count {
            let a = i >= 3 ? Int(row[i - 3]) : 0
            let b = Int(up[i])
            let c = i >= 3 ? Int(up[i - 3]) : 0
            let predictor: Int
            switch filter {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) >> 1
            default:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            }
            let value = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
            out[i] = value
            cost += value < 128 ? Int(value) : 256 - Int(value)
        }
        return cost
    }
}

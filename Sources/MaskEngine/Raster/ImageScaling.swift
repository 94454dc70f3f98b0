extension Image {
    /// The image shrunk to `width × height` by averaging the source pixels each target
    /// pixel covers (a box filter, with fractional edges weighted by their area), so fine
    /// detail blends instead of aliasing as bilinear sampling does past a factor of two.
    /// Averaging premultiplied values is what compositing expects. A target larger than
    /// the source on either side is refused: this only shrinks.
    /// - Throws: `ImageError.invalidDimensions` for an empty target or one larger than the image.
    public func shrunk(toWidth newWidth: Int, height newHeight: Int) throws -> Image {
        guard newWidth >= 1, newHeight >= 1, newWidth <= width, newHeight <= height else {
            throw ImageError.invalidDimensions(width: newWidth, height: newHeight)
        }
        // Each target column and row covers a span of source columns and rows; the weights
        // of one target pixel's span sum to 1.
        let columns = Image.spans(from: width, to: newWidth)
        let rows = Image.spans(from: height, to: newHeight)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        var rowSums = [Double](repeating: 0, count: width * 4)
        pixels.withUnsafeBufferPointer { px in
            for (ty, rowSpan) in rows.enumerated() {
                for i in rowSums.indices { rowSums[i] = 0 }
                for (sy, wy) in rowSpan {
                    let base = sy * width * 4
                    for i in 0..<(width * 4) { rowSums[i] += wy * Double(px[base + i]) }
                }
                for (tx, columnSpan) in columns.enumerated() {
                    var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                    for (sx, wx) in columnSpan {
                        let i = sx * 4
                        sum.0 += wx * rowSums[i]
                        sum.1 += wx * rowSums[i + 1]
                        sum.2 += wx * rowSums[i + 2]
                        sum.3 += wx * rowSums[i + 3]
                    }
                    let o = (ty * newWidth + tx) * 4
                    let a = min(max(sum.3.rounded(), 0), 255)
                    out[o + 3] = UInt8(a)
                    // Rounding each channel alone could leave a colour above its alpha.
                    out[o] = UInt8(min(max(sum.0.rounded(), 0), a))
                    out[o + 1] = UInt8(min(max(sum.1.rounded(), 0), a))
                    out[o + 2] = UInt8(min(max(sum.2.rounded(), 0), a))
                }
            }
        }
        return try Image(width: newWidth, height: newHeight, premultipliedRGBA: out)
    }

    /// For each of `target` cells over `source` pixels, the source pixels it covers and
    /// the share of the cell each covers.
    private static func spans(from source: Int, to target: Int) -> [[(Int, Double)]] {
        let step = Double(source) / Double(target)
        return (0..<target).map { t in
            let start = Double(t) * step, end = Double(t + 1) * step
            var span: [(Int, Double)] = []
            var s = Int(start)
            while Double(s) < end, s < source {
                let covered = min(end, Double(s + 1)) - max(start, Double(s))
                if covered > 0 { span.append((s, covered / step)) }
                s += 1
            }
            return span
        }
    }
}

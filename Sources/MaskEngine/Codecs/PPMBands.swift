import CPixels

extension PPMCodec {
    /// How many bytes of samples `ImageWriter.stage` packs and writes at a time: 1 MiB,
    /// not a whole 1280 × 720 frame's 2.6 MiB (about 420 pages fewer to fault in per
    /// writer) and not a few rows either: the kernel copies a `write` into page-cache
    /// folios as large as the write allows, and 64 KiB writes made a 60-frame PPM render
    /// of the text shimmer cost 40 % more CPU time than whole frames (256 KiB +10 %,
    /// 1 MiB as fast as whole frames; Benchmarks/README.md, round 19, `startup`).
    static let bandBytes = 1 << 20

    /// The rows of `image` packed together when a band holds `bandBytes` bytes: at least one.
    static func rowsPerBand(of image: Image, bandBytes: Int) -> Int {
        max(1, bandBytes / max(1, image.width * 3))
    }

    /// The bytes `encode(_:)` makes, handed to `put` in order as the header and then bands
    /// of `rowsPerBand` rows packed into `band` (a buffer reused from one call to the
    /// next; it grows to one band): the same file without holding it whole in memory.
    /// - Throws: `ImageError.invalidDimensions` for an empty image, before `put` is
    ///   called; what `put` throws.
    static func encode(_ image: Image, bands band: inout [UInt8], rowsPerBand: Int,
                       put: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard image.width > 0, image.height > 0 else {
            throw ImageError.invalidDimensions(width: image.width, height: image.height)
        }
        try header(of: image).withUnsafeBytes { try put($0) }
        let rows = min(max(1, rowsPerBand), image.height)
        let size = rows * image.width * 3
        if band.count < size { band = FrameArrays.uninitializedBytes(count: size) }
        try image.pixels.withUnsafeBufferPointer { pixels in
            guard let source = pixels.baseAddress else { return }
            try band.withUnsafeMutableBufferPointer { out in
                guard let target = out.baseAddress else { return }
                var row = 0
                while row < image.height {
                    let count = min(rows, image.height - row) * image.width
                    mask_pack_rgb(source + row * image.width * 4, target, count)
                    try put(UnsafeRawBufferPointer(start: target, count: count * 3))
                    row += rows
                }
            }
        }
    }
}

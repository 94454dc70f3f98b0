/// A cursor over the bytes of a netpbm file, reading the first image (see `PPMCodec`).
struct PPMReader {
    struct Failure: Error { var reason: String }

    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readImage() throws(Failure) -> Image {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P") else {
            throw Failure(reason: bytes.isEmpty ? "the file is empty" : "not a netpbm file (bad magic number)")
        }
        let kind = bytes[1]
        guard kind == UInt8(ascii: "3") || kind == UInt8(ascii: "5") || kind == UInt8(ascii: "6") else {
            throw Failure(reason: "unsupported netpbm kind P followed by \(describe(kind)) (expected P3, P5 or P6)")
        }
        offset = 2
        if offset < bytes.count, !isWhitespace(bytes[offset]), bytes[offset] != UInt8(ascii: "#") {
            throw Failure(reason: "expected whitespace after the magic number, found \(describe(bytes[offset]))")
        }
        let width = try headerNumber("width")
        let height = try headerNumber("height")
        let maxval = try headerNumber("maxval")
        try endOfHeader()
        guard width > 0, height > 0 else { throw Failure(reason: "image size \(width)×\(height) is empty") }
        guard Image.decodable(width: width, height: height) else {
            throw Failure(reason: "image size \(width)×\(height) is too large " + Image.decodableLimitDescription)
        }
        guard (1...65535).contains(maxval) else {
            throw Failure(reason: "maxval \(maxval) is outside 1...65535")
        }
        let channels = kind == UInt8(ascii: "5") ? 1 : 3
        let samples = width * height * channels // bounded by the pixel cap: cannot overflow
        // A header may promise more than the file holds: check before allocating for it.
        // A plain sample takes at least a digit and a separator; a binary one 1 or 2 bytes.
        let plain = kind == UInt8(ascii: "3")
        let needed = plain ? 2 * samples - 1 : samples * (maxval > 255 ? 2 : 1)
        let available = bytes.count - offset
        guard available >= needed else {
            throw Failure(reason: "truncated data: \(samples) samples need \(plain ? "at least " : "")\(needed) bytes, \(available) remain")
        }
        var values = [UInt8](repeating: 0, count: samples)
        if plain {
            for i in 0..<samples {
                values[i] = try scaled(try plainSample(index: i, of: samples), maxval: maxval)
            }
        } else {
            try binarySamples(into: &values, maxval: maxval)
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            if channels == 1 {
                rgba[p * 4] = values[p]; rgba[p * 4 + 1] = values[p]; rgba[p * 4 + 2] = values[p]
            } else {
                rgba[p * 4] = values[p * 3]; rgba[p * 4 + 1] = values[p * 3 + 1]; rgba[p * 4 + 2] = values[p * 3 + 2]
            }
        }
        do {
            return try Image(width: width, height: height, premultipliedRGBA: rgba)
        } catch {
            throw Failure(reason: "\(error)")
        }
    }

    // MARK: - Header

    /// Skips whitespace and comments, then reads a decimal number named `what`.
    mutating func headerNumber(_ what: String) throws(Failure) -> Int {
        skipWhitespaceAndComments()
        guard offset < bytes.count else { throw Failure(reason: "truncated header: missing \(what)") }
        guard isDigit(bytes[offset]) else {
            throw Failure(reason: "expected \(what) as a decimal number, found \(describe(bytes[offset]))")
        }
        return try decimal(what)
    }

    /// Consumes the single whitespace byte after maxval; the samples follow it.
    mutating func endOfHeader() throws(Failure) {
        guard offset < bytes.count else { throw Failure(reason: "truncated header after maxval") }
        guard isWhitespace(bytes[offset]) else {
            throw Failure(reason: "expected whitespace after maxval, found \(describe(bytes[offset]))")
        }
        offset += 1
    }

    /// Reads the digits at `offset`; the number must be followed by whitespace, `#` or
    /// the end of the data.
    mutating func decimal(_ what: @autoclosure () -> String) throws(Failure) -> Int {
        var value = 0
        while offset < bytes.count, isDigit(bytes[offset]) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(bytes[offset] - UInt8(ascii: "0")))
            // Far above any valid value; stops runaway digits long before Int overflows.
            guard !o1, !o2, sum <= 1_000_000_000 else { throw Failure(reason: "\(what()) is too large") }
            value = sum
            offset += 1
        }
        if offset < bytes.count, !isWhitespace(bytes[offset]), bytes[offset] != UInt8(ascii: "#") {
            throw Failure(reason: "expected \(what()) as a decimal number, found \(describe(bytes[offset])) after digits")
        }
        return value
    }

    mutating func skipWhitespaceAndComments() {
        while offset < bytes.count {
            if isWhitespace(bytes[offset]) {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else {
                return
            }
        }
    }

    // MARK: - Samples

    /// One decimal sample of a plain (P3) raster.
    mutating func plainSample(index: Int, of count: Int) throws(Failure) -> Int {
        skipWhitespaceAndComments()
        guard offset < bytes.count else {
            throw Failure(reason: "truncated data: \(index) of \(count) samples present")
        }
        guard isDigit(bytes[offset]) else {
            throw Failure(reason: "expected sample \(index + 1) as a decimal number, found \(describe(bytes[offset]))")
        }
        return try decimal("sample \(index + 1)")
    }

    /// The binary raster of P5/P6: one byte per sample up to maxval 255, else two.
    /// The caller has checked that the bytes are there.
    mutating func binarySamples(into values: inout [UInt8], maxval: Int) throws(Failure) {
        let width = maxval > 255 ? 2 : 1
        for i in 0..<values.count {
            let sample = width == 1
                ? Int(bytes[offset + i])
                : Int(bytes[offset + 2 * i]) << 8 | Int(bytes[offset + 2 * i + 1])
            values[i] = try scaled(sample, maxval: maxval)
        }
        offset += values.count * width
    }

    /// A sample of 0...maxval as 0...255, rounded to nearest.
    func scaled(_ sample: Int, maxval: Int) throws(Failure) -> UInt8 {
        guard sample <= maxval else { throw Failure(reason: "sample \(sample) exceeds maxval \(maxval)") }
        if maxval == 255 { return UInt8(sample) }
        return UInt8((sample * 255 + maxval / 2) / maxval)
    }

    // MARK: - Bytes

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Netpbm's whitespace: space, tab, LF, VT, FF, CR.
    func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }

    func describe(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? "'\(Unicode.Scalar(b))'" : "byte 0x" + String(b, radix: 16)
    }
}

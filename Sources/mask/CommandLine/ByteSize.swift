/// Sizes in bytes as the command line spells them: `512M`, `4G`, `1500000`.
enum ByteSize {
    /// A whole number with an optional binary suffix `K`, `M`, `G` or `T` (also `KiB`,
    /// `MiB`, ..., any case); nil for anything else, for 0, or past what an Int holds.
    static func parse(_ text: String) -> Int? {
        let lower = text.lowercased()
        let units: [(String, Int)] = [("tib", 40), ("gib", 30), ("mib", 20), ("kib", 10), ("t", 40), ("g", 30), ("m", 20), ("k", 10)]
        var digits = Substring(lower)
        var shift = 0
        for (suffix, bits) in units where lower.hasSuffix(suffix) {
            digits = lower.dropLast(suffix.count)
            shift = bits
            break
        }
        guard let n = WholeNumber.parse(digits), n > 0 else { return nil }
        let (value, overflow) = n.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : value
    }
}

/// Sizes in bytes as the command line spells them: `512M`, `512MB`, `4GiB`, `1500000`.
enum ByteSize {
    /// A whole number with an optional suffix `K`, `M`, `G` or `T`, alone or followed by
    /// `B` or `iB` (any case), each a power of 1024 (CLI.md: `512MB` is `512M`, as people
    /// write memory sizes); nil for anything else, for 0, or past what an Int holds.
    static func parse(_ text: String) -> Int? {
        let lower = text.lowercased()
        let prefixes: [(String, Int)] = [("t", 40), ("g", 30), ("m", 20), ("k", 10)]
        let units = ["ib", "b", ""].flatMap { tail in prefixes.map { ($0.0 + tail, $0.1) } }
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

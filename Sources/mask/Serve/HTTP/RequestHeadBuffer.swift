/// The bytes a connection has received and not yet served, parsed as a request head only
/// when what arrived can change the outcome: a line feed (a line ended, maybe the head)
/// or the bytes reaching `Limits.headBytes` (a head that long is refused). Bytes without
/// either leave an unfinished head unfinished, so a client sending one byte at a time
/// costs one parse a line, not one a byte (up to 16 K parses of up to 16 KiB each).
struct RequestHeadBuffer {
    /// The bytes received and not yet consumed by a request.
    private(set) var bytes: [UInt8] = []
    /// True when bytes arrived or left since the last parse in a way that can change its
    /// outcome (no bytes are no head: `.incomplete`).
    private var changed = false
    /// The limits the head is parsed within.
    let limits: HTTPRequestParser.Limits

    /// An empty buffer for heads within `limits`.
    init(limits: HTTPRequestParser.Limits) {
        self.limits = limits
    }

    /// True when nothing is waiting.
    var isEmpty: Bool { bytes.isEmpty }

    /// Adds bytes that arrived.
    mutating func append(_ chunk: ArraySlice<UInt8>) {
        let before = bytes.count
        bytes += chunk
        if chunk.contains(UInt8(ascii: "\n")) || (before < limits.headBytes && bytes.count >= limits.headBytes) { changed = true }
    }

    /// Drops the first `count` bytes: the head of a request served.
    mutating func removeFirst(_ count: Int) {
        bytes.removeFirst(count)
        changed = true
    }

    /// What the bytes hold: `parse` (the parser; tests count its calls) is called unless
    /// the last call said `.incomplete` and the bytes have not changed in a way that
    /// matters since, when that is the answer again.
    mutating func outcome(parse: (ArraySlice<UInt8>, HTTPRequestParser.Limits) -> HTTPRequestParser.Outcome
                            = HTTPRequestParser.parse) -> HTTPRequestParser.Outcome {
        guard changed else { return .incomplete }
        let outcome = parse(bytes[...], limits)
        changed = outcome != .incomplete
        return outcome
    }
}

import Foundation

/// Reads `Content-Length`-framed messages from a file descriptor (standard input).
///
/// ```
/// Content-Length: 52\r\n
/// \r\n
/// {"jsonrpc":"2.0","id":1,"method":"shutdown"}
/// ```
/// A header block without a usable length is reported and skipped: the next header
/// starts after its blank line. A body over `maxBodySize` is read and thrown away as it
/// arrives, never held, so a hostile length costs no memory.
struct MessageReader {
    /// What one read gives.
    enum Frame {
        /// The body of a message.
        case message(Data)
        /// A framing problem, answered with a ParseError; reading goes on.
        case malformed(String)
    }

    /// The largest body accepted: 64 MiB, far above any script an editor sends.
    static let maxBodySize = 64 << 20
    /// The largest header block: real clients send one or two short lines.
    static let maxHeaderSize = 8 << 10

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Reads from `fd`.
    init(fd: Int32) {
        self.fd = fd
    }

    /// True when input is waiting: bytes already read and not yet framed, or bytes (or
    /// the end of input) ready on the descriptor.
    var hasInput: Bool {
        if start < buffer.count || atEnd { return true }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }

    /// The next frame, or nil at the end of input.
    mutating func next() -> Frame? {
        guard let header = readHeader() else { return nil }
        switch header {
        case .failure(let problem):
            return .malformed(problem.text)
        case .success(let length) where length > MessageReader.maxBodySize:
            guard skip(length) else { return nil }
            return .malformed("message of \(length) bytes is over the \(MessageReader.maxBodySize >> 20) MiB limit")
        case .success(let length):
            guard let body = read(length) else { return nil }
            return .message(Data(body))
        }
    }

    /// The body length the next header block gives; nil at the end of input.
    private mutating func readHeader() -> Result<Int, HeaderProblemMessage>? {
        while true {
            if let end = headerEnd() {
                let block = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                return MessageReader.contentLength(in: block)
            }
            if buffer.count - start > MessageReader.maxHeaderSize {
                // No blank line in sight: drop what came, so a stream of garbage cannot grow the buffer.
                start = buffer.count
                return .failure(HeaderProblemMessage("header longer than \(MessageReader.maxHeaderSize) bytes"))
            }
            guard fill() else {
                // Stray bytes before the end (a header cut short) are dropped silently: nobody is left to answer.
                return nil
            }
        }
    }

    /// The `Content-Length` of a header block (without its blank line).
    static func contentLength(in block: String) -> Result<Int, HeaderProblemMessage> {
        var length: Int?
        for line in block.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblemMessage("malformed header line '\(line.prefix(80))'"))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let number = Int(value) else {
                    return .failure(HeaderProblemMessage("bad Content-Length '\(value.prefix(40))'"))
                }
                length = number
            }
        }
        guard let length else { return .failure(HeaderProblemMessage("missing Content-Length header")) }
        return .success(length)
    }

    /// The index of the `\r\n\r\n` that ends the header block, if it has arrived.
    private func headerEnd() -> Int? {
        var i = start
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// The next `count` bytes; nil when input ends first.
    private mutating func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let body = Array(buffer[start..<(start + count)])
        start += count
        return body
    }

    /// Discards the next `count` bytes; false when input ends first.
    private mutating func skip(_ count: Int) -> Bool {
        var left = count
        while true {
            let available = min(left, buffer.count - start)
            start += available
            left -= available
            if left == 0 { return true }
            guard fill() else { return false }
        }
    }

    /// Reads more input into the buffer; false at the end of input or on an error.
    private mutating func fill() -> Bool {
        guard !atEnd else { return false }
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                atEnd = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }
}

/// Why a header block was refused.
struct HeaderProblemMessage: Error {
    /// The message for the ParseError.
    let text: String

    init(_ text: String) {
        self.text = text
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

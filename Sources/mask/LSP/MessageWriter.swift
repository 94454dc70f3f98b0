import Foundation

/// Writes JSON-RPC messages with their `Content-Length` header to a file descriptor
/// (standard output, the protocol channel, which nothing else may write to).
struct MessageWriter {
    private let fd: Int32

    /// Writes to `fd`.
    init(fd: Int32) {
        self.fd = fd
    }

    /// Sends one message. A message that cannot be encoded is replaced by an internal
    /// error, so the client is never left waiting for an answer.
    func send(_ message: [String: Any]) {
        let data: Data
        if JSONSerialization.isValidJSONObject(message), let encoded = try? JSONSerialization.data(withJSONObject: message) {
            data = encoded
        } else {
            let fallback: [String: Any] = [
                "jsonrpc": "2.0", "id": NSNull(),
                "error": ResponseError(ResponseError.internalError, "the server could not encode its answer").json,
            ]
            guard let encoded = try? JSONSerialization.data(withJSONObject: fallback) else { return }
            data = encoded
        }
        write(Array("Content-Length: \(data.count)\r\n\r\n".utf8) + Array(data))
    }

    /// Writes all the bytes, retrying interrupted and partial writes; gives up on a
    /// closed pipe (the client is gone, and EOF on input ends the server next).
    private func write(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            done += n
        }
    }
}

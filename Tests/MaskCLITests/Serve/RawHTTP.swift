import Foundation
import XCTest

/// An HTTP response as read off the socket.
struct RawResponse {
    /// The status code.
    let status: Int
    /// The header fields, names in lower case.
    let headers: [String: String]
    /// The body.
    let body: [UInt8]

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A client socket that sends exactly the bytes a test gives it, hostile ones included.
final class RawConnection {
    /// The socket.
    let fd: Int32
    private var received: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads wait at most `timeout` seconds.
    init(port: Int, timeout: Int = 30) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends bytes; false when the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + done }, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Reads one response (nil when the connection ends or resets before a whole one).
    /// A response to HEAD has no body whatever its Content-Length says.
    func response(toHead: Bool = false) -> RawResponse? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ")
                guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() where !line.isEmpty {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = toHead ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                while received.count < end + 4 + length {
                    guard fill() else { return nil }
                }
                let body = Array(received[(end + 4)..<(end + 4 + length)])
                received.removeFirst(end + 4 + length)
                return RawResponse(status: status, headers: headers, body: body)
            }
            guard fill() else { return nil }
        }
    }

    /// Reads until `text` has arrived (true) or the connection ends (false); the bytes
    /// up to and including it are consumed.
    func read(until text: String) -> Bool {
        let wanted = Array(text.utf8)
        while true {
            if let range = firstRange(of: wanted) {
                received.removeFirst(range.upperBound)
                return true
            }
            guard fill() else { return false }
        }
    }

    /// True once the server has closed the connection: reads return end of input (or a
    /// reset), within the read timeout. What arrives before stays in `pending`.
    func isClosedByServer() -> Bool {
        while fill() {}
        return errno != EAGAIN && errno != EWOULDBLOCK
    }

    /// The bytes received and not consumed yet, as text.
    var pending: String { String(decoding: received, as: UTF8.self) }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else {
            if n == 0 { errno = 0 }
            return false
        }
        received += chunk[..<n]
        return true
    }

    private func headEnd() -> Int? { firstRange(of: Array("\r\n\r\n".utf8))?.lowerBound }

    private func firstRange(of pattern: [UInt8]) -> Range<Int>? {
        guard received.count >= pattern.count else { return nil }
        for start in 0...(received.count - pattern.count) where received[start] == pattern[0] {
            if Array(received[start..<(start + pattern.count)]) == pattern { return start..<(start + pattern.count) }
        }
        return nil
    }
}

extension PreviewServer {
    /// `GET path` (or another method) with this server's Host, on a new connection.
    func request(_ path: String, method: String = "GET", host: String? = nil, extra: String = "") throws -> RawResponse? {
        let connection = try RawConnection(port: port)
        connection.send("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? self.host)\r\n\(extra)Connection: close\r\n\r\n")
        return connection.response(toHead: method == "HEAD")
    }

    /// The response to exactly `raw`, on a new connection.
    func exchange(_ raw: String) throws -> RawResponse? {
        let connection = try RawConnection(port: port)
        connection.send(raw)
        return connection.response()
    }
}

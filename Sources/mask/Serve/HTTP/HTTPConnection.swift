import Foundation

/// One client connection, served on its own thread: reads request heads, checks them,
/// asks the handler and writes the replies, until the client closes, a limit or timeout
/// ends it, or the server stops.
///
/// The socket is non-blocking and every wait is a `poll` of at most `slice` seconds, so
/// a slow or silent client can hold its connection only until its deadline, and every
/// connection notices within a slice that the server is stopping. Writes use
/// `MSG_NOSIGNAL`: a client that went away is an error here, never a SIGPIPE (which
/// would stop the command). Handed to its thread once and used only there, hence
/// `@unchecked Sendable`.
final class HTTPConnection: EventStream, @unchecked Sendable {
    private let fd: Int32
    private let server: HTTPServer
    private var received: RequestHeadBuffer
    private static let slice = 0.2

    /// Takes over an accepted, non-blocking socket.
    init(socket: Int32, server: HTTPServer) {
        fd = socket
        self.server = server
        received = RequestHeadBuffer(limits: server.settings.limits)
    }

    deinit { close(fd) }

    var isStopping: Bool { server.isStopping }

    /// Serves requests until the connection ends, then closes it.
    func serve(_ handler: any HTTPHandler) {
        defer { lingeringClose() }
        let settings = server.settings
        while !isStopping {
            // Wait for the first byte of a request, then for the rest of its head.
            guard received.isEmpty ? read(until: .now + settings.idleTimeout) : true else { return }
            let deadline = ContinuousClock.now + settings.headTimeout
            var outcome = received.outcome()
            while outcome == .incomplete {
                guard read(until: deadline) else {
                    if !isStopping, ContinuousClock.now >= deadline {
                        _ = respond(.text(.requestTimeout, "the request head did not arrive within \(settings.headTimeout)"),
                                 keepAlive: false, includeBody: true)
                    }
                    return
                }
                outcome = received.outcome()
            }
            switch outcome {
            case .incomplete:
                return
            case let .refused(status, reason):
                var response = HTTPResponse.text(status, reason)
                if status == .methodNotAllowed { response.headers.append(("Allow", "GET, HEAD")) }
                _ = respond(response, keepAlive: false, includeBody: true)
                return
            case let .request(request, consumed):
                received.removeFirst(consumed)
                guard server.allows(host: request.header("host")) else {
                    _ = respond(.text(.forbidden, "this server answers only requests addressed to \(server.address), localhost or 127.0.0.1"),
                             keepAlive: false, includeBody: request.method != "HEAD")
                    return
                }
                switch handler.reply(to: request) {
                case .whole(let response):
                    let keepAlive = request.keepsAlive && !isStopping
                    guard respond(response, keepAlive: keepAlive, includeBody: request.method != "HEAD"), keepAlive else { return }
                case .eventStream(let body):
                    let head = HTTPResponse.head(.ok, [("Content-Type", "text/event-stream; charset=utf-8")]
                        + HTTPResponse.commonHeaders.map { ($0.name, $0.value) } + [("Connection", "close")])
                    guard request.method != "HEAD" else { return _ = write(head) }
                    // Reconnect a second after the stream breaks (the browser's default is 3).
                    guard write(head + Array("retry: 1000\n\n".utf8)) else { return }
                    body(self)
                    return
                }
            }
        }
    }

    // MARK: - Event streams

    func send(event: String, data: String) -> Bool {
        !isStopping && write(Self.encode(event: event, data: data))
    }

    func keepAlive() -> Bool {
        !isStopping && write(Array(": keep-alive\n\n".utf8))
    }

    // MARK: - Reading and writing

    /// Reads what has arrived into `received`, waiting until `deadline` for something;
    /// false when nothing came (deadline, end of input, error or stopping).
    private func read(until deadline: ContinuousClock.Instant) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
        while !isStopping {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received.append(chunk[..<n])
                return true
            }
            if n == 0 { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            guard wait(for: Int16(POLLIN), until: deadline) else { return false }
        }
        return false
    }

    /// Writes a response; false when the client could not take it.
    private func respond(_ response: HTTPResponse, keepAlive: Bool, includeBody: Bool) -> Bool {
        let head = response.head(keepAlive: keepAlive)
        return includeBody ? write(head + response.body) : write(head)
    }

    /// Writes all of `bytes`; false when the client stopped taking them for
    /// `writeTimeout` seconds, went away, or the server is stopping.
    private func write(_ bytes: [UInt8]) -> Bool {
        var done = 0
        var deadline = ContinuousClock.now + server.settings.writeTimeout
        while done < bytes.count {
            guard !isStopping else { return false }
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + done }, bytes.count - done, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                done += n
                deadline = .now + server.settings.writeTimeout
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            guard wait(for: Int16(POLLOUT), until: deadline) else { return false }
        }
        return true
    }

    /// Waits for the socket to be ready for `events`, in slices so a stop is noticed;
    /// false at the deadline, on a stop, or when the connection broke.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while !isStopping {
            let left = deadline - .now
            guard left > .zero else { return false }
            let milliseconds = Int32(min(left, .seconds(HTTPConnection.slice)) / .milliseconds(1)) + 1
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return poller.revents & (events | Int16(POLLHUP) | Int16(POLLERR)) != 0 }
            if ready < 0, errno != EINTR { return false }
        }
        return false
    }

    /// Ends the connection so the client reads the last response: stops sending, then
    /// drops what the client is still sending (a refused head's rest) until it pauses,
    /// for a second at most, before closing: closing with unread input would reset the
    /// connection and could destroy the response in flight.
    private func lingeringClose() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(1)
        var chunk = [UInt8](repeating: 0, count: 16384)
        var dropped = false
        while ContinuousClock.now < deadline, !isStopping {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                dropped = true
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, dropped else { return }
            // A client that was still sending gets a moment to send the rest.
            guard wait(for: Int16(POLLIN), until: min(deadline, .now + .milliseconds(100))) else { return }
        }
    }
}

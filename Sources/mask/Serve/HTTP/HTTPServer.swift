import Foundation
import MaskEngine
import Synchronization

/// A small HTTP/1.1 server on POSIX sockets: one thread accepts, each connection gets a
/// thread of its own (`HTTPConnection`), up to `Settings.maxConnections` at once.
///
/// Why not a library: none can be fetched here (SwiftNIO is not available), and the
/// preview needs little: GET and HEAD, whole responses and server-sent events, on the
/// loopback interface. What keeps it safe with hostile input: every request head is
/// bounded in bytes and fields and parsed strictly (`HTTPRequestParser`); every wait has
/// a deadline; the number of connections is bounded, and one past the bound gets 503
/// at once; a request for another `Host` gets 403, which defeats DNS rebinding (a page
/// of another site whose name was made to resolve to 127.0.0.1 sends its own name).
final class HTTPServer: Sendable {
    /// Limits and timeouts.
    struct Settings: Sendable {
        /// The request head's limits.
        var limits = HTTPRequestParser.Limits()
        /// Connections served at once: a browser opens six per server; the rest is room
        /// for several tabs and event streams.
        var maxConnections = 64
        /// How long an open connection may stay silent before its next request.
        var idleTimeout = Duration.seconds(5)
        /// How long a request head may take to arrive once it has started.
        var headTimeout = Duration.seconds(5)
        /// How long a client may take no bytes of a response before it is dropped.
        var writeTimeout = Duration.seconds(10)
    }

    /// Limits and timeouts.
    let settings: Settings
    /// The port listened on (the one the system picked, for port 0).
    let port: Int
    /// `HOST:PORT` as a URL writes it (`[::1]:8147` for IPv6).
    let address: String
    private let listener: Int32
    /// The `Host` values answered, in lower case.
    private let allowedHosts: Set<String>
    private let stopping = Atomic<Bool>(false)
    private let connections = Atomic<Int>(0)
    private let accepting = Atomic<Bool>(false)

    /// Listens on `host` (a numeric IPv4 or IPv6 address) and `port` (0: any free one).
    /// - Throws: `CommandFailure.input` when the address cannot be used (in use, not
    ///   this machine's, no permission).
    init(host: String, port requested: Int, settings: Settings = Settings()) throws(CommandFailure) {
        self.settings = settings
        let urlHost = host.contains(":") ? "[\(host)]" : host
        guard (0...65_535).contains(requested) else { throw .input("cannot listen on port \(requested): ports go to 65535") }
        let portBytes = in_port_t(UInt16(truncatingIfNeeded: requested).bigEndian)
        // The address in digits, read without a resolver (none is needed, and a static
        // executable has none to load).
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = portBytes
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = portBytes
        } else {
            throw .input("cannot listen on \(host): it is not an IP address")
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .input("cannot listen on \(urlHost): \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = family == AF_INET
            ? withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            : withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .input("cannot listen on \(urlHost):\(requested): \(reason)")
        }
        var named = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let read = withUnsafeMutablePointer(to: &named) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard read == 0 else {
            close(fd)
            throw .input("cannot read the port listened on: \(String(cString: strerror(errno)))")
        }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        let portValue = withUnsafeBytes(of: &named) { UInt16(bigEndian: $0.loadUnaligned(fromByteOffset: 2, as: UInt16.self)) }
        listener = fd
        port = Int(portValue)
        address = "\(urlHost):\(port)"
        var hosts: Set<String> = []
        for name in ["localhost", "127.0.0.1", urlHost.lowercased()] {
            hosts.insert("\(name):\(port)")
            if port == 80 { hosts.insert(name) }
        }
        allowedHosts = hosts
    }

    deinit { close(listener) }

    /// True once `stop()` was called.
    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// True when a request with this `Host` value is answered.
    func allows(host: String?) -> Bool {
        guard let host else { return false }
        return allowedHosts.contains(host.lowercased())
    }

    /// Starts accepting connections on a thread of its own, serving them with `handler`.
    /// - Throws: `CommandFailure.input` when the thread cannot be started.
    func start(_ handler: any HTTPHandler) throws(CommandFailure) {
        accepting.store(true, ordering: .relaxed)
        do {
            try SystemThread.start(stackSize: 1 << 20) { [self] in
                acceptLoop(handler)
                accepting.store(false, ordering: .relaxed)
            }
        } catch {
            accepting.store(false, ordering: .relaxed)
            throw .input("cannot start the server: \(error)")
        }
    }

    /// Stops accepting, ends every connection (each notices within a fraction of a
    /// second) and returns when they have ended, or after three seconds at most.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline,
              accepting.load(ordering: .relaxed) || connections.load(ordering: .relaxed) > 0 {
            usleep(10_000)
        }
    }

    private func acceptLoop(_ handler: any HTTPHandler) {
        while !isStopping {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
                if fd >= 0 { close(fd) }
                // Out of descriptors (EMFILE): wait for connections to end rather than spin.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(100_000) }
                continue
            }
            guard connections.add(1, ordering: .relaxed).newValue <= settings.maxConnections else {
                refuse(fd, "more than \(settings.maxConnections) connections at once; try again")
                close(fd)
                connections.subtract(1, ordering: .relaxed)
                continue
            }
            let connection = HTTPConnection(socket: fd, server: self)
            do {
                try SystemThread.start(stackSize: 2 << 20) { [self] in
                    connection.serve(handler)
                    connections.subtract(1, ordering: .relaxed)
                }
            } catch {
                // The connection closes its socket when it goes.
                refuse(fd, "cannot start a thread for the connection; try again")
                connections.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Answers 503 without waiting for the request, as far as the socket takes it at
    /// once, and ends the sending side.
    private func refuse(_ fd: Int32, _ reason: String) {
        let response = HTTPResponse.text(.serviceUnavailable, reason)
        let bytes = response.head(keepAlive: false) + response.body
        bytes.withUnsafeBytes { _ = send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(fd, Int32(SHUT_WR))
    }
}

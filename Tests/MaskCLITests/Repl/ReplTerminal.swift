import Foundation
import Glibc
import XCTest

/// The built `mask` binary, found next to the test bundle.
enum ReplBinary {
    /// The path of `.build/<configuration>/mask`.
    static var path: String {
        let bundle = Bundle(for: ReplTerminal.self).bundleURL
        let candidates = [bundle.appendingPathComponent("mask"),
                          bundle.deletingLastPathComponent().appendingPathComponent("mask")]
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return (found ?? candidates[1]).path
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mask-repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

/// The `mask` binary running on a pseudo-terminal (forkpty), driven like a user at a
/// keyboard: send keys, then read until the expected text shows, with a timeout.
final class ReplTerminal {
    private let pid: pid_t
    private let master: Int32
    /// Everything the program wrote.
    private var bytes: [UInt8] = []
    /// The UTF-8 offset in `output` where the next `expect` starts looking.
    private var searchOffset = 0
    private var exitStatus: Int32?

    /// Starts `mask ARGUMENTS` on a 100×30 terminal with exactly `environment` (and the
    /// test run's sanitizer settings), in `directory` when given.
    init(arguments: [String], environment: [String: String], directory: String? = nil) throws {
        let argv = ([ReplBinary.path] + arguments).map { strdup($0) } + [nil]
        let envp = SanitizerEnvironment.adding(to: environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        let folder = directory.map { strdup($0) }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            folder.flatMap { $0 }.map { free($0) }
        }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            if let folder, let path = folder, chdir(path) != 0 { _exit(126) }
            if let program = argv[0] { execve(program, argv, envp) }
            _exit(127)
        }
        guard child > 0 else { throw POSIXError(.EAGAIN) }
        pid = child
        master = fd
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types text (use `\r` for Enter, `\u{3}` for Ctrl-C, `\u{1b}[A` for the up arrow).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Types a line and Enter.
    func type(_ line: String) {
        send(line + "\r")
    }

    /// Reads until `text` appears after the previous match; fails the test on timeout.
    /// - Returns: the output from the previous match up to and including `text`.
    @discardableResult
    func expect(_ text: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let output = self.output
            let start = output.utf8.index(output.startIndex, offsetBy: min(searchOffset, output.utf8.count))
            if let found = output.range(of: text, range: start..<output.endIndex) {
                searchOffset = output.utf8.distance(from: output.startIndex, to: found.upperBound)
                return String(output[start..<found.upperBound])
            }
            guard Date() < deadline, readMore() else {
                XCTFail("timed out waiting for \(text.debugDescription); output so far:\n\(output)", file: file, line: line)
                return ""
            }
        }
    }

    /// Reads up to the next prompt and returns what came before it, without escape sequences.
    func reply(file: StaticString = #filePath, line: UInt = #line) -> String {
        ReplTerminal.plain(expect("mask> ", file: file, line: line))
    }

    /// Waits for the program to exit and returns its status (nil on timeout or a signal).
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                _ = readMore()
                let code = (status >> 8) & 0xFF, signalled = status & 0x7F
                exitStatus = signalled == 0 ? code : -signalled
                return signalled == 0 ? code : nil
            }
            _ = readMore()
        }
        return nil
    }

    /// Reads what is available within 100 ms; false once the terminal is closed.
    private func readMore() -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, 100)
        guard ready > 0 else { return ready == 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        bytes += buffer[0..<count]
        return true
    }

    /// Text without its ANSI escape sequences (colours, bracketed-paste switches).
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1b}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// Everything the program wrote, carriage returns removed.
    var output: String {
        String(decoding: bytes.filter { $0 != 13 }, as: UTF8.self)
    }
}

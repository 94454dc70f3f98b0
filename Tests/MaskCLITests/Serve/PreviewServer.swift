import Foundation
import XCTest

/// A running `mask serve`, started on a free port (`--port 0`) in a test's folder: it
/// reads the `serving http://HOST:PORT/` line for the port, and stops the server with a
/// signal, reporting its exit status and standard error.
final class PreviewServer {
    /// The port the server printed.
    let port: Int
    private let process: Process
    private let errorFile: URL
    private var stdout: FileHandle

    /// Starts `mask serve SCRIPT --port 0 EXTRA...` in `directory` and waits for its address.
    init(script: String, in directory: URL, extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let binary = try XCTUnwrap(MaskProcess.binary, "cannot find the built mask binary", file: file, line: line)
        process = Process()
        process.executableURL = binary
        process.arguments = ["serve", script, "--port", "0"] + extra
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("mask-serve-\(UUID().uuidString).err")
        try Data().write(to: errorFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        stdout = pipe.fileHandleForReading
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while !text.contains("\n"), Date() < deadline {
            var poller = pollfd(fd: stdout.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let chunk = stdout.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let pattern = try NSRegularExpression(pattern: "^serving http://127\\.0\\.0\\.1:([0-9]+)/\n")
        let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        guard let match, let range = Range(match.range(at: 1), in: text), let port = Int(text[range]) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorFile)
            throw NotServing(stdout: text, stderr: errors)
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// `127.0.0.1:PORT`, the Host a request should name.
    var host: String { "127.0.0.1:\(port)" }

    /// True while the server runs.
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` and waits up to 20 s for the server to end; its exit status (nil if
    /// it did not end) and what it wrote to standard error.
    func stop(with signal: Int32 = SIGTERM) -> (status: Int32?, stderr: String) {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let status: Int32? = process.isRunning ? nil : process.terminationStatus
        return (status, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }
}

/// `mask serve` ended or stayed silent instead of printing its address.
struct NotServing: Error, CustomStringConvertible {
    let stdout: String, stderr: String
    var description: String { "mask serve printed no serving line; stdout: \(stdout.debugDescription), stderr: \(stderr)" }
}

import Foundation
import XCTest

/// What one run of the `mask` binary did.
struct MaskRun {
    /// The exit status (for a process killed by a signal, the signal number plus 1000, so
    /// it can never pass for a real status).
    let status: Int32
    /// Everything it wrote to standard output.
    let stdout: String
    /// Everything it wrote to standard error.
    let stderr: String
}

/// Runs the built `mask` executable the way a user would, from a chosen directory.
///
/// Output goes to files rather than pipes, so a chatty process can never block on a full
/// pipe while the test waits for it.
enum MaskProcess {
    /// How long one run may take before the test fails and the process is killed.
    static let timeout: TimeInterval = 120

    /// The `mask` binary: `MASK_BINARY` if set, else the one built beside this test bundle
    /// (`.build/debug/mask`, or wherever `--scratch-path` put the build).
    static let binary: URL? = {
        if let path = ProcessInfo.processInfo.environment["MASK_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let starts = [Bundle.main.bundleURL, Bundle(for: MaskCLITestCase.self).bundleURL,
                      URL(fileURLWithPath: CommandLine.arguments.first ?? "")]
        for start in starts {
            // The bundle is a file or folder inside the build products directory; look in
            // its folder and a few above it.
            var directory = start
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("mask")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }()

    /// Runs `mask` with `arguments` in `directory`.
    /// - Parameters:
    ///   - environment: variables to set, or to remove with a nil value; `NO_COLOR` is set
    ///     unless removed here, so output is plain.
    ///   - input: what standard input reads (nothing when nil).
    ///   - stderrIsTerminal: connect standard error to a pseudo-terminal, as when a user
    ///     runs `mask` in a terminal window, and capture what is written there.
    ///   - whileRunning: called once the process has started, with the process, to
    ///     signal it.
    ///   - executable: a program to run instead of `mask` (a shell that sets a limit and
    ///     then runs `mask`, for example).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String?] = [:],
                    input: String? = nil, stderrIsTerminal: Bool = false, whileRunning: ((Process) -> Void)? = nil,
                    executable: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> MaskRun {
        let binary = try XCTUnwrap(binary, "cannot find the built mask binary; set MASK_BINARY", file: file, line: line)
        let outputs = FileManager.default.temporaryDirectory
            .appendingPathComponent("mask-cli-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let stdoutURL = outputs.appendingPathComponent("stdout"), stderrURL = outputs.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL), stderr = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = FileHandle.nullDevice
        if let input {
            let inputURL = outputs.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        }
        process.standardOutput = stdout
        process.standardError = stderr
        let terminal = stderrIsTerminal ? try PseudoTerminal() : nil
        if let terminal { process.standardError = terminal.childHandle }
        try process.run()
        terminal?.startReading()
        whileRunning?(process)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("mask \(arguments.joined(separator: " ")) took longer than \(timeout) s", file: file, line: line)
        }
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        let status = process.terminationReason == .exit ? process.terminationStatus : 1000 + process.terminationStatus
        let errorText = try terminal?.finish() ?? String(decoding: Data(contentsOf: stderrURL), as: UTF8.self)
        return MaskRun(status: status,
                       stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
                       stderr: errorText)
    }
}

extension MaskProcess {
    /// Starts `mask` with `arguments` and `environment` added to the test's own, its
    /// standard streams on /dev/null, and returns its process id, for a test that waits
    /// for it itself (`waitpid` to see it stop, `wait4` for its resource use).
    static func spawn(_ arguments: [String], environment: [String: String] = [:]) throws -> pid_t {
        let binary = try XCTUnwrap(binary, "cannot find the built mask binary; set MASK_BINARY")
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, binary.path, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(reason: String(cString: strerror(result))) }
        return pid
    }

    /// `posix_spawn` refused to start `mask`.
    struct SpawnFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot start mask: \(reason)" }
    }
}

import Foundation

/// Reads a script file with POSIX calls, so a failure carries the system's own reason.
enum ScriptFile {
    /// The largest script read: 16 MiB, far beyond any hand-written scene, small enough
    /// that a mistaken path to a video file fails at once instead of being parsed.
    static let maxSize = 16 << 20

    /// The bytes of the file at `path`.
    /// - Throws: `CommandFailure.input` with `cannot read 'PATH': REASON`.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        func failure(_ reason: String) -> CommandFailure { .input("cannot read '\(path)': \(reason)") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(systemReason()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure("Is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(systemReason())
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= maxSize else { throw failure("the file is larger than \(maxSize >> 20) MiB") }
            bytes += chunk[..<n]
        }
    }

    /// The folder that relative paths inside the script at `path` start from, absolute.
    static func folder(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).deletingLastPathComponent
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

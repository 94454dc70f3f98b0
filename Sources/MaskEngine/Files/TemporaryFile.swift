#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files that make every write atomic: a new file beside the destination
/// (`.NAME.tmp-PID-RANDOM`, in the same folder so that `rename(2)` can move it into
/// place), created exclusively so that an existing file or link is never followed.
public enum TemporaryFile {
    /// Creates a temporary file beside `path`, open for writing.
    /// - Returns: its path and file descriptor.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason.
    public static func create(besides path: String) throws -> (path: String, fd: Int32) {
        try checkReplaceable(path)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw ImageError.unwritable(path: path, reason: "the path names a directory") }
        for _ in 0..<8 {
            let temporary = "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (temporary, fd) }
            if errno != EEXIST { break }
        }
        throw ImageError.unwritable(path: path, reason: String(cString: strerror(errno)))
    }

    /// Replaces the contents of the file at `path` atomically, keeping its permissions: the
    /// bytes go to a temporary file beside it, which is then renamed over it, so a failure
    /// at any point leaves the old file as it was.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason.
    public static func replace(_ path: String, with bytes: [UInt8]) throws {
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let (temporary, fd) = try create(besides: path)
        func fail() -> ImageError {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return ImageError.unwritable(path: path, reason: reason)
        }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail()
            }
            done += n
        }
        guard fchmod(fd, mode) == 0 else { throw fail() }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImageError.unwritable(path: path, reason: reason)
        }
        try rename(temporary, over: path)
    }

    /// Renames a finished temporary file over `path`; on failure the temporary is removed.
    /// - Throws: `ImageError.unwritable` naming `path`: the system's reason, or what
    ///   `path` is when it is not a regular file (`checkReplaceable`).
    public static func rename(_ temporary: String, over path: String) throws {
        do { try checkReplaceable(path) } catch {
            unlink(temporary)
            throw error
        }
        guard Glibc.rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImageError.unwritable(path: path, reason: reason)
        }
    }

    /// Refuses an output path that holds something other than a regular file or a link:
    /// renaming over a named pipe, a device or a socket would destroy it (as root, `-o
    /// /dev/null` would replace the system's own), and writing through one would block
    /// on a pipe no one reads or pour frames into a terminal. A link is replaced, never
    /// followed, so what it names is untouched either way.
    /// - Throws: `ImageError.unwritable` naming `path` and what it is.
    public static func checkReplaceable(_ path: String) throws {
        guard !path.utf8.contains(0) else {
            throw ImageError.unwritable(path: path, reason: "the path contains a NUL character")
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK,
              let kind = RegularFile.nonRegularKind(info.st_mode) else { return }
        throw ImageError.unwritable(path: path, reason: "it is \(kind), not a regular file; outputs replace only regular files")
    }
}

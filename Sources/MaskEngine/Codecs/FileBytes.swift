#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic whole-file writes through POSIX calls, so errors carry
/// the system's own reason (`strerror`) and a failed write never damages the destination.
enum FileBytes {
    /// The largest file read into memory: a 64-Mpixel 16-bit PPM (384 MiB) fits with room.
    static let maxReadSize = 1 << 30

    /// The bytes of a regular file (`RegularFile.read`: a FIFO or device is refused, not waited on).
    /// - Throws: `ImageError.unreadable` naming the path and the system's reason.
    static func read(path: String) throws -> [UInt8] {
        do {
            return try RegularFile.read(path, maxSize: maxReadSize).bytes
        } catch {
            throw ImageError.unreadable(path: path, reason: error.reason)
        }
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the same
    /// directory (`.NAME.tmp-PID-RANDOM`), then `rename(2)` over the destination.
    ///
    /// An interrupted or failed write leaves the destination as it was (absent or old);
    /// the temporary is removed on every failure we can see. The data is not `fsync`ed:
    /// the guarantee covers crashes and signals of this process, not power loss.
    /// - Throws: `ImageError.unwritable` naming the path and the system's reason.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        try commit(try writeTemporary(bytes, for: path), to: path)
    }

    /// The first half of `writeAtomically`: writes `bytes` to a new temporary file beside
    /// `path` and returns its name, for `commit` or `discard`. Threads writing frames in
    /// parallel write their bytes at once and rename in turn. `prepare` is handed the new,
    /// empty file's descriptor and the count of bytes about to be written, before they are.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason; the
    ///   temporary is removed then.
    static func writeTemporary(_ bytes: [UInt8], for path: String,
                               preparing prepare: (_ descriptor: Int32, _ byteCount: Int) -> Void = { _, _ in }) throws -> String {
        try writeTemporary(byteCount: bytes.count, for: path, preparing: prepare) { put in
            try bytes.withUnsafeBytes { try put($0) }
        }
    }

    /// Writes a new temporary file beside `path` as `writeTemporary(_:for:preparing:)`
    /// does, from pieces: `body` hands `put` the file's bytes in order, `byteCount` of them
    /// in all, so a caller can make them a part at a time in one buffer instead of
    /// holding the whole file in memory.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason, or what
    ///   `body` throws; the temporary is removed then.
    static func writeTemporary(byteCount: Int, for path: String,
                               preparing prepare: (_ descriptor: Int32, _ byteCount: Int) -> Void,
                               writing body: (_ put: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> String {
        func failure(_ reason: String) -> ImageError { .unwritable(path: path, reason: reason) }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw failure("the path names a directory") }
        try TemporaryFile.checkReplaceable(path)

        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<8 where fd < 0 {
            temporary = "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure(systemReason()) }

        prepare(fd, byteCount)
        do {
            try body { piece in
                var done = 0
                while done < piece.count {
                    let n = write(fd, piece.baseAddress.map { $0 + done }, piece.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure(systemReason())
                    }
                    done += n
                }
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = systemReason()
            unlink(temporary)
            throw failure(reason)
        }
        return temporary
    }

    /// The second half of `writeAtomically`: renames a file from `writeTemporary` over `path`.
    /// - Throws: `ImageError.unwritable` naming `path` and the system's reason; the
    ///   temporary is removed then.
    static func commit(_ temporary: String, to path: String) throws {
        try TemporaryFile.rename(temporary, over: path)
    }

    /// Removes a file from `writeTemporary` that is not to be committed.
    static func discard(_ temporary: String) {
        unlink(temporary)
    }

    /// The message for the current `errno`.
    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

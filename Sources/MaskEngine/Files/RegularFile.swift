#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads input files (scripts, images, fonts, imports) by the one rule every reader of
/// the project follows.
///
/// The file is opened with `O_NONBLOCK` and checked with `fstat` before a byte is read, so
/// a named pipe, a device or a directory is refused at once, naming what it is, instead of
/// blocking the process forever (opening a FIFO for reading blocks until a writer comes;
/// reading a terminal blocks until a line is typed). Only regular files are read, whole,
/// up to a size the caller chooses; a failure carries the system's own reason.
public enum RegularFile {
    /// Which file a path leads to, whatever its spelling: `a/./b.png`, `a//b.png` and a
    /// symbolic link to it are one file. Caches key on this, not on the path's text.
    public struct Identity: Hashable, Sendable {
        /// The device holding the file.
        public let device: UInt64
        /// The file's inode on that device.
        public let inode: UInt64
    }

    /// A file read whole, with the identity of the file it came from.
    public struct Contents: Sendable {
        /// The bytes of the file.
        public let bytes: [UInt8]
        /// The file they were read from.
        public let identity: Identity
    }

    /// Reads the regular file at `path`, whole.
    /// - Parameter maxSize: the largest file accepted, in bytes.
    /// - Throws: `RegularFileError` naming the path and why it cannot be read: a system
    ///   error (missing, no permission), a NUL inside the path, not a regular file (which
    ///   kind it is), or larger than `maxSize`.
    public static func read(_ path: String, maxSize: Int) throws(RegularFileError) -> Contents {
        func failure(_ reason: String) -> RegularFileError { RegularFileError(path: path, reason: reason) }
        let (fd, size, identity) = try openRegular(path, maxSize: maxSize)
        defer { close(fd) }

        // First into room for one byte past the size fstat gave, left unwritten until read,
        // so that the end of a file that did not change is seen without growing the array:
        // zeroing it first and then growing it to find the end made a 750 KB font cost
        // three times its pages in faults. A file that grew since is then read as far as
        // the limit allows, and one that shrank ends early.
        let room = size < maxSize ? size + 1 : size
        var readError: RegularFileError?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            let filled = fill(fd, base, room: buffer.count)
            count = filled.count
            ended = filled.ended
            readError = filled.failure.map(failure)
        }
        if let readError { throw readError }
        var done = bytes.count
        while !ended {
            if done == bytes.count {
                guard bytes.count < maxSize else {
                    var probe: UInt8 = 0
                    if readBytes(fd, &probe, 1) > 0 {
                        throw failure("the file is larger than \(sizeDescription(maxSize))")
                    }
                    break
                }
                bytes.append(contentsOf: repeatElement(0, count: min(64 << 10, maxSize - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                readBytes(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(systemReason())
            }
            ended = n == 0
            done += n
        }
        if done < bytes.count { bytes.removeSubrange(done...) }
        return Contents(bytes: bytes, identity: identity)
    }

    /// Reads the regular file at `path` whole, as `read(_:maxSize:)` does, into memory
    /// of its own that the caller frees (`deallocate()`): for a library that reads the
    /// bytes in place for as long as it keeps them (FreeType and HarfBuzz a font's), without
    /// a second copy of the file. Holds exactly the file's bytes; at least one byte is
    /// allocated even for an empty file.
    /// - Throws: as `read(_:maxSize:)`; nothing is left allocated then.
    public static func readAllocated(_ path: String, maxSize: Int) throws(RegularFileError) -> UnsafeMutableBufferPointer<UInt8> {
        func failure(_ reason: String) -> RegularFileError { RegularFileError(path: path, reason: reason) }
        let (fd, size, _) = try openRegular(path, maxSize: maxSize)
        defer { close(fd) }
        // Room for one byte past the size fstat gave, as `read` makes: a file that did not
        // change ends before it.
        let room = size < maxSize ? size + 1 : size
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(room, 1))
        if let base = storage.baseAddress {
            let filled = fill(fd, base, room: room)
            if let reason = filled.failure {
                storage.deallocate()
                throw failure(reason)
            }
            if filled.ended { return UnsafeMutableBufferPointer(rebasing: storage[..<filled.count]) }
        }
        // The file grew since fstat (or is exactly `maxSize`): read as `read` does, which
        // follows it as far as the limit allows.
        storage.deallocate()
        let bytes = try read(path, maxSize: maxSize).bytes
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        return UnsafeMutableBufferPointer(rebasing: copy[..<bytes.count])
    }

    /// Reads `fd` into the `room` bytes at `base` until they are full or the file ends
    /// (a read interrupted by a signal is tried again): how many bytes were read, whether
    /// the end was seen, and the system's reason when a read failed.
    private static func fill(_ fd: Int32, _ base: UnsafeMutablePointer<UInt8>, room: Int) -> (count: Int, ended: Bool, failure: String?) {
        var count = 0
        while count < room {
            let n = readBytes(fd, base + count, room - count)
            if n < 0 {
                if errno == EINTR { continue }
                return (count, false, systemReason())
            }
            if n == 0 { return (count, true, nil) }
            count += n
        }
        return (count, false, nil)
    }

    /// Opens `path` for reading without blocking and checks it is a regular file no larger
    /// than `maxSize`: the descriptor (the caller closes it), the size fstat gave and the
    /// file's identity.
    private static func openRegular(_ path: String, maxSize: Int) throws(RegularFileError) -> (fd: Int32, size: Int, identity: Identity) {
        func failure(_ reason: String) -> RegularFileError { RegularFileError(path: path, reason: reason) }
        // The system would read the path only up to the NUL: another file than the one named.
        guard !path.utf8.contains(0) else { throw failure("the path contains a NUL character") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(systemReason()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = systemReason()
            close(fd)
            throw failure(reason)
        }
        if let kind = nonRegularKind(info.st_mode) {
            close(fd)
            throw failure("it is \(kind), not a regular file")
        }
        let size = Int(clamping: info.st_size)
        guard size <= maxSize else {
            close(fd)
            throw failure("the file is larger than \(sizeDescription(maxSize))")
        }
        return (fd, size, Identity(device: UInt64(truncatingIfNeeded: info.st_dev),
                                   inode: UInt64(truncatingIfNeeded: info.st_ino)))
    }

    /// The identity of the file at `path` (following links), or nil when it cannot be
    /// examined.
    public static func identity(of path: String) -> Identity? {
        guard !path.utf8.contains(0) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(truncatingIfNeeded: info.st_dev),
                        inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// What a file of this mode is, in words, when it is not a regular file.
    public static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// `1 GiB`, `16 MiB`, `512 bytes`.
    static func sizeDescription(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Why an input file could not be read.
public struct RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as it was given.
    public let path: String
    /// Why: the system's reason, or what kind of file it is, or that it is too large.
    public let reason: String

    /// An error about the file at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot read 'PATH': REASON`.
    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// `read(2)`, reachable under a name that `RegularFile.read` does not shadow.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

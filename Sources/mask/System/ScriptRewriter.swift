import Foundation
import MaskEngine

/// Writes a script back in place (`mask fmt -w`) the way gofmt does: through a symbolic
/// link to the file it names, keeping the file's owner, group and mode, and never
/// touching a file its user cannot (or chose not to) write.
///
/// The new text goes to a temporary file beside the target, which gets the target's mode
/// and owner and is then renamed over it, so a failure leaves the old text whole. When
/// the owner cannot be kept that way (a group-writable file of another user, edited by
/// someone who is not root), the file is rewritten in place instead, which keeps it.
///
/// The temporary is named as a render's are (`.NAME.tmp-PID-RANDOM`, `TemporaryFile`):
/// one that a killed `fmt -w` left is removed by the next `fmt -w` of the same script,
/// once the process that made it no longer exists (`AbandonedTemporaries`).
enum ScriptRewriter {
    /// Why a script could not be rewritten: `cannot write script 'PATH': REASON`.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write script '\(path)': \(reason)" }
    }

    /// Replaces the contents of the script at `path` (or of the file its links lead to).
    /// - Throws: `Failure` for a read-only file, a missing one, or a system error.
    static func rewrite(_ path: String, with bytes: [UInt8]) throws(Failure) {
        func failure(_ reason: String) -> Failure { Failure(path: path, reason: reason) }
        guard let resolved = realpath(path, nil) else { throw failure(systemReason()) }
        let target = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure(systemReason()) }
        if let kind = RegularFile.nonRegularKind(info.st_mode) { throw failure("it is \(kind), not a regular file") }
        let mode = info.st_mode & 0o7777
        // Root may write anything; a file with no write bit at all is still read-only by choice.
        guard mode & 0o222 != 0 else { throw failure("it is read-only (mode \(String(mode, radix: 8)))") }
        guard access(target, W_OK) == 0 else { throw failure(systemReason()) }

        AbandonedTemporaries.remove(besides: target)
        let temporary: String, fd: Int32
        do { (temporary, fd) = try TemporaryFile.create(besides: target) } catch { throw failure(WriteFailure.reason(of: error)) }
        TestStop.formatTemporary.here()
        var keepsOwner = true
        if info.st_uid != geteuid() || info.st_gid != getegid() {
            keepsOwner = fchown(fd, info.st_uid, info.st_gid) == 0
        }
        guard keepsOwner else {
            close(fd)
            unlink(temporary)
            return try overwrite(target, with: bytes, failure: failure)
        }
        if let reason = write(bytes, to: fd) ?? (fchmod(fd, mode) == 0 ? nil : systemReason()) {
            close(fd)
            unlink(temporary)
            throw failure(reason)
        }
        guard close(fd) == 0, rename(temporary, target) == 0 else {
            let reason = systemReason()
            unlink(temporary)
            throw failure(reason)
        }
    }

    /// Truncates and writes the file itself: it keeps its owner, group, mode and links.
    private static func overwrite(_ target: String, with bytes: [UInt8], failure: (String) -> Failure) throws(Failure) {
        let fd = open(target, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(systemReason()) }
        let reason = write(bytes, to: fd)
        guard close(fd) == 0, reason == nil else { throw failure(reason ?? systemReason()) }
    }

    /// Writes all of `bytes`; the system's reason on failure.
    private static func write(_ bytes: [UInt8], to fd: Int32) -> String? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return systemReason()
            }
            done += n
        }
        return nil
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

import Foundation
import MaskScript

/// Tells when any of a set of files changes, through Linux's inotify.
///
/// Editors save in different ways: writing in place, or writing a new file and renaming
/// it over the old one (which replaces the inode a watch on the file would hold). So the
/// watcher watches each file's folder and matches the names in its events: a write
/// finished, a file moved or created under the name, or removed.
///
/// A folder can go too (`rm -rf scenes; mkdir scenes`): its removal counts as a change,
/// and while it is missing its nearest existing ancestor is watched for the name that
/// leads back to it, so its return is seen. A folder watched again after being missing
/// counts as changed at once, since the file may have been written before the new watch.
final class FileWatcher {
    private let fd: Int32
    /// Watched folder descriptors and the names watched in each.
    private var folders: [Int32: Set<String>] = [:]
    /// The folders of watched files that did not exist at the last `watch`.
    private var missing: Set<String> = []
    /// A change known without an event: a missing folder came back.
    private var pending = false

    /// The events that mean a watched name may have new contents, or the folder went.
    private static let events: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
    /// The events about the watched folder itself, whatever the name.
    private static let folderGone: UInt32 = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// Starts an empty watcher.
    /// - Throws: `CommandFailure.input` when inotify is not available.
    init() throws(CommandFailure) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .input("cannot watch files: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Watches exactly `paths` (replacing what was watched before). A folder that cannot
    /// be watched is skipped: its files are simply not noticed.
    ///
    /// A folder watched before keeps its watch, so a change that happened since (while the
    /// script was being run, say) is still waiting to be read and is not lost.
    func watch(_ paths: [String]) {
        var byFolder: [String: Set<String>] = [:]
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : CurrentDirectory.path + "/" + path
            let url = URL(fileURLWithPath: absolute).standardizedFileURL
            byFolder[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        var watched: [Int32: Set<String>] = [:]
        var nowMissing: Set<String> = []
        for (folder, names) in byFolder {
            // A missing folder: watch the nearest ancestor there is, for the next name down.
            var target = folder, wanted = names
            // inotify gives a folder already watched its old descriptor back.
            var wd = inotify_add_watch(fd, target, FileWatcher.events)
            while wd < 0, errno == ENOENT || errno == ENOTDIR, target != "/", !target.isEmpty {
                let url = URL(fileURLWithPath: target)
                wanted = [url.lastPathComponent]
                target = url.deletingLastPathComponent().path
                wd = inotify_add_watch(fd, target, FileWatcher.events)
            }
            if wd >= 0 { watched[wd, default: []].formUnion(wanted) }
            if target != folder { nowMissing.insert(folder) } else if missing.contains(folder) { pending = true }
        }
        for wd in folders.keys where watched[wd] == nil { inotify_rm_watch(fd, wd) }
        folders = watched
        missing = nowMissing
    }

    /// Waits up to `timeout` seconds (forever when nil) for a watched file to change.
    /// Returns true when one did, false on timeout or when a signal interrupted the wait.
    /// Several events in a burst (an editor's write, rename and chmod) count as one: after
    /// the first, events that follow within 50 ms are read too.
    func waitForChange(timeout: Double?) -> Bool {
        if pending {
            pending = false
            return true
        }
        guard wait(timeout) else { return false }
        var changed = drain()
        while wait(0.05) { changed = drain() || changed }
        return changed
    }

    /// True when the descriptor has events before `timeout`.
    private func wait(_ timeout: Double?) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(clamping: Int(($0 * 1000).rounded(.up))) } ?? -1
        return poll(&poller, 1, max(milliseconds, -1)) > 0
    }

    /// Reads every pending event; true when one names a watched file.
    private func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return changed }
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
            var offset = 0
            while offset + 16 <= n {
                func field(_ at: Int) -> UInt32 {
                    buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self) }
                }
                let wd = Int32(bitPattern: field(0)), mask = field(4), length = Int(field(12))
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, n)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let names = folders[wd], names.contains(name) || mask & FileWatcher.folderGone != 0 { changed = true }
                offset += 16 + length
            }
        }
    }
}

import Foundation
import MaskEngine

/// Reads a script file, so a failure carries the system's own reason.
enum ScriptFile {
    /// The largest script read: 16 MiB, far beyond any hand-written scene, small enough
    /// that a mistaken path to a video file fails at once instead of being parsed.
    static let maxSize = 16 << 20

    /// The bytes of the file at `path`: a regular file only (`RegularFile.read`), so a
    /// named pipe or a device is refused at once instead of blocking.
    /// - Throws: `RegularFileError`, whose description is `cannot read 'PATH': REASON`.
    static func read(_ path: String) throws(RegularFileError) -> [UInt8] {
        try RegularFile.read(path, maxSize: maxSize).bytes
    }

    /// The folder that relative paths inside the script at `path` start from, absolute.
    static func folder(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).deletingLastPathComponent
    }
}

import Foundation
import MaskEngine
import MaskScript

/// Reads a script file, so a failure carries the system's own reason.
enum ScriptFile {
    /// The bytes of the file at `path`: a regular file only (`RegularFile.read`), so a
    /// named pipe or a device is refused at once instead of blocking.
    /// - Throws: `RegularFileError`, whose description is `cannot read 'PATH': REASON`.
    static func read(_ path: String) throws(RegularFileError) -> [UInt8] {
        try RegularFile.read(path, maxSize: Script.maxFileSize).bytes
    }
}

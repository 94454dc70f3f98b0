#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's current directory, read with `getcwd(3)`: what relative script, image
/// and import paths start from, for the language and the tool alike. (`FileManager.currentDirectoryPath` answers the same,
/// through a URL, which a render's start-up spent more time building than the call.)
package enum CurrentDirectory {
    /// The current directory's absolute path; "." when it cannot be read (it was removed,
    /// or a parent is not searchable), so relative paths still resolve against it.
    package static var path: String {
        var size = 4096
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil {
                return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            guard errno == ERANGE else { break }
            size *= 2
        }
        return "."
    }
}

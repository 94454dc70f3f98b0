import Foundation

/// Output directories.
enum Directory {
    /// Creates `path` and any missing parents, like `mkdir -p`; an existing directory is
    /// fine. Uses `mkdir(2)` so a failure carries the system's own reason.
    /// - Throws: `CommandFailure.input` naming the directory and the reason.
    static func create(_ path: String) throws(CommandFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw .input("cannot create directory '\(prefix)': \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .input("cannot create directory '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .input("cannot write frames into '\(path)': it is not a directory")
        }
    }
}

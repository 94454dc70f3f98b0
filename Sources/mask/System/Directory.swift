import Foundation

/// Output directories.
enum Directory {
    /// The names of the entries of the directory `path` (not `.` and `..`), in the order
    /// the system lists them; none when it cannot be read. Read with `readdir(3)`: after a
    /// render, a fifth of the time Foundation's `contentsOfDirectory` took here.
    static func names(in path: String) -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

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

import Foundation

/// File names for `:load`'s completion.
enum FileNames {
    /// The entries of the folder `prefix` names up to its last `/` (the current folder
    /// without one) whose paths start with `prefix`, as `prefix` writes them; folders end
    /// in `/`, so Tab goes on into them. Hidden entries only when `prefix` names a dot.
    static func completions(of prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let listed = folder.isEmpty ? "." : folder
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return [] }
        return entries.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }
            .map { entry in
                var isFolder: ObjCBool = false
                let path = folder + entry
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                return exists && isFolder.boolValue ? path + "/" : path
            }
            .sorted()
    }
}

import Foundation

/// The repository's root folder (the one holding the root `Package.swift` and `Sources/`),
/// found by walking up from this file, so a test reaches README.md, Examples/ or Sources/
/// from whichever folder of `Tests/` its file sits in.
enum RepositoryRoot {
    static let url: URL = {
        let files = FileManager.default
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               files.fileExists(atPath: folder.appendingPathComponent("Sources/MaskEngine").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()
}

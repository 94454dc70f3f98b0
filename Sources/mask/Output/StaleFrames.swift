import Foundation

/// Frame files left in an output folder by an earlier, longer render: `frame_NNNNN.ppm`
/// or `.png` numbered at or past the scene's frame count, which no render of this scene
/// writes again. Only such names are ever looked at or removed.
enum StaleFrames {
    /// The stale frame files in `directory` (names only), in order.
    static func find(in directory: String, frameCount: Int) -> [String] {
        Directory.names(in: directory).filter { name in
            guard let number = frameNumber(name) else { return false }
            return number >= frameCount
        }.sorted()
    }

    /// The frame number in a frame file's name, or nil for any other name.
    static func frameNumber(_ name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".ppm") || name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5 else { return nil }
        return WholeNumber.parse(digits)
    }

    /// Removes the named files from `directory`.
    /// - Throws: `CommandFailure.input` naming the first file that could not be removed.
    static func remove(_ names: [String], from directory: String) throws(CommandFailure) {
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .input("cannot remove stale frame '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }
}

import Foundation

/// What a document URI says about where the document lives.
enum DocumentURI {
    /// The file path of a `file://` URI, percent-decoded; nil for other schemes
    /// (`untitled:` buffers), which have no folder for images and fonts.
    static func filePath(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : path
    }

    /// The `file://` URI of an absolute file path, percent-encoded.
    static func uri(ofFile path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}

// swift-tools-version:6.0
import Foundation
import PackageDescription

// The mask script package two folders up. SwiftPM names a path dependency after its
// folder, so find that name instead of assuming how the repository was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL
let rootName = root.lastPathComponent

let package = Package(
    name: "EmbeddingDemo",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(name: "EmbeddingDemo", dependencies: [
            .product(name: "MaskScript", package: rootName),
            .product(name: "MaskEngine", package: rootName),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

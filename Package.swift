// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MaskScript",
    products: [
        .library(name: "MaskEngine", targets: ["MaskEngine"]),
        .library(name: "MaskScript", targets: ["MaskScript"]),
        .executable(name: "mask", targets: ["mask"]),
    ],
    targets: [
        // System C libraries, reached through module maps (no outside packages).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),

        // The compositing engine: knows nothing of the language.
        .target(name: "MaskEngine", dependencies: ["CPNG", "CDeflate", "CFreeType"]),
        // The language: lexer, parser, evaluator, diagnostics.
        .target(name: "MaskScript", dependencies: ["MaskEngine"]),
        // The command-line tool.
        .executableTarget(name: "mask", dependencies: ["MaskScript", "MaskEngine", "CReadline"]),

        .testTarget(name: "MaskEngineTests", dependencies: ["MaskEngine"],
                    resources: [.copy("Goldens")]),
        .testTarget(name: "MaskScriptTests", dependencies: ["MaskScript", "MaskEngine"],
                    resources: [.copy("Scripts")]),
        .testTarget(name: "MaskCLITests", dependencies: []),
        // Uses only the public API (no @testable import), as an embedding app would.
        .testTarget(name: "EmbeddingTests", dependencies: ["MaskScript", "MaskEngine"]),
    ],
    swiftLanguageModes: [.v6]
)

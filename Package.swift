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
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The real stack position, which Swift cannot read without taking a local's address.
        .target(name: "CStack"),
        // RGBA to packed RGB with the CPU's byte shuffles, which Swift's SIMD types lack.
        .target(name: "CPixels"),

        // The compositing engine: knows nothing of the language.
        .target(name: "MaskEngine", dependencies: ["CPNG", "CDeflate", "CFreeType", "CZlib", "CPixels"]),
        // The language: lexer, parser, evaluator, diagnostics.
        .target(name: "MaskScript", dependencies: ["MaskEngine", "CStack"],
                // The effects library is compiled in (Library/EffectsLibrary.swift, made by
                // Library/generate.sh), so the tool needs no resource bundle beside it.
                exclude: ["Library/effects.mask", "Library/generate.sh"]),
        // The command-line tool.
        // Release builds are one static executable (the Swift runtime, Foundation and the C
        // libraries inside, linked by the toolchain's lld): the dynamic loader's symbol
        // look-ups and relocations were most of a short command's start-up, 2.7 ms of
        // `mask --version` against 0.7 now. brotli and tinfo are what the static FreeType
        // and readline need beside them.
        .executableTarget(name: "mask", dependencies: ["MaskScript", "MaskEngine", "CReadline"],
                          swiftSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))],
                          linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld", "-lbrotlidec", "-lbrotlicommon", "-ltinfo"], .when(configuration: .release))]),

        // The in-memory render benchmark (Benchmarks/memory.py): frames rendered through the
        // public API into reused buffers, as an embedding app renders them.
        .executableTarget(name: "MaskBench", dependencies: ["MaskScript", "MaskEngine"], path: "Benchmarks/MaskBench"),

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

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
        // The text stack Pango uses: shaping, bidi, font lookup and fallback.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBiDi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The real stack position, which Swift cannot read without taking a local's address.
        .target(name: "CStack"),
        // Pixel loops in C, for the CPU's byte shuffles and wide vectors, which Swift's SIMD
        // types lack: RGBA to packed RGB, and the compositor's hottest rows (AVX-512 / AVX2
        // chosen at run time, portable C elsewhere).
        .target(name: "CPixels"),

        // The compositing engine: knows nothing of the language.
        .target(name: "MaskEngine", dependencies: ["CPNG", "CDeflate", "CFreeType", "CHarfBuzz", "CFriBiDi", "CFontconfig", "CZlib", "CPixels"]),
        // The language: lexer, parser, evaluator, diagnostics.
        .target(name: "MaskScript", dependencies: ["MaskEngine", "CStack"],
                // The effects library is compiled in (Library/EffectsLibrary.swift, made by
                // Library/generate.sh), so the tool needs no resource bundle beside it.
                exclude: ["Library/effects.mask", "Library/generate.sh"]),
        // The command-line tool.
        // Release builds link the Swift runtime and Foundation statically (`-static-stdlib`)
        // and the C libraries dynamically. They were one static executable (2.7 ms of
        // `mask --version` against 0.7), but Debian ships HarfBuzz (and graphite2, which it
        // needs) only as shared libraries, so a static executable cannot have text shaping;
        // `mask --version` now takes about 5 ms of CPU, most of it the loader mapping the
        // text stack's libraries.
        .executableTarget(name: "mask", dependencies: ["MaskScript", "MaskEngine", "CReadline"],
                          swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(configuration: .release))]),

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

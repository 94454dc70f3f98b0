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
        // Linked by the targets that use them (`staticInRelease`), not by their module maps.
        .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        // The text stack Pango uses: shaping, bidi, font lookup and fallback.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBiDi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The real stack position, which Swift cannot read without taking a local's address.
        .target(name: "CStack"),
        // Pixel loops in C, for the CPU's byte shuffles and wide vectors, which Swift's SIMD
        // types lack: RGBA to packed RGB, and the compositor's hottest rows (AVX-512 / AVX2
        // chosen at run time, portable C elsewhere).
        .target(name: "CPixels"),
        // The tool's reservation of a frame file's blocks (`fallocate`, which Swift's Glibc
        // module does not export): see `Sources/mask/Output/FrameFileSpace.swift`.
        .target(name: "CFileSpace"),

        // The compositing engine: knows nothing of the language.
        .target(name: "MaskEngine", dependencies: ["CPNG", "CDeflate", "CFreeType", "CHarfBuzz", "CFriBiDi", "CFontconfig", "CZlib", "CPixels"],
                linkerSettings: staticInRelease(["fontconfig", "fribidi", "deflate"], archivesAlso: ["expat"])),
        // The language: lexer, parser, evaluator, diagnostics.
        .target(name: "MaskScript", dependencies: ["MaskEngine", "CStack"],
                // The effects library is compiled in (Library/EffectsLibrary.swift, made by
                // Library/generate.sh), so the tool needs no resource bundle beside it.
                exclude: ["Library/effects.mask", "Library/generate.sh"]),
        // The command-line tool.
        // Release builds link the Swift runtime and Foundation statically (`-static-stdlib`),
        // the C libraries Debian ships as archives (`staticInRelease`) statically, and
        // HarfBuzz with what it needs (graphite2, GLib, FreeType, libpng, zlib, brotli)
        // dynamically: Debian has no static HarfBuzz. The executable stays position
        // independent, so its address is randomised (`mask serve` reads requests from the
        // network): linked at a fixed address (`-no-pie`) it would start with about 200
        // fewer page faults (its 81,000 relative relocations), not worth that. The C++
        // runtime is linked statically too (`Link/libstdc++.so`), and the executable's own
        // symbols are not exported: the dynamic loader then binds only what HarfBuzz needs.
        .executableTarget(name: "mask", dependencies: ["MaskScript", "MaskEngine", "CReadline", "CFileSpace"],
                          swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                          linkerSettings: staticInRelease(["readline"], archivesAlso: ["tinfo"]) + [
                              .unsafeFlags(["-static-stdlib", "-use-ld=lld", "-L\(Context.packageDirectory)/Link",
                                            "-Xlinker", "--no-export-dynamic"], .when(configuration: .release)),
                          ]),

        // The in-memory render benchmark (Benchmarks/memory.py): frames rendered through the
        // public API into reused buffers, as an embedding app renders them.
        .executableTarget(name: "MaskBench", dependencies: ["MaskScript", "MaskEngine"], path: "Benchmarks/MaskBench"),

        .testTarget(name: "MaskEngineTests", dependencies: ["MaskEngine"],
                    resources: [.copy("Goldens")]),
        .testTarget(name: "MaskScriptTests", dependencies: ["MaskScript", "MaskEngine"],
                    resources: [.copy("Scripts")]),
        .testTarget(name: "MaskCLITests", dependencies: []),
        // Unit tests of the tool's own parts that have no command of their own to run them
        // through byte by byte (the HTTP request parser of `mask serve`): `@testable import mask`.
        // MaskScript's seeded RandomGenerator makes their random inputs.
        .testTarget(name: "MaskToolTests", dependencies: ["mask", "MaskScript"]),
        // How `MaskBench render` shares a pass's frames among its threads: `@testable import MaskBench`.
        .testTarget(name: "MaskBenchTests", dependencies: ["MaskBench", "MaskScript"]),
        // Uses only the public API (no @testable import), as an embedding app would.
        .testTarget(name: "EmbeddingTests", dependencies: ["MaskScript", "MaskEngine"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Links C libraries statically in release builds (`-l:libNAME.a`) and dynamically in
/// debug builds and tests. Only for libraries Debian's -dev packages ship as archives. An
/// archive brings none of the libraries it needs, so those are `archivesAlso` (fontconfig's
/// expat, readline's tinfo), which the shared libraries bring themselves.
func staticInRelease(_ names: [String], archivesAlso dependencies: [String] = []) -> [LinkerSetting] {
    (names + dependencies).map { LinkerSetting.linkedLibrary(":lib\($0).a", .when(configuration: .release)) }
        + names.map { LinkerSetting.linkedLibrary($0, .when(configuration: .debug)) }
}

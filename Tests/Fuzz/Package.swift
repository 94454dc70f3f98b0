// swift-tools-version:6.0
// libFuzzer targets for mask script, apart from the main package so that `swift build`
// and `swift test` at the top never build them. Build and run with `run.sh`.
import PackageDescription

let package = Package(
    name: "MaskFuzz",
    dependencies: [.package(name: "MaskScript", path: "../..")],
    targets: [
        // The whole pipeline: parse, resolve, run with small limits, render frames.
        .executableTarget(name: "FuzzPipeline", dependencies: [
            .product(name: "MaskScript", package: "MaskScript"),
            .product(name: "MaskEngine", package: "MaskScript"),
        ]),
        // The PNG and PPM readers.
        .executableTarget(name: "FuzzImages", dependencies: [
            .product(name: "MaskEngine", package: "MaskScript"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

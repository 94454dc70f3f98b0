import CPixels

/// Which of the C pixel loops (`Sources/CPixels`) this CPU runs, for the compositor's
/// hottest rows: the same bytes as the Swift loops beside them, with vectors twice as
/// wide as the default x86-64 target gives Swift (AVX2, chosen at run time).
enum PixelKernels {
    /// True where `mask_masked_row` and `mask_masked_row_opacity` run AVX2 (the fast
    /// paths of `DrawPipeline`'s `row` and `rowThenConstant` pieces).
    static let available = mask_has_masked_row() != 0

    /// For tests: set to run the Swift loops of those fast paths only, to compare them
    /// with the kernels on a CPU that has both.
    nonisolated(unsafe) static var swiftOnly = false

    /// True when the `row` pieces run the C loops.
    static var maskedRow: Bool { available && !swiftOnly }
}

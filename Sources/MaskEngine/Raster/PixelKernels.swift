import CPixels

/// The levels of the C pixel kernels (`Sources/CPixels`, include/Kernels.h) that run the
/// fast paths' rows: portable C everywhere, AVX2 and AVX-512 on x86-64, the best the CPU has
/// chosen once when the library loads. Every level gives the same bytes.
enum PixelKernels {
    /// The best level this CPU runs.
    static let best = Int(mask_best_pixel_level())

    /// For tests: the level the kernels run (set to compare the levels); setting a level
    /// this CPU lacks sets its best one. Not to be set while another thread renders.
    static var level: Int {
        get { Int(mask_pixel_level()) }
        set { _ = mask_set_pixel_level(Int32(clamping: newValue)) }
    }
}

import CFileSpace

/// The tool's one piece of OS tuning: each frame file's blocks are reserved before its
/// bytes are written (`fallocate`), so the file system (ext4 here) allocates the file's
/// extent at once instead of page by page as the bytes arrive.
///
/// Measured (Benchmarks/README.md, round 13, `ppmwhole`): the whole `mask render` of the
/// reference scenes to PPM files, frames 0–59, CPU ms best of 15 in turn, without → with,
/// jobs 1: tile fade 84.8 → 76.5 (−10 %), text shimmer 80.7 → 66.3 (−18 %), circle reveal
/// 72.9 → 59.4 (−19 %), heavy 122.7 → 119.8 (−2 %); jobs 2: 94.5 → 79.6, 78.3 → 69.5,
/// 86.4 → 73.3, 124.2 → 120.2. The engine takes no such action itself
/// (`EncodedImage.stage(toFile:preparing:)` only hands the tool the new file).
enum FrameFileSpace {
    /// Reserves `byteCount` bytes of the new, empty file `descriptor`. A refusal (a file
    /// system that cannot reserve, no space) is let pass: the write that follows reports
    /// what is wrong as it would have without the reservation.
    static func reserve(_ descriptor: Int32, _ byteCount: Int) {
        _ = mask_reserve_file_space(descriptor, Int64(byteCount))
    }
}

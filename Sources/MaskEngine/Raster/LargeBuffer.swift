#if canImport(Glibc)
import Glibc
#endif

/// Frame-size arrays (frames, masks, the rasterizer's cells, decoded images, encoded
/// files) whose memory the kernel may back with 2 MiB pages.
///
/// Why: a render's first frame touches tens of megabytes of fresh memory, and on Linux
/// each 4 KiB page costs a fault with its accounting (and its freeing at exit); measured
/// here, that was most of a one-frame render's time. With `MADV_HUGEPAGE` one fault maps
/// 2 MiB. The capacity is rounded so that malloc maps a whole number of 2 MiB pages (the
/// kernel then aligns the mapping to them); the bytes themselves are as they would be
/// without the advice, and a kernel that ignores it changes nothing but the speed.
enum LargeBuffer {
    /// The size of a huge page on x86-64 and arm64 Linux.
    static let hugePage = 2 << 20
    /// Arrays smaller than this are made plainly.
    static let threshold = 1 << 20

    /// `count` elements, all `value`, in memory advised for huge pages when large.
    static func array<T>(count: Int, repeating value: T) -> [T] {
        make(count: count) { buffer in buffer.initialize(repeating: value) }
    }

    /// `count` bytes of any value, for a caller that writes every one before reading it.
    static func uninitializedBytes(count: Int) -> [UInt8] {
        make(count: count) { _ in }
    }

    /// `count` elements made by `fill` (which must initialize all of them, or leave
    /// trivial bytes as they are), in memory advised for huge pages when large.
    private static func make<T>(count: Int, _ fill: (UnsafeMutableBufferPointer<T>) -> Void) -> [T] {
        let stride = MemoryLayout<T>.stride
        let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow, bytes >= threshold, bytes <= Int.max - 2 * hugePage else {
            return [T](unsafeUninitializedCapacity: count) { buffer, made in
                fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
                made = count
            }
        }
        // Whole huge pages with room for malloc's and the array's headers.
        let capacity = ((bytes + 64 + hugePage - 1) / hugePage * hugePage - 64) / stride
        return [T](unsafeUninitializedCapacity: max(capacity, count)) { buffer, made in
            if let base = buffer.baseAddress {
                advise(UnsafeMutableRawPointer(base), byteCount: buffer.count * stride)
            }
            fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            made = count
        }
    }

    /// Asks for huge pages over the pages of a region (before they are touched), up to the
    /// end of its last page: that is the end of malloc's mapping, so the last 2 MiB of it
    /// qualify. (The first 2 MiB do not: malloc's and the array's headers are already
    /// written there, and the kernel maps a huge page only where no small one is.)
    private static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        let page = UInt(4096)
        let first = UInt(bitPattern: start) & ~(page - 1)
        let end = (UInt(bitPattern: start) &+ UInt(byteCount) &+ (page - 1)) & ~(page - 1)
        guard end > first, let region = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // Advice only: a failure (an old kernel, huge pages disabled) leaves normal pages.
        _ = madvise(region, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}

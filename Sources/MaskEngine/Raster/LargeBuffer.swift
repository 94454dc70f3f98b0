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

    /// `count` elements, all `value`, with room for at least `capacity` (more when large,
    /// to fill whole huge pages), in memory advised for huge pages when large. Only the
    /// `count` elements are written: the rest of the capacity is not touched, so it costs
    /// address space until the array grows into it.
    static func array<T>(count: Int, capacity: Int = 0, repeating value: T) -> [T] {
        make(count: count, capacity: capacity) { buffer in buffer.initialize(repeating: value) }
    }

    /// `count` bytes of any value, for a caller that writes every one before reading it,
    /// with room for at least `capacity`.
    static func uninitializedBytes(count: Int, capacity: Int = 0) -> [UInt8] {
        make(count: count, capacity: capacity) { _ in }
    }

    /// `count` elements made by `fill` (which must initialize all of them, or leave
    /// trivial bytes as they are), in memory advised for huge pages when large.
    private static func make<T>(count: Int, capacity asked: Int,
                                _ fill: (UnsafeMutableBufferPointer<T>) -> Void) -> [T] {
        let stride = MemoryLayout<T>.stride
        let room = max(count, asked)
        let (bytes, overflow) = room.multipliedReportingOverflow(by: stride)
        guard !overflow, bytes >= threshold, bytes <= Int.max - 2 * hugePage else {
            return [T](unsafeUninitializedCapacity: room) { buffer, made in
                fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
                made = count
            }
        }
        // Whole huge pages with room for malloc's and the array's headers.
        let capacity = ((bytes + 64 + hugePage - 1) / hugePage * hugePage - 64) / stride
        return [T](unsafeUninitializedCapacity: max(capacity, room)) { buffer, made in
            if let base = buffer.baseAddress {
                advise(UnsafeMutableRawPointer(base), byteCount: buffer.count * stride,
                       touched: count &* stride)
            }
            fill(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            made = count
        }
    }

    /// Asks for huge pages over the pages of a region (before they are touched), up to the
    /// end of its last page: that is the end of malloc's mapping, so the last 2 MiB of it
    /// qualify. The first 2 MiB would not by faulting alone: malloc's and the array's
    /// headers are already written there, and the kernel maps a huge page on a fault only
    /// where no small one is. So that block is collapsed into a huge page now, in one call
    /// (the kernel copies the header's page into it), instead of 511 faults later: measured
    /// here, 4 MiB were touched in 0.22 ms instead of 0.74.
    /// `touched` is how many bytes from the start are about to be written: the first block
    /// is collapsed only when they are at least half of it, so that a small array in a
    /// large capacity keeps the few small pages it uses.
    private static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int, touched: Int) {
        #if os(Linux)
        let page = UInt(4096), huge = UInt(hugePage)
        let first = UInt(bitPattern: start) & ~(page - 1)
        let end = (UInt(bitPattern: start) &+ UInt(byteCount) &+ (page - 1)) & ~(page - 1)
        guard end > first, let region = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // Advice only: a failure (an old kernel, huge pages disabled) leaves normal pages.
        guard madvise(region, Int(end - first), MADV_HUGEPAGE) == 0 else { return }
        // The header's block, when the mapping starts on a huge page's boundary (as the
        // kernel places mappings of whole huge pages) and covers it. Before Linux 6.1 the
        // call fails and the block keeps its small pages.
        if first % huge == 0, end - first >= huge, touched >= hugePage / 2 {
            _ = madvise(region, Int(huge), madviseCollapse)
        }
        #endif
    }

    /// `MADV_COLLAPSE` (Linux 6.1), which Debian 12's C headers do not declare yet.
    private static let madviseCollapse: Int32 = 25
}

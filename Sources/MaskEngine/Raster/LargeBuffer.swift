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
/// kernel then aligns the mapping to them): glibc maps a block this large on its own
/// unless a larger one was freed before, which `RenderBuffers.mapFrameBuffersOnTheirOwn`
/// rules out. The bytes themselves are as they would be without the advice, and a kernel
/// that ignores it changes nothing but the speed.
enum LargeBuffer {
    /// The size of a huge page on x86-64 and arm64 Linux.
    static let hugePage = 2 << 20
    /// Room left in each mapping for malloc's and the array's headers.
    static let headers = 64
    /// Arrays smaller than this are made plainly; `RenderBuffers.mapFrameBuffersOnTheirOwn`
    /// has the allocator map every block this large on its own.
    static let threshold = 1 << 19

    /// `count` elements, all `value`, with room for at least `capacity` (more when large,
    /// to fill whole huge pages), in memory advised for huge pages when the elements use
    /// `collapseFrom` of the first one (or, later, as they grow past it: `willGrow`). Only the
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
    /// trivial bytes as they are), in memory advised for huge pages as `array` says.
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
        let capacity = ((bytes + headers + hugePage - 1) / hugePage * hugePage - headers) / stride
        return [T](unsafeUninitializedCapacity: max(capacity, room)) { buffer, made in
            if let base = buffer.baseAddress, count &* stride >= collapseFrom {
                advise(UnsafeMutableRawPointer(base), byteCount: buffer.count * stride)
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
    /// Called only for an array that uses at least `collapseFrom` of that block: one that
    /// uses less keeps its few small pages, and stays out of the reach of the kernel's
    /// `khugepaged`, which in an advised region fills any block that has a page (measured
    /// here: 4 MB more at the peak of a run it passed through), until it grows (`willGrow`).
    private static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        let page = UInt(4096), huge = UInt(hugePage)
        let first = UInt(bitPattern: start) & ~(page - 1)
        let end = (UInt(bitPattern: start) &+ UInt(byteCount) &+ (page - 1)) & ~(page - 1)
        guard end > first, let region = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // Advice only: a failure (an old kernel, huge pages disabled) leaves normal pages.
        guard madvise(region, Int(end - first), MADV_HUGEPAGE) == 0 else { return }
        if end - first >= huge { collapseFirstBlock(at: start) }
        #endif
    }

    /// How much of the header's block an array must use before that block is collapsed
    /// into a huge page: a quarter, so that a frame-size coverage (0.9 MB at 1280 × 720)
    /// takes one collapse instead of 225 faults, for at most four times the memory it uses.
    static let collapseFrom = hugePage / 4

    /// Called before an array from here grows in place from its `count` to `newCount`
    /// elements (a pool's coverage or accumulation buffer following a shape that widens
    /// from frame to frame): when the growth first fills `collapseFrom` of the header's
    /// block, the array is advised and that block collapsed into a huge page, as for an
    /// array made that large (`advise`).
    /// Without it the block is faulted in 4 KiB at a time as the array grows: measured
    /// here, a 60-frame circle reveal took 1,520 page faults with one job and 2,740 with
    /// two; with it (at half a block), 1,285 and 2,172; at a quarter, with the allocator
    /// setting of `RenderBuffers.mapFrameBuffersOnTheirOwn`, 725 and 1,044. An array with
    /// less room than a huge page, or whose first page is not on a huge page's boundary,
    /// is left alone.
    static func willGrow<T>(_ array: [T], to newCount: Int) {
        #if os(Linux)
        let stride = MemoryLayout<T>.stride
        let (old, new) = (array.count.multipliedReportingOverflow(by: stride), newCount.multipliedReportingOverflow(by: stride))
        let (room, over) = array.capacity.multipliedReportingOverflow(by: stride)
        guard !old.overflow, !new.overflow, !over,
              growthFillsHeaderBlock(from: old.partialValue, to: new.partialValue, room: room) else { return }
        array.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { advise(UnsafeMutableRawPointer(mutating: base), byteCount: room) }
        }
        #endif
    }

    /// Whether an array growing in place from `old` to `new` bytes, with room for `room`,
    /// now first uses `collapseFrom` of its header's block, and that whole block is its own.
    static func growthFillsHeaderBlock(from old: Int, to new: Int, room: Int) -> Bool {
        old < collapseFrom && new >= collapseFrom && room >= hugePage - headers
    }

    /// Collapses the huge page's worth of memory from the page holding `start` (an array's
    /// first element, just past malloc's and the array's headers) into one huge page, when
    /// that page is on a huge page's boundary (as the kernel places mappings of whole huge
    /// pages). The bytes are unchanged. Before Linux 6.1 the call fails and the block
    /// keeps its small pages.
    private static func collapseFirstBlock(at start: UnsafeMutableRawPointer) {
        #if os(Linux)
        let first = UInt(bitPattern: start) & ~UInt(4095)
        guard first % UInt(hugePage) == 0, let region = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(region, hugePage, madviseCollapse)
        #endif
    }

    /// `MADV_COLLAPSE` (Linux 6.1), which Debian 12's C headers do not declare yet.
    private static let madviseCollapse: Int32 = 25
}

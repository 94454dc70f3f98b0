import CPixels

extension UnsafeMutableBufferPointer where Element == Int32 {
    /// Sets every entry to 0 with the kernels' fill of 4-byte pixels, in vector steps: a
    /// table of a few kilobytes (a row table, a run record) costs a few hundred
    /// instructions, where `update(repeating: 0)`'s `memset` takes `rep stosb` from 2 KB
    /// on, which callgrind counts as one instruction a byte.
    func setToZero() {
        guard let base = baseAddress, count > 0 else { return }
        UnsafeMutableRawPointer(base).withMemoryRebound(to: UInt8.self, capacity: count &* 4) { bytes in
            mask_fill_pixels(bytes, count, 0)
        }
    }
}

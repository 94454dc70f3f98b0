import XCTest
@testable import MaskEngine

/// The pool's growth and the huge pages behind frame-size buffers.
final class BufferGrowthTests: XCTestCase {
    func testABufferThatMustGrowIsGivenRoomForTheFrameAndHoldsWhatWasAsked() {
        let pool = BufferPool()
        pool.startFrame(pixels: 10_000)
        var small = pool.bytes(count: 50)
        XCTAssertGreaterThanOrEqual(small.capacity, 10_000)
        XCTAssertEqual(small.count, 50)
        XCTAssertTrue(small.allSatisfy { $0 == 0 })
        small.withUnsafeMutableBufferPointer { $0.update(repeating: 9) }
        pool.recycle(&small)
        // The same buffer, grown within its room: zero again where asked.
        let grown = pool.bytes(count: 9_000)
        XCTAssertEqual(grown.count, 9_000)
        XCTAssertTrue(grown.allSatisfy { $0 == 0 })
        // Past the frame's pixels, room for four bytes a pixel; past that, what is asked.
        XCTAssertGreaterThanOrEqual(pool.bytes(count: 10_001).capacity, 40_000)
        XCTAssertEqual(pool.bytes(count: 50_000).count, 50_000)
        var floats = pool.zeroFloats(count: 300)
        XCTAssertGreaterThanOrEqual(floats.capacity, 10_000)
        XCTAssertTrue(floats.allSatisfy { $0 == 0 })
        pool.recycleZeroed(&floats)
        let more = pool.zeroFloats(count: 20_000)
        XCTAssertGreaterThanOrEqual(more.count, 20_000)
        XCTAssertTrue(more.allSatisfy { $0 == 0 })
        // Without a frame size, a buffer grows to what is asked.
        let plain = BufferPool()
        XCTAssertLessThan(plain.bytes(count: 100).capacity, 10_000)
    }

    func testAHugeFramesRoomIsNotReservedForASmallBuffer() {
        // 20,000 × 20,000 pixels: the frame's room is far more than the spare limit beyond
        // a small buffer, so it grows by doubling instead.
        let pool = BufferPool()
        pool.startFrame(pixels: 400_000_000)
        var small = pool.bytes(count: 1_000)
        XCTAssertLessThan(small.capacity, 1 << 20)
        pool.recycle(&small)
        let larger = pool.bytes(count: 1_500)
        XCTAssertGreaterThanOrEqual(larger.capacity, 2_000)
        XCTAssertLessThan(larger.capacity, 1 << 20)
        XCTAssertEqual(larger.count, 1_500)
    }

    func testAFrameSizeBufferIsBackedByHugePagesWhereTheKernelOffersThem() throws {
        try Self.requireHugePages()
        // 3 MiB in two huge pages (the capacity is rounded to whole ones).
        var bytes = LargeBuffer.array(count: 3 << 20, repeating: UInt8(1))
        let start = bytes.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // glibc's malloc maps a buffer this large on its own, from a huge page's boundary;
        // another allocator (AddressSanitizer's) may not, and then nothing is collapsed.
        try Self.requireHugePageBoundary(start)
        let hugeKB = Self.anonHugePagesKB(containing: start)
        // The first 2 MiB hold the array's header: without the collapse they would be small pages.
        XCTAssertGreaterThanOrEqual(hugeKB, 4096, "AnonHugePages of the buffer's mapping")
        XCTAssertTrue(bytes.allSatisfy { $0 == 1 })
    }

    func testAPoolBufferThatGrowsInPlacePastAQuarterOfAHugePageHasItsFirstBlockCollapsed() throws {
        try Self.requireHugePages()
        // A frame of ten million pixels: a small accumulation buffer is given room for it
        // (40 MB of floats, which glibc maps on its own, whatever sizes were freed before),
        // then grows within that room to 2.4 MB, as a widening shape's does.
        let (start, grown) = try Self.grownInPlace(pixels: 10_000_000, from: 1_000, to: 600_000,
                                                   take: { $0.zeroFloats(count: $1) }, giveBack: { $0.recycleZeroed(&$1) })
        // Both blocks are huge pages: the second by faulting (it was advised before it was
        // touched), the first, which holds the headers and was touched small, by the collapse.
        XCTAssertGreaterThanOrEqual(Self.anonHugePagesKB(containing: start), 4096, "AnonHugePages of the buffer's mapping")
        XCTAssertTrue(grown.allSatisfy { $0 == 0 })
    }

    func testAfterTheToolsSettingFrameBuffersStayOnHugePageBoundariesWhateverWasFreed() throws {
        try Self.requireHugePages()
        try Self.requireAllocatorSetting()
        // Left to itself, glibc would now serve blocks up to 8 MiB from its heap, at
        // whatever address, in small pages.
        do {
            let freed = [UInt8](repeating: 1, count: 8 << 20)
            XCTAssertEqual(freed.last, 1)
        }
        let bytes = LargeBuffer.array(count: 3 << 20, repeating: UInt8(2))
        let start = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // An allocator reuses a free block of its heap first: earlier tests in this process
        // may have left one this large (the tool makes the setting before anything).
        try Self.requireHugePageBoundary(start)
        XCTAssertGreaterThanOrEqual(Self.anonHugePagesKB(containing: start), 4096)
    }

    func testAFrameSizeCoverageGrowingPastAQuarterOfAHugePageTakesOne() throws {
        try Self.requireHugePages()
        try Self.requireAllocatorSetting()
        // A 1280 × 720 frame: a coverage is given room for the frame's pixels (0.9 MB, one
        // huge page with the headers), then grows to 600 KB, as a widening mask's does.
        let (start, coverage) = try Self.grownInPlace(pixels: 1280 * 720, from: 100, to: 600_000,
                                                      take: { $0.bytes(count: $1) }, giveBack: { $0.recycle(&$1) })
        XCTAssertGreaterThanOrEqual(Self.anonHugePagesKB(containing: start), 2048, "one huge page, not 147 small ones")
        XCTAssertTrue(coverage.allSatisfy { $0 == 0 })
    }

    func testAGrowingBufferIsCollapsedOnceAQuarterOfItsFirstHugePageIsUsed() {
        // A 1280 × 720 coverage's room, rounded up to fill one huge page with the headers.
        let room = LargeBuffer.array(count: 0, capacity: 1280 * 720, repeating: UInt8(0)).capacity
        let quarter = LargeBuffer.hugePage / 4
        XCTAssertGreaterThanOrEqual(room, LargeBuffer.hugePage - LargeBuffer.headers)
        XCTAssertLessThan(room, LargeBuffer.hugePage)
        XCTAssertTrue(LargeBuffer.growthFillsHeaderBlock(from: 100, to: 600_000, room: room))
        XCTAssertTrue(LargeBuffer.growthFillsHeaderBlock(from: quarter - 1, to: quarter, room: room))
        // Not yet a quarter; already past it (collapsed before); a buffer under a huge page.
        XCTAssertFalse(LargeBuffer.growthFillsHeaderBlock(from: 100, to: quarter - 1, room: room))
        XCTAssertFalse(LargeBuffer.growthFillsHeaderBlock(from: quarter, to: 900_000, room: room))
        XCTAssertFalse(LargeBuffer.growthFillsHeaderBlock(from: 100, to: 600_000, room: 1 << 20))
    }

    /// A buffer taken with `small` elements from a pool for frames of `pixels` pixels,
    /// given back, and taken again with `large`: where it starts, and the grown buffer,
    /// checked to be the same memory. Skips when the allocator placed it off a huge page's
    /// boundary (reusing a free block of its heap that earlier tests left).
    private static func grownInPlace<T>(pixels: Int, from small: Int, to large: Int,
                                        take: (BufferPool, Int) -> [T],
                                        giveBack: (BufferPool, inout [T]) -> Void) throws -> (start: UInt, buffer: [T]) {
        let pool = BufferPool()
        pool.startFrame(pixels: pixels)
        var first = take(pool, small)
        let start = first.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        try Self.requireHugePageBoundary(start)
        giveBack(pool, &first)
        let grown = take(pool, large)
        XCTAssertEqual(grown.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, start, "grown in place")
        return (start, grown)
    }

    func testASmallBufferInALargeRoomIsLeftToSmallPagesUntilItGrows() throws {
        try Self.requireHugePages()
        // Room for 40 MB of floats, 4 KB used: not advised, so the kernel's khugepaged
        // cannot fill its first huge page behind the render's back; advised (`hg`) once it
        // grows past a quarter of that page.
        let pool = BufferPool()
        pool.startFrame(pixels: 10_000_000)
        var small = pool.zeroFloats(count: 1_000)
        let start = small.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        try Self.requireHugePageBoundary(start)
        XCTAssertEqual(Self.mappingFields(containing: start)["VmFlags"]?.contains("hg"), false)
        pool.recycleZeroed(&small)
        let grown = pool.zeroFloats(count: 600_000)
        XCTAssertEqual(Self.mappingFields(containing: start)["VmFlags"]?.contains("hg"), true)
        XCTAssertTrue(grown.allSatisfy { $0 == 0 })
    }

    /// The tests above that look at huge pages depend on where the allocator places a
    /// buffer, which earlier tests of a long run can spoil (a large free block of the heap
    /// is reused before anything is mapped), and then they skip. So each is run again here
    /// in a fresh process of this test binary, as the tool runs, where it must pass.
    func testTheHugePageTestsPassInAFreshProcess() throws {
        try Self.requireHugePages()
        guard ProcessInfo.processInfo.environment[Self.freshProcessMark] == nil else {
            throw XCTSkip("already in the fresh process")
        }
        try Self.requireAllocatorSetting()
        for name in ["testAFrameSizeBufferIsBackedByHugePagesWhereTheKernelOffersThem",
                     "testAPoolBufferThatGrowsInPlacePastAQuarterOfAHugePageHasItsFirstBlockCollapsed",
                     "testAfterTheToolsSettingFrameBuffersStayOnHugePageBoundariesWhateverWasFreed",
                     "testAFrameSizeCoverageGrowingPastAQuarterOfAHugePageTakesOne",
                     "testASmallBufferInALargeRoomIsLeftToSmallPagesUntilItGrows"] {
            let test = "MaskEngineTests.BufferGrowthTests/\(name)"
            let (status, output) = try Self.runAlone(test)
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.contains("\(name)' passed"), output)
            XCTAssertFalse(output.contains("skipped"), output)
        }
    }

    /// Set in the environment of the processes `runAlone` starts.
    private static let freshProcessMark = "MASK_BUFFER_TESTS_ALONE"

    /// Runs one test of this binary in a process of its own: its exit status and output.
    private static func runAlone(_ test: String) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("buffer-test-\(UUID().uuidString)")
        try Data().write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        process.environment = ProcessInfo.processInfo.environment.merging([freshProcessMark: "1"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    /// Skips a test on a machine whose kernel gives no transparent huge pages (and on
    /// systems other than Linux, where none are asked for).
    private static func requireHugePages() throws {
        #if !os(Linux)
        throw XCTSkip("huge pages are asked for on Linux only")
        #endif
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              !mode.contains("[never]") else {
            throw XCTSkip("transparent huge pages are off on this machine")
        }
    }

    /// Makes the tool's allocator setting (`RenderBuffers.mapFrameBuffersOnTheirOwn`), or
    /// skips where the allocator has none (AddressSanitizer's, for one).
    private static func requireAllocatorSetting() throws {
        guard RenderBuffers.mapFrameBuffersOnTheirOwn() else {
            throw XCTSkip("this allocator has no such setting (AddressSanitizer's, for one)")
        }
    }

    /// Skips a test whose buffer, starting at `start`, is not in a mapping of its own on a
    /// huge page's boundary: the allocator reused a free block of its heap (earlier tests
    /// of a long run leave some; `testTheHugePageTestsPassInAFreshProcess` runs these
    /// tests where none is), or it places its blocks otherwise (AddressSanitizer's).
    private static func requireHugePageBoundary(_ start: UInt) throws {
        guard (start & ~4095) % UInt(LargeBuffer.hugePage) == 0 else {
            throw XCTSkip("the allocator placed the buffer off a huge page's boundary")
        }
    }

    /// `AnonHugePages` of the mapping that holds `address`, from /proc/self/smaps.
    private static func anonHugePagesKB(containing address: UInt) -> Int {
        mappingFields(containing: address)["AnonHugePages"]?.first.flatMap { Int($0) } ?? 0
    }

    /// The fields of the mapping that holds `address` in /proc/self/smaps (`Rss`,
    /// `AnonHugePages`, `VmFlags`, ...), each with the words after its name; read line by
    /// line (Foundation sizes a file by its length, which is 0 for /proc's).
    private static func mappingFields(containing address: UInt) -> [String: [String]] {
        guard let file = fopen("/proc/self/smaps", "r") else { return [:] }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        var inside = false, found: [String: [String]] = [:]
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                if inside { break }
                let ends = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] <= address && address < ends[1]
            } else if inside, let name = fields.first, name.hasSuffix(":") {
                found[String(name.dropLast())] = Array(fields.dropFirst())
            }
        }
        return found
    }
}

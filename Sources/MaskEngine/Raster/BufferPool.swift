/// Reusable pixel, coverage and accumulation buffers for one render thread.
///
/// A frame needs several large buffers (the frame, offscreen groups, mask surfaces,
/// coverage, the rasterizer's cells). Allocating them fresh every frame costs page faults
/// and zeroing of megabytes; taking them from here and giving them back costs a fill of
/// only the bytes asked for. A pool belongs to one thread (it is a class without locks,
/// and not `Sendable`); the bytes a frame gets never depend on which buffer it was handed.
final class BufferPool {
    /// The thread's gradient colour tables.
    let gradients = GradientTables()
    /// The thread's text coverage.
    let texts = TextCoverageCache()
    /// The thread's coverage of rectangles as runs (grid tiles, mask frames).
    let rectangleRuns = RectangleRunsCache()
    /// The thread's masks of tiles' geometry as runs (grid masks).
    let gridRuns = GridRunsCache()
    /// The thread's last accumulated coverages, for requests that repeat one exactly.
    let coverageMemo = CoverageMemo()
    /// The thread's coverages of rectangles covering their whole areas, by size.
    let fullRectangles = FullRectangleMasks()
    /// The room the rasterizer writes a shape's full runs into.
    let spanRuns = SpanRunRoom()
    /// What the thread's frame in hand polls to learn that it should stop.
    let stop = FrameStop()
    // The idle lists are taken from and given back to many times a layer: their dynamic
    // exclusivity checks are off, since only the pool's one thread touches them (the pool
    // is not `Sendable`), and no access to one of them begins inside another's (`take` and
    // `keep` are handed one list and touch nothing else of the pool).
    @exclusivity(unchecked) private var bytes: [[UInt8]] = []
    @exclusivity(unchecked) private var zeroFloats: [[Float]] = []
    @exclusivity(unchecked) private var ints: [[Int32]] = []
    /// Masks of runs given back, their tables' room kept for the next frame's.
    @exclusivity(unchecked) private var runMasks: [RunMask] = []
    /// The points of the subpath `Flattener` is flattening, empty between paths: one
    /// buffer for all the paths the thread flattens.
    var flattenedPoints: [Point] = []
    /// The thread's table of a frame's layer states, while no frame holds it.
    private var idleStates: LayerStates?
    /// The thread's own reference to the scene of the renderer that last drew with this
    /// pool (`Renderer.local(in:)`); it holds that renderer's scene until another's.
    var renderer: Renderer.Shared?
    /// The bytes handed out and not yet given back since `startFrame()`: what the frame's
    /// buffers hold, which `RenderBudget.bufferBytes` bounds.
    private(set) var bytesInUse = 0

    /// The pixels of the frames being rendered (0 when unknown): how much room a buffer
    /// that must grow is given (`grownCapacity`).
    private var framePixels = 0

    /// How many buffers the pool has allocated since it was made (a new one, or one that
    /// replaced a buffer too small): each is memory touched for the first time. A render
    /// that reuses its buffers stops adding to it after its first frames, however many
    /// frames follow (a circle growing to the whole frame too).
    private(set) var allocations = 0

    /// Starts counting a new frame's buffers, for frames of `pixels` pixels.
    func startFrame(pixels: Int = 0) {
        bytesInUse = 0
        framePixels = max(0, pixels)
        texts.startFrame(pool: self)
    }

    /// How many idle buffers of each kind are kept: enough for the deepest usual nesting
    /// of groups and masks; a buffer given back beyond it is freed.
    static let idleLimit = 16

    /// For tests: when set, bytes asked for with `zeroed: false` are filled with it, so a
    /// reader of a byte its writer leaves unwritten (a sparse coverage's) sees this value.
    var unwrittenFill: UInt8?

    init() {}

    /// The thread's table for a frame's layer states (a new one when a frame already
    /// holds it): filled in place frame after frame, not allocated and freed each time.
    /// Give it back with `keepStates`.
    func takeStates() -> LayerStates {
        defer { idleStates = nil }
        return idleStates ?? LayerStates()
    }

    /// Keeps a table of layer states for the next frame.
    func keepStates(_ states: LayerStates) {
        idleStates = states
    }

    /// A mask of nothing but 0 over `rect`, its tables from one given back when there is
    /// one: a mask of runs built frame after frame allocates nothing once warm.
    func takeRunMask(over rect: PixelRect) -> RunMask {
        guard var mask = runMasks.popLast() else { return RunMask(zeroOver: rect) }
        mask.reset(over: rect)
        return mask
    }

    /// How many masks of runs are kept for `takeRunMask` (for tests).
    var idleRunMasks: Int { runMasks.count }

    /// Keeps a mask's tables for `takeRunMask` (up to `idleLimit` of them).
    func keepRunMask(_ mask: RunMask) {
        if runMasks.count < BufferPool.idleLimit { runMasks.append(mask) }
    }

    /// `count` zero bytes; with `zeroed: false`, `count` bytes of any value, for a caller
    /// that writes every one of them before reading.
    func bytes(count: Int, zeroed: Bool = true) -> [UInt8] {
        bytesInUse &+= count
        var b = BufferPool.take(from: &bytes, count: count)
        if zeroed {
            resize(&b, count: count, with: 0)
        } else if let fill = unwrittenFill {
            resize(&b, count: count, with: fill)
        } else {
            resizeUnwritten(&b, count: count)
        }
        return b
    }

    /// The pixels of a frame, `width × height`, and the rect of those that are not the
    /// packed RGBA `pixel`, its background, yet (a `StaleBackdrop`'s): the last frame's
    /// buffer when it was kept (`keepFrame`) at this size over this background, stale where
    /// it was drawn over (`drawn`); else a buffer of unwritten bytes, all stale.
    ///
    /// A steady animation redraws what moves, not the backdrop: a text shimmer's frame is
    /// mostly background, written once, not every frame.
    func framePixels(width: Int, height: Int, background pixel: UInt32) -> (pixels: [UInt8], stale: PixelRect) {
        let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        guard let kept = keptFrame, kept.width == width, kept.height == height, kept.pixel == pixel,
              kept.pixels.count == width &* height &* 4 else {
            keptFrame = nil
            frameRuns.forget()
            return (bytes(count: width &* height &* 4, zeroed: false), whole)
        }
        keptFrame = nil
        bytesInUse &+= kept.pixels.count
        return (kept.pixels, kept.drawn.intersection(whole))
    }

    /// The buffer of a frame's `StaleBackdrop` row columns (`startsThenEnds`: any count,
    /// any values): one small array the thread reuses, 8 bytes a row of the frame, not
    /// counted in `bytesInUse`. Give it back with `keepFrame`.
    func frameRowColumns() -> [Int32] {
        var starts: [Int32] = []
        swap(&starts, &rowColumns)
        return starts
    }

    /// Takes back a frame's pixels from `framePixels`, keeping them for the next frame with
    /// the bounds of every pixel drawn over the background `pixel` (outside `drawn`, each
    /// pixel is `pixel`), and its rows' columns from `frameRowColumns`; both are left empty.
    func keepFrame(_ pixels: inout [UInt8], rowColumns: inout [Int32], width: Int, height: Int, background pixel: UInt32,
                   drawn: PixelRect) {
        if rowColumns.capacity >= self.rowColumns.capacity { swap(&rowColumns, &self.rowColumns) }
        rowColumns = []
        bytesInUse = max(0, bytesInUse &- pixels.count)
        var taken: [UInt8] = []
        swap(&taken, &pixels)
        if var old = keptFrame?.pixels { BufferPool.keep(&old, in: &bytes) }
        keptFrame = (taken, width, height, pixel, drawn)
    }

    /// The rows' columns buffer `frameRowColumns` hands out.
    private var rowColumns: [Int32] = []

    /// What the kept frame's buffer holds of an opaque fill, for the frame that takes its
    /// pixels (`framePixels` forgets it when it hands out other pixels).
    private var frameRuns = SolidRuns(recording: true)

    /// The kept frame's `SolidRuns`, taken with its pixels just after `framePixels` (and
    /// given back with `keepFrameRuns`); the pool holds none afterwards.
    func takeFrameRuns() -> SolidRuns {
        var taken = SolidRuns(recording: true)
        swap(&taken, &frameRuns)
        return taken
    }

    /// Keeps a frame's `SolidRuns` with its pixels (just before `keepFrame`); `runs` is
    /// left holding none.
    func keepFrameRuns(_ runs: inout SolidRuns) {
        swap(&runs, &frameRuns)
        runs = SolidRuns()
    }

    /// The last frame's pixels and what is known of them (see `framePixels`).
    private var keptFrame: (pixels: [UInt8], width: Int, height: Int, pixel: UInt32, drawn: PixelRect)?

    /// At least `count` zero floats, without a fill: the buffers of this kind are handed
    /// back all zero (`recycleZeroed`), so only growth needs writing.
    func zeroFloats(count: Int) -> [Float] {
        bytesInUse &+= count &* 4
        var b = BufferPool.take(from: &zeroFloats, count: count)
        if b.count < count { resize(&b, count: count, padding: 0) }
        return b
    }

    /// `count` integers of any value, for a caller that writes every one before reading
    /// (coverage span tables, which then grow by appending; the capacity is kept).
    func ints(count: Int) -> [Int32] {
        bytesInUse &+= count &* 4
        var b = BufferPool.take(from: &ints, count: count)
        resize(&b, count: count, padding: 0)
        return b
    }

    /// An empty integer buffer with room for at least `capacity`, for a caller that
    /// appends to it; what it appends is counted with `countGrowth(ints:)`.
    func emptyInts(capacity: Int) -> [Int32] {
        var b = BufferPool.take(from: &ints, count: capacity)
        b.removeAll(keepingCapacity: true)
        if b.capacity < capacity {
            allocations &+= 1
            b.reserveCapacity(capacity)
        }
        return b
    }

    /// Counts `count` integers appended to a buffer from `ints(count:)` or
    /// `emptyInts(capacity:)` after it was handed out, so that giving it back takes away
    /// no more than was counted.
    func countGrowth(ints count: Int) {
        bytesInUse &+= count &* 4
    }

    /// Takes back an integer buffer; `buffer` is left empty.
    func recycle(_ buffer: inout [Int32]) {
        bytesInUse = max(0, bytesInUse &- buffer.count &* 4)
        BufferPool.keep(&buffer, in: &ints)
    }

    /// Takes back a byte buffer; `buffer` is left empty.
    func recycle(_ buffer: inout [UInt8]) {
        bytesInUse = max(0, bytesInUse &- buffer.count)
        BufferPool.keep(&buffer, in: &bytes)
    }

    /// Takes back a buffer from `zeroFloats` that the caller has set all zero again;
    /// `buffer` is left empty.
    func recycleZeroed(_ buffer: inout [Float]) {
        bytesInUse = max(0, bytesInUse &- buffer.count &* 4)
        BufferPool.keep(&buffer, in: &zeroFloats)
    }

    /// The idle buffer of the least capacity that holds `count` elements, else the largest
    /// one (it grows once and is kept), else a new one. Among those of one capacity (most
    /// are given a frame's pixels), the one whose count is nearest `count`: growing a count
    /// writes every element added, and a buffer kept near its size (a coverage that grows
    /// or shrinks a little at each frame of an animation) goes back to its own use.
    /// Read in place, the best one's capacity and count kept as it goes: a copy of each
    /// idle buffer (`enumerated()`) was a retain and a release apiece, every take.
    private static func take<T>(from idle: inout [[T]], count: Int) -> [T] {
        guard !idle.isEmpty else { return [] }
        let best = idle.withUnsafeBufferPointer { list in
            var best = 0, bc = list[0].capacity, bn = list[0].count
            for i in list.indices.dropFirst() {
                let c = list[i].capacity
                if c >= count ? (bc < count || c < bc || (c == bc && nearer(list[i].count, than: bn, to: count)))
                    : (bc < count && c > bc) {
                    best = i
                    bc = c
                    bn = list[i].count
                }
            }
            return best
        }
        return idle.remove(at: best)
    }

    /// True when a count of `a` elements is nearer `count` than one of `b`.
    private static func nearer(_ a: Int, than b: Int, to count: Int) -> Bool {
        abs(a &- count) < abs(b &- count)
    }

    /// Makes `b` hold `count` elements, all `value`, in place.
    private func resize<T>(_ b: inout [T], count: Int, with value: T) {
        if b.capacity < count {
            allocations &+= 1
            b = FrameArrays.array(count: count, capacity: grownCapacity(count, from: b.capacity, stride: MemoryLayout<T>.stride),
                                  repeating: value)
        } else {
            // The elements kept are overwritten; those appended are `value` already.
            let kept = min(b.count, count)
            resize(&b, count: count, padding: value)
            b.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<kept]).update(repeating: value) }
        }
    }

    /// Makes `b` hold `count` elements: those it held up to `count`, then `padding`. A
    /// buffer too small is replaced by a new one all `padding` (no caller needs what the
    /// old one held beyond that: the pool's zero floats are all zero, and its other
    /// buffers' bytes are unspecified), with the room `grownCapacity` gives.
    private func resize<T>(_ b: inout [T], count: Int, padding: T) {
        if b.count > count {
            b.removeLast(b.count - count)
        } else if b.capacity < count {
            allocations &+= 1
            b = FrameArrays.array(count: count, capacity: grownCapacity(count, from: b.capacity, stride: MemoryLayout<T>.stride),
                                  repeating: padding)
        } else if b.count < count {
            b.append(contentsOf: repeatElement(padding, count: count - b.count))
        }
    }

    /// Makes `b` hold `count` bytes for a caller that writes them all: a buffer too small
    /// is replaced by one whose bytes are left as the allocator gives them. One that grows
    /// within its room must have its new bytes written (an array's count covers only
    /// initialized elements): they are copied from `zeroBlock`, a block at a time, not
    /// appended one by one as a repeated value is.
    private func resizeUnwritten(_ b: inout [UInt8], count: Int) {
        if b.capacity < count {
            allocations &+= 1
            b = FrameArrays.uninitializedBytes(count: count, capacity: grownCapacity(count, from: b.capacity, stride: 1))
        } else if b.count > count {
            b.removeLast(b.count &- count)
        } else {
            zeroBlock.withUnsafeBufferPointer { zeros in
                while b.count < count {
                    b.append(contentsOf: UnsafeBufferPointer(rebasing: zeros.prefix(count &- b.count)))
                }
            }
        }
    }

    /// The bytes `resizeUnwritten` grows a buffer with.
    private let zeroBlock = [UInt8](repeating: 0, count: 4_096)

    /// The room for a buffer of `old` capacity that must grow to `count` elements of
    /// `stride` bytes: the frame's pixel count and an eighth, or four times that, whichever
    /// is the first to hold `count` (so that a coverage or a group that grows with an
    /// animation, a circle widening to the whole frame say, is reallocated once, not at
    /// every frame as its bounds grow). The eighth is for buffers a little wider than what
    /// they cover: the rasterizer's cells have a few more columns a row than the pixels
    /// (1,288 × 720 for a whole 1,280 × 720 frame), and a circle's that grew to the frame
    /// would otherwise be made again at four times the room, its pages touched twice.
    /// Only the elements in use are ever written, so the rest costs address space, not
    /// memory; still, no more than `spareLimit` bytes are reserved beyond `count`: past
    /// that (a huge canvas, a small buffer), twice the old capacity.
    private func grownCapacity(_ count: Int, from old: Int, stride: Int) -> Int {
        let spare = BufferPool.spareLimit / max(stride, 1)
        let (room, tooMany) = framePixels.addingReportingOverflow(framePixels / 8)
        let (four, overflow) = room.multipliedReportingOverflow(by: 4)
        let tier = tooMany ? nil : count <= room ? room : !overflow && count <= four ? four : nil
        if let tier, tier - count <= spare { return tier }
        let (twice, over) = old.multipliedReportingOverflow(by: 2)
        let most = count <= Int.max - spare ? count + spare : count
        return max(count, min(over ? count : twice, most))
    }

    /// The most bytes a growing buffer is given beyond what it was asked for.
    static let spareLimit = 64 << 20

    private static func keep<T>(_ buffer: inout [T], in idle: inout [[T]]) {
        var taken: [T] = []
        swap(&taken, &buffer)
        guard taken.capacity > 0, idle.count < idleLimit else { return }
        idle.append(taken)
    }
}

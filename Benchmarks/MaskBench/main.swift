// The in-memory half of the render benchmark (Benchmarks/memory.py runs it): frames of a
// scene rendered through the public API into reused `RenderBuffers`, one per thread,
// nothing written; and the frame's memory-traffic ceiling (an 8 MiB memset and memcpy).
//
//   MaskBench render SCENE.mask THREADS PASSES [MIN_SECONDS [SPLIT]]
//                                                 best seconds per frame of PASSES passes
//                                                 over frames 0–59 (after one warm-up pass);
//                                                 with MIN_SECONDS, a pass renders the frames
//                                                 as many times over as it takes to last that
//                                                 long (judged by the warm-up pass); SPLIT is
//                                                 how threads share the frames: `ends` (the
//                                                 default, `FrameSplit`) or `stride` (thread
//                                                 i takes frames i, i + THREADS, ...: the
//                                                 split before session 15, to compare)
//   MaskBench render SCENE.mask THREADS PASSES MIN_SECONDS SPLIT READY,GO
//                                                 the same, its laps and the start of each
//                                                 timed pass set by a coordinator through
//                                                 two inherited pipes (`Lockstep`): how
//                                                 memory.py starts two processes together
//   MaskBench ceiling PASSES                      best seconds of one 8 MiB memset, memcpy
//   MaskBench scaling PASSES                      best seconds per unit of work of 60 units on
//                                                 one thread and on two (thread i takes units
//                                                 i, i + 2, ...; the units do not depend on
//                                                 each other): a compute-only unit, then a
//                                                 frame's memcpy between each thread's own
//                                                 buffers, then a compute unit of independent
//                                                 chains (printed last)
import Dispatch
import Foundation
import MaskEngine
import MaskScript

/// The wall seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A byte of each frame, summed, so that no render can be left out: a sum per thread,
/// each on a cache line of its own, so that the threads write nothing in common (a shared
/// sum behind a lock was a lock on every frame's path).
final class Checksum: @unchecked Sendable {
    /// Ints from one thread's sum to the next: 128 bytes, two cache lines, since a core
    /// may fetch lines in pairs.
    private static let spacing = 16
    private let threads: Int
    private let sums: UnsafeMutablePointer<Int>

    /// Sums for `threads` threads, all 0.
    init(threads: Int) {
        self.threads = threads
        sums = .allocate(capacity: threads * Checksum.spacing)
        sums.initialize(repeating: 0, count: threads * Checksum.spacing)
    }

    deinit { sums.deallocate() }

    /// Adds the frame's middle byte to thread `thread`'s sum.
    func add(_ image: Image, thread: Int) {
        sums[thread * Checksum.spacing] &+= Int(image.pixels[image.pixels.count / 2])
    }

    /// Every thread's sum, summed; read once the threads are done.
    var value: Int { (0..<threads).reduce(0) { $0 &+ sums[$1 * Checksum.spacing] } }
}

/// How `renderPasses`' threads share the frames.
enum Split: String {
    /// `FrameSplit`: each thread's frames follow one another.
    case ends
    /// Thread i takes frames i, i + threads, ...
    case stride
}

/// Renders `frames` with `threads` threads, each with its own buffers, sharing them as
/// `split` says, `passes` times after one warm-up pass; the best pass's seconds per frame.
/// A timed pass renders the frames `laps` times over, the fewest that make the warm-up pass
/// times `laps` last `minimum` seconds: a pass of a short scene on two threads lasts about a
/// millisecond, of which the threads' start is a visible part. With `lockstep`, the
/// coordinator sets the laps and starts each timed pass.
func renderPasses(_ renderer: Renderer, threads: Int, split: Split, passes: Int, minimum: Double, lockstep: Lockstep?,
                  checksum: Checksum) throws -> Double {
    let buffers = (0..<threads).map { _ in RenderBuffers() }
    let failure = NSLock()
    nonisolated(unsafe) var error: (any Error)?
    nonisolated(unsafe) let shared = buffers
    /// One pass's seconds; its split's counters are made before the clock starts.
    func pass(laps: Int) -> Double {
        let shares = FrameSplit(frames: frames, threads: threads, laps: laps)
        return seconds {
            DispatchQueue.concurrentPerform(iterations: threads) { i in
                do {
                    for lap in 0..<laps {
                        switch split {
                        case .ends:
                            var taker = shares.frames(ofThread: i, lap: lap)
                            while let k = taker.next() {
                                try renderer.renderFrame(k, using: shared[i]) { checksum.add($0, thread: i) }
                            }
                        case .stride:
                            for k in stride(from: frames.lowerBound + i, to: frames.upperBound, by: threads) {
                                try renderer.renderFrame(k, using: shared[i]) { checksum.add($0, thread: i) }
                            }
                        }
                    }
                } catch let thrown {
                    failure.withLock { error = thrown }
                }
            }
        }
    }
    let warmUp = pass(laps: 1)
    if let error { throw error }
    let wanted = warmUp >= minimum ? 1 : Int(min(10_000, (minimum / max(warmUp, 1e-9)).rounded(.up)))
    let laps = try lockstep?.agree(laps: wanted) ?? wanted
    var best = Double.infinity
    for _ in 0..<passes {
        try lockstep?.awaitStart()
        let time = pass(laps: laps)
        try lockstep?.report(seconds: time)
        best = min(best, time)
    }
    if let error { throw error }
    return best / Double(frames.count * laps)
}

/// Where the ceiling's buffers are published, so that the compiler cannot drop a store
/// to them as never read: the clock's calls between the stores might read them.
nonisolated(unsafe) var published: [UnsafeMutableRawPointer] = []

/// The best seconds of one memset and one memcpy of 8 MiB.
func ceiling(passes: Int) -> (set: Double, copy: Double) {
    let count = 8 << 20
    let a = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    let b = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    published = [a, b]
    defer { published = []; a.deallocate(); b.deallocate() }
    memset(a, 1, count)
    memset(b, 2, count)
    var set = Double.infinity, copy = Double.infinity
    for i in 0..<max(1, passes) * 8 {
        set = min(set, seconds { memset(a, Int32(i & 0xFF), count) })
        copy = min(copy, seconds { memcpy(b, a, count) })
    }
    return (set, copy)
}

/// One unit of work that touches no memory: a chain of 400,000 dependent integer steps.
func computeUnit(_ seed: UInt64) -> UInt64 {
    var x = seed | 1
    for _ in 0..<400_000 { x ^= x << 13; x ^= x >> 7; x ^= x << 17 }
    return x
}

/// One unit of work that touches no memory but keeps a core's arithmetic units full: eight
/// independent chains of 25,000 steps, each on two 64-bit lanes (eight vector registers),
/// which a core runs side by side, as it runs a render's vector kernels. A second thread gains as
/// much on it as on `computeUnit` where each thread has a core of its own; where the two
/// vCPUs are two hardware threads of one host core (SMT), the dependent chain still gains
/// about 2× (each thread fills the units the other leaves idle) but this one far less.
func throughputUnit(_ seed: UInt64) -> UInt64 {
    var x = SIMD16<UInt64>(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31) &* (seed | 1)
    for _ in 0..<25_000 { x ^= x &<< 13; x ^= x &>> 7; x ^= x &<< 17 }
    return x.wrappedSum()
}

/// The best seconds per unit of 60 units run on `threads` threads (thread i takes units
/// i, i + threads, ...; a unit does not depend on the one before, as a frame does), of
/// `passes` passes after a warm-up one: for a compute unit, a throughput unit and a memcpy
/// of one frame's bytes between buffers of the thread's own. What a second thread gains
/// here is the most it can gain on a render: this guest's second core, and the memory both
/// share.
func scaling(threads: Int, passes: Int) -> (compute: Double, throughput: Double, copy: Double) {
    let units = 60, bytes = 1280 * 720 * 4
    let buffers = (0..<threads).map { _ in
        (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64))
    }
    defer { for (a, b) in buffers { a.deallocate(); b.deallocate() } }
    for (a, b) in buffers { memset(a, 1, bytes); memset(b, 2, bytes) }
    nonisolated(unsafe) let shared = buffers
    // Each thread's last compute result, kept so that the chain cannot be left out.
    let results = UnsafeMutablePointer<UInt64>.allocate(capacity: threads)
    defer { results.deallocate() }
    nonisolated(unsafe) let sink = results
    func run(_ unit: @escaping @Sendable (Int, Int) -> Void) -> Double {
        func pass() {
            DispatchQueue.concurrentPerform(iterations: threads) { i in
                for k in stride(from: i, to: units, by: threads) { unit(i, k) }
            }
        }
        pass()
        var best = Double.infinity
        for _ in 0..<passes { best = min(best, seconds(pass)) }
        return best / Double(units)
    }
    let compute = run { i, k in sink[i] = computeUnit(UInt64(k)) }
    let throughput = run { i, k in sink[i] = throughputUnit(UInt64(k)) }
    let copy = run { i, _ in memcpy(shared[i].1, shared[i].0, bytes) }
    published = buffers.flatMap { [$0.0, $0.1] } + [UnsafeMutableRawPointer(results)]
    published = []
    return (compute, throughput, copy)
}

let arguments = CommandLine.arguments.dropFirst()
do {
    switch (arguments.first, arguments.count) {
    case ("render", 4), ("render", 5), ("render", 6), ("render", 7):
        let values = Array(arguments)
        guard let threads = Int(values[2]), (1...256).contains(threads), let passes = Int(values[3]), passes > 0,
              let minimum = values.count > 4 ? Double(values[4]) : 0, minimum >= 0, minimum <= 60,
              let split = values.count > 5 ? Split(rawValue: values[5]) : .ends else { throw CocoaError(.formatting) }
        let lockstep = values.count > 6 ? Lockstep(values[6]) : nil
        guard values.count <= 6 || lockstep != nil else { throw CocoaError(.formatting) }
        let renderer = Renderer(scene: try Script(contentsOf: values[1]).run())
        let checksum = Checksum(threads: threads)
        let perFrame = try renderPasses(renderer, threads: threads, split: split, passes: passes, minimum: minimum,
                                        lockstep: lockstep, checksum: checksum)
        print(String(format: "%.9f %d", perFrame, checksum.value))
    case ("ceiling", 2):
        guard let passes = Int(Array(arguments)[1]), passes > 0 else { throw CocoaError(.formatting) }
        let (set, copy) = ceiling(passes: passes)
        print(String(format: "%.9f %.9f", set, copy))
    case ("scaling", 2):
        guard let passes = Int(Array(arguments)[1]), passes > 0 else { throw CocoaError(.formatting) }
        let one = scaling(threads: 1, passes: passes), two = scaling(threads: 2, passes: passes)
        print(String(format: "%.9f %.9f %.9f %.9f %.9f %.9f", one.compute, two.compute, one.copy, two.copy,
                     one.throughput, two.throughput))
    default:
        FileHandle.standardError.write(Data("usage: MaskBench render SCENE THREADS PASSES [MIN_SECONDS [ends|stride [READY,GO]]] | MaskBench ceiling PASSES | MaskBench scaling PASSES\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("MaskBench: \(error)\n".utf8))
    exit(1)
}

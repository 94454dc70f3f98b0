import Dispatch
import XCTest
@testable import MaskBench
import MaskScript

/// `MaskBench render`'s split of a pass's frames among its threads: in every lap each frame
/// is taken exactly once, whatever order the threads' takes come in, and each thread's
/// frames follow one another in the scene.
final class FrameSplitTests: XCTestCase {
    /// Every thread's frames of every lap, taken in an order the seeded generator picks.
    private func takes(_ split: FrameSplit, random: RandomGenerator) -> [[[Int]]] {
        var result = [[[Int]]]()
        for lap in 0..<split.laps {
            var takers = (0..<split.threads).map { split.frames(ofThread: $0, lap: lap) }
            var taken = Array(repeating: [Int](), count: split.threads)
            var waiting = Array(0..<split.threads)
            while !waiting.isEmpty {
                let pick = min(waiting.count - 1, Int(random.next() * Double(waiting.count)))
                let thread = waiting[pick]
                if let frame = takers[thread].next() { taken[thread].append(frame) } else { waiting.remove(at: pick) }
            }
            result.append(taken)
        }
        return result
    }

    func testEveryFrameIsTakenOnceALapWhateverTheOrderOfTakes() {
        let random = RandomGenerator(seed: 15)
        for threads in 1...5 {
            for frames in [0..<0, 0..<1, 0..<3, 0..<60, 7..<20] {
                for _ in 0..<20 {
                    let split = FrameSplit(frames: frames, threads: threads, laps: 3)
                    for (lap, taken) in takes(split, random: random).enumerated() {
                        XCTAssertEqual(taken.joined().sorted(), Array(frames), "\(threads) threads, \(frames), lap \(lap)")
                    }
                }
            }
        }
    }

    func testEachThreadsFramesFollowOneAnotherFromItsEndOfItsRun() {
        let random = RandomGenerator(seed: 16)
        for threads in 1...5 {
            let split = FrameSplit(frames: 0..<60, threads: threads, laps: 2)
            for taken in takes(split, random: random) {
                for (thread, frames) in taken.enumerated() {
                    let run = FrameSplit.run(thread / 2, of: 0..<60, threads: threads)
                    let expected = thread % 2 == 0 ? Array(run.prefix(frames.count)) : Array(run.reversed().prefix(frames.count))
                    XCTAssertEqual(frames, expected, "\(threads) threads, thread \(thread)")
                }
            }
        }
    }

    func testRunsShareTheFramesByThreadCount() {
        XCTAssertEqual(FrameSplit.run(0, of: 0..<60, threads: 1), 0..<60)
        XCTAssertEqual(FrameSplit.run(0, of: 0..<60, threads: 2), 0..<60)
        XCTAssertEqual([0, 1].map { FrameSplit.run($0, of: 0..<60, threads: 3) }, [0..<40, 40..<60])
        XCTAssertEqual([0, 1].map { FrameSplit.run($0, of: 10..<70, threads: 4) }, [10..<40, 40..<70])
    }

    func testOneThreadTakesEveryFrameInOrder() {
        let split = FrameSplit(frames: 0..<60, threads: 1, laps: 2)
        XCTAssertEqual(takes(split, random: RandomGenerator(seed: 17)), [[Array(0..<60)], [Array(0..<60)]])
    }

    func testThreadsTakingAtOnceTakeEveryFrameOnce() {
        for threads in [2, 3, 4] {
            let split = FrameSplit(frames: 0..<600, threads: threads, laps: 4)
            let taken = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 600)
            taken.initialize(repeating: 0, count: 4 * 600)
            defer { taken.deallocate() }
            nonisolated(unsafe) let counts = taken
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for lap in 0..<4 {
                    var taker = split.frames(ofThread: thread, lap: lap)
                    while let frame = taker.next() { counts[lap * 600 + frame] += 1 }
                }
            }
            XCTAssertEqual(Array(UnsafeBufferPointer(start: taken, count: 4 * 600)), Array(repeating: 1, count: 4 * 600), "\(threads) threads")
        }
    }
}

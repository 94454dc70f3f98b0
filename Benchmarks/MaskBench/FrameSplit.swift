import Synchronization

/// Frames 0–59 of a 30 fps scene: two seconds, the frames of every pass. Declared here, not
/// in main.swift, whose globals are set only when its top-level code runs: a test that
/// imports MaskBench would read them unset.
let frames = 0..<60

/// How `MaskBench render` shares the frames of a pass among its threads: each thread's
/// frames follow one another in the scene, so each frame is drawn over the one just
/// before or after it in time, as on one thread.
///
/// Why: a frame redraws only what changed since the frame its buffers last held
/// (`StaleBackdrop`), so what a frame costs grows with the distance between the two.
/// Thread i taking frames i, i + 2, ... (the split before session 15) made every step
/// two frames long; on the circle reveal, whose circle only grows, each of two threads
/// then repainted the whole growth of the circle in a lap, twice the pixels of one
/// thread in all.
///
/// The threads go in pairs, each pair sharing one contiguous run of the frames: the
/// first thread takes the run's frames in order from its start, the second in reverse
/// from its end, one frame at a time through a counter of the frames left in the lap,
/// until they meet, wherever the costs make them meet. With an odd count the last thread
/// has a run of its own; runs are as long as their threads are many (two threads over
/// frames 0–59: one run of all 60; three: 0–39 for the pair, 40–59 for the last). One
/// thread takes every frame in order, as before. Each lap of a pass has its own counters,
/// so a thread starts the next lap while its partner finishes this one, and in every lap
/// each frame is taken exactly once.
final class FrameSplit: @unchecked Sendable {
    /// The frames of a lap.
    let frames: Range<Int>
    /// How many threads share them.
    let threads: Int
    /// How many laps the counters are for.
    let laps: Int
    /// Per lap, per run, the frames of the run not yet taken in that lap.
    private let untaken: UnsafeMutablePointer<Atomic<Int>>
    /// How many runs there are: a pair of threads each, and one for an odd last thread.
    private let runCount: Int

    /// A split of `frames` among `threads` threads (at least 1) for `laps` laps (at least 1).
    init(frames: Range<Int>, threads: Int, laps: Int) {
        self.frames = frames
        self.threads = max(1, threads)
        self.laps = max(1, laps)
        runCount = (self.threads + 1) / 2
        untaken = .allocate(capacity: self.laps * runCount)
        for lap in 0..<self.laps {
            for run in 0..<runCount {
                (untaken + lap * runCount + run).initialize(to: Atomic(FrameSplit.run(run, of: frames, threads: self.threads).count))
            }
        }
    }

    deinit {
        untaken.deinitialize(count: laps * runCount)
        untaken.deallocate()
    }

    /// Run `run`'s frames: the share of `frames` of its threads (two, or the odd last one),
    /// `frames.count × first thread ÷ threads` onwards.
    static func run(_ run: Int, of frames: Range<Int>, threads: Int) -> Range<Int> {
        let first = 2 * run, end = min(first + 2, threads)
        // Both products are at most frames.count × threads: a pass's frames are few.
        return frames.lowerBound + frames.count * first / threads ..< frames.lowerBound + frames.count * end / threads
    }

    /// The frames thread `thread` takes in lap `lap`, one by one, in the order it draws them.
    func frames(ofThread thread: Int, lap: Int) -> Taker {
        precondition((0..<threads).contains(thread) && (0..<laps).contains(lap), "no such thread or lap")
        let run = thread / 2
        return Taker(run: FrameSplit.run(run, of: frames, threads: threads), fromEnd: thread % 2 == 1,
                     untaken: untaken + lap * runCount + run, split: self)
    }

    /// One thread's frames of one lap.
    struct Taker {
        /// The run the thread shares with its partner.
        let run: Range<Int>
        /// True for the second thread of a pair, which takes the run's frames from its end.
        let fromEnd: Bool
        fileprivate let untaken: UnsafeMutablePointer<Atomic<Int>>
        /// Keeps the counters alive while the taker is.
        fileprivate let split: FrameSplit
        /// How many frames this thread took.
        private var taken = 0

        fileprivate init(run: Range<Int>, fromEnd: Bool, untaken: UnsafeMutablePointer<Atomic<Int>>, split: FrameSplit) {
            (self.run, self.fromEnd, self.untaken, self.split) = (run, fromEnd, untaken, split)
        }

        /// The thread's next frame, or nil once every frame of the run is taken.
        mutating func next() -> Int? {
            // The counter is the only thing the two threads share: a take that finds it at
            // 0 leaves the frames to the partner, who has them all by then.
            guard untaken.pointee.subtract(1, ordering: .relaxed).oldValue > 0 else { return nil }
            defer { taken += 1 }
            return fromEnd ? run.upperBound - 1 - taken : run.lowerBound + taken
        }
    }
}

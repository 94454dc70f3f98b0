import Foundation
import MaskEngine

/// Renders frames for the preview on `jobs` threads, each with the buffers and PNG
/// encoder `mask render` gives its threads (`RenderBuffers`, `ImageWriter`), so a frame
/// here is the same bytes as `mask render FILE --at T -o x.png`.
///
/// Encoded frames are kept, up to `cacheBytes`, for the latest build: scrubbing back and
/// playing a loop again cost nothing. A frame asked for while it is being rendered is
/// rendered once; the second caller waits for the first's result.
final class FramePool: @unchecked Sendable {
    /// The encoded frames kept: a few hundred frames of an example at 1280×720.
    static let cacheBytes = 128 << 20

    /// Why a frame could not be made: the renderer's error (a budget stop, a layer it
    /// refused) for the frame at `time` seconds, mapped to the script by the caller.
    struct Failure: Error {
        var error: any Error
        var time: Double
    }

    private struct Key: Hashable {
        var generation: Int
        var time: UInt64
    }

    private final class Job {
        let key: Key
        let renderer: Renderer
        let time: Double
        var result: Result<[UInt8], Failure>?
        init(key: Key, renderer: Renderer, time: Double) {
            self.key = key
            self.renderer = renderer
            self.time = time
        }
    }

    private enum Entry {
        case rendering(Job)
        case done([UInt8], lastUse: Int)
    }

    /// Guards everything below; signalled when a job is queued and when one is done.
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var entries: [Key: Entry] = [:]
    private var keptBytes = 0
    private var uses = 0

    /// Starts `jobs` render threads.
    /// - Throws: `CommandFailure.input` when not even one thread can be started.
    init(jobs: Int) throws(CommandFailure) {
        for started in 0..<max(1, jobs) {
            do {
                try SystemThread.start(stackSize: Renderer.threadStackSize) { [self] in work() }
            } catch {
                if started == 0 { throw .input("cannot start the render threads: \(error)") }
                break
            }
        }
    }

    /// The PNG of `picture`'s frame at `time` seconds.
    func png(of picture: PreviewPicture, at time: Double) -> Result<[UInt8], Failure> {
        let key = Key(generation: picture.generation, time: time.bitPattern)
        condition.lock()
        defer { condition.unlock() }
        uses += 1
        let job: Job
        switch entries[key] {
        case let .done(bytes, _)?:
            entries[key] = .done(bytes, lastUse: uses)
            return .success(bytes)
        case .rendering(let pending)?:
            job = pending
        case nil:
            // A new build's first frame: the frames of older builds will not be asked for again.
            if entries.keys.contains(where: { $0.generation < key.generation }) { forget(before: key.generation) }
            job = Job(key: key, renderer: picture.renderer, time: time)
            entries[key] = .rendering(job)
            queue.append(job)
            condition.broadcast()
        }
        while true {
            if let result = job.result { return result }
            condition.wait()
        }
    }

    /// Drops the kept frames of builds before `generation`. Called with the lock held.
    private func forget(before generation: Int) {
        for (key, entry) in entries where key.generation < generation {
            if case .done(let bytes, _) = entry {
                keptBytes -= bytes.count
                entries[key] = nil
            }
        }
    }

    /// One render thread: takes jobs in order until the process ends.
    private func work() {
        let buffers = RenderBuffers(), writer = ImageWriter()
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let job = queue.removeFirst()
            condition.unlock()
            let result: Result<[UInt8], Failure>
            do {
                // A stop signal ends a long frame while it is drawn, so `serve` exits promptly.
                result = .success(try job.renderer.render(at: job.time, using: buffers, isCancelled: { StopSignal.isRequested }) { image in
                    try writer.encode(image, for: "frame.png", format: .png).bytes
                })
            } catch {
                result = .failure(Failure(error: error, time: job.time))
            }
            condition.lock()
            job.result = result
            if case .success(let bytes) = result, case .rendering(let pending)? = entries[job.key], pending === job {
                uses += 1
                entries[job.key] = .done(bytes, lastUse: uses)
                keptBytes += bytes.count
                evict()
            } else if case .rendering(let pending)? = entries[job.key], pending === job {
                entries[job.key] = nil
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Drops the least recently used frames until the kept ones fit `cacheBytes`.
    /// Called with the lock held.
    private func evict() {
        guard keptBytes > FramePool.cacheBytes else { return }
        let byAge = entries.compactMap { key, entry -> (Key, Int, Int)? in
            if case let .done(bytes, lastUse) = entry { return (key, lastUse, bytes.count) }
            return nil
        }.sorted { $0.1 < $1.1 }
        for (key, _, count) in byAge where keptBytes > FramePool.cacheBytes / 2 {
            entries[key] = nil
            keptBytes -= count
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads started straight through POSIX threads, with the stack size asked for.
///
/// Why not Foundation's `Thread`: starting one looks types up by name and bridges values
/// into an `NSDictionary` on first use, which was a measurable part of a short render's
/// start-up here; and when the system refuses a thread, `Thread.start()` gives no error,
/// so a caller waiting for it would wait forever. This type says so instead.
package enum SystemThread {
    /// The system refused a new thread (`pthread_create`), with its reason.
    package struct StartError: Error, CustomStringConvertible {
        /// The system's reason (`strerror`).
        package let reason: String
        package var description: String { "cannot start a thread: \(reason)" }
    }

    /// The largest stack asked of the system (1 TiB); a larger request asks for this.
    package static let maxStackSize = 1 << 40

    /// Runs `body` on a new, detached thread with a stack of at least `stackSize` bytes.
    /// - Throws: `StartError` when the system refuses the thread; `body` has not run then.
    package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // A size the system refuses (below its minimum, or not page-rounded on some
        // systems) leaves its default, which is no smaller than what was asked in practice.
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        let wanted = min(max(stackSize, Int(PTHREAD_STACK_MIN)), maxStackSize)
        let rounded = (wanted + page - 1) / page * page
        _ = pthread_attr_setstacksize(&attributes, rounded)
        _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))

        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw StartError(reason: String(cString: strerror(result)))
        }
    }

    /// Runs `body` on a new thread with a stack of at least `stackSize` bytes and returns
    /// its result once it has finished.
    /// - Throws: `StartError` when the system refuses the thread; `body` has not run then.
    package static func run<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) throws(StartError) -> Result {
        let slot = ResultSlot<Result>()
        try start(stackSize: stackSize) {
            slot.put(body())
        }
        return slot.take()
    }

    /// The closure a new thread runs, carried through `pthread_create`'s one pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// A value handed from one thread to another: `take` waits until `put` has been called.
private final class ResultSlot<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var value: Value?

    func put(_ new: Value) {
        condition.lock()
        value = new
        condition.signal()
        condition.unlock()
    }

    func take() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}

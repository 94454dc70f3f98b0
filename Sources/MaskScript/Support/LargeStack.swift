import Foundation

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for its result.
///
/// The parser (and anything else that recurses over the syntax tree) bounds its depth
/// with a nesting limit, but the stack that depth needs depends on the build: a debug
/// build's frames are several kilobytes, and threads other than the main one (Swift
/// concurrency's, for instance) may have only 512 KiB. A private stack makes the limit
/// mean the same thing everywhere. Only the pages actually touched are committed.
func withLargeStack<Result: Sendable>(stackSize: Int = 64 << 20, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let thread = Thread {
        box.value = body()
        box.done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    box.done.wait()
    // The semaphore orders the write on the worker thread before this read, and the
    // worker signals only after writing, so the value is always there. Running `body`
    // here instead would defeat the point: this thread's stack may be too small for it.
    guard let value = box.value else { preconditionFailure("the large-stack thread signalled without a result") }
    return value
}

/// The result slot shared with the worker thread; `done` is signalled after `value` is set.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
    let done = DispatchSemaphore(value: 0)
}

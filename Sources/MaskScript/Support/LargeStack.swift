import MaskEngine

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for its result.
///
/// The parser (and anything else that recurses over the syntax tree) bounds its depth
/// with a nesting limit, but the stack that depth needs depends on the build: a debug
/// build's frames are several kilobytes, and threads other than the main one (Swift
/// concurrency's, for instance) may have only 512 KiB. A private stack makes the limit
/// mean the same thing everywhere. Only the pages actually touched are committed.
/// - Throws: `SystemThread.StartError` when the system refuses the thread; `body` has
///   not run then.
func withLargeStack<Result: Sendable>(stackSize: Int = 64 << 20,
                                      _ body: @escaping @Sendable () -> Result) throws(SystemThread.StartError) -> Result {
    try SystemThread.run(stackSize: stackSize, body)
}

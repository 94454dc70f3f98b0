import CStack
import MaskEngine

/// The address of the current machine stack frame: the stack grows down from where a
/// run starts, so the distance from there says how deep the run has recursed. It is read
/// from the frame pointer (`mask_stack_position`), not from a local's address, which
/// AddressSanitizer may place on its heap-allocated fake stack.
@inline(__always)
func stackAddress() -> UInt {
    UInt(mask_stack_position())
}

/// How much of `withLargeStack`'s 64 MiB a run may use before its calls are refused. The
/// call depth limit alone cannot bound the stack: each call may sit inside an expression
/// nested 256 levels deep, and a debug build's frames are several kilobytes.
let stackBudget: UInt = 48 << 20

extension Interpreter {
    /// Runs `body` on a private large stack (see `withLargeStack`), with the stack guard
    /// of `call` measured from there, and returns its result on this thread.
    /// - Throws: what `body` throws; an error at `range` when the system refuses the
    ///   thread (the guard's budget assumes that stack, so `body` does not run here).
    func onLargeStack<T>(at range: SourceRange, _ body: @escaping () throws(RuntimeError) -> T) throws(RuntimeError) -> T {
        let job = StackJob(interpreter: self, body: body)
        let outcome: StackResult<T>
        do {
            outcome = try withLargeStack { job.run() }
        } catch {
            throw RuntimeError("cannot run the script: \(error)", at: range)
        }
        return try outcome.result.get()
    }
}

/// A body handed to the large-stack thread; the caller waits for it, so the interpreter
/// is never used from two threads at once.
private struct StackJob<T>: @unchecked Sendable {
    let interpreter: Interpreter
    let body: () throws(RuntimeError) -> T

    func run() -> StackResult<T> {
        let saved = interpreter.stackFloor
        let here = stackAddress()
        interpreter.stackFloor = here > stackBudget ? here - stackBudget : 0
        defer { interpreter.stackFloor = saved }
        do throws(RuntimeError) {
            return StackResult(result: .success(try body()))
        } catch {
            return StackResult(result: .failure(error))
        }
    }
}

private struct StackResult<T>: @unchecked Sendable {
    let result: Result<T, RuntimeError>
}

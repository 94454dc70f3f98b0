import Glibc
import Synchronization

/// Set by SIGINT, read and cleared in ordinary code: between frames of `:render`, rows of
/// `:show`, steps of the interpreter, and by readline's signal hook while a line is typed.
private let pending = Atomic<Bool>(false)

/// Ctrl-C handling for the interactive REPL: the signal only raises a flag, so whatever is
/// running stops at its next check and control returns to the prompt.
enum Interrupt {
    /// Installs the SIGINT handler. It is installed without `SA_RESTART`, so a blocking
    /// read in readline returns `EINTR` and readline calls its signal hook at once.
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in pending.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// True when Ctrl-C was pressed and not yet handled.
    static var isPending: Bool {
        pending.load(ordering: .relaxed)
    }

    /// Clears the flag; returns whether it was set.
    @discardableResult
    static func take() -> Bool {
        pending.exchange(false, ordering: .relaxed)
    }
}

/// The exit statuses of `mask`, as its help lists them.
enum ExitStatus {
    /// Everything worked.
    static let success: Int32 = 0
    /// An error in the script or its inputs or outputs: a syntax or run-time error, a
    /// missing script or image, a bad PNG, an output that cannot be written.
    static let failure: Int32 = 1
    /// Bad command-line usage: unknown option, missing or extra argument, bad value.
    static let usage: Int32 = 2

    /// The shell's convention for a process stopped by a signal: 128 + its number
    /// (130 for SIGINT, 143 for SIGTERM).
    static func interrupted(by signal: Int32) -> Int32 {
        128 + signal
    }
}

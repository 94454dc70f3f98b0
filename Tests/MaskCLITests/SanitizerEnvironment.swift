import Foundation

/// The sanitizer settings of the test run, for a child process started with an
/// environment of its own: under `ASAN_OPTIONS=detect_leaks=0 swift test
/// --sanitize=address`, the `mask` binaries the tests start are instrumented too and
/// must run with the same options.
enum SanitizerEnvironment {
    /// `ASAN_OPTIONS`, `LSAN_OPTIONS` and `UBSAN_OPTIONS` as this process has them.
    static let variables: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"].contains(name)
    }

    /// `environment` with the sanitizer settings added.
    static func adding(to environment: [String: String]) -> [String: String] {
        environment.merging(variables) { own, _ in own }
    }
}

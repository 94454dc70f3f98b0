#if DEBUG
import Foundation
#endif

/// Places where a test may freeze the tool in order to kill it exactly there, without
/// guessing with a pause: in a debug build, when `MASK_TEST_STOP_AT` names the place, the
/// process stops itself with `SIGSTOP`, which the test sees through `waitpid(WUNTRACED)`
/// before it sends `SIGKILL`. A release build has no such places.
enum TestStop: String {
    /// `fmt -w`, once the temporary file beside the script exists and before it is written.
    case formatTemporary = "fmt-temporary"

    /// Stops the process when the environment asks for this place (debug builds only).
    func here() {
        #if DEBUG
        if let asked = getenv("MASK_TEST_STOP_AT"), String(cString: asked) == rawValue { raise(SIGSTOP) }
        #endif
    }
}

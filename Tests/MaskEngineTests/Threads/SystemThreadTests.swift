import XCTest
@testable import MaskEngine

final class SystemThreadTests: XCTestCase {
    func testRunGivesTheResultComputedOnTheNewThread() throws {
        let caller = pthread_self()
        let (ranElsewhere, value) = try SystemThread.run(stackSize: 1 << 20) {
            (pthread_equal(pthread_self(), caller) == 0, 6 * 7)
        }
        XCTAssertTrue(ranElsewhere)
        XCTAssertEqual(value, 42)
    }

    func testARefusedThreadIsAnErrorNotAHang() {
        // The largest stack it asks for, 1 TiB, is more than this machine lets a process map
        // (the kernel's heuristic overcommit refuses a mapping larger than memory and swap).
        // (The stack size itself is tested by the deeply nested scripts of HostileInputTests,
        // which need the interpreter's 64 MiB stack.)
        XCTAssertThrowsError(try SystemThread.run(stackSize: Int.max) { 1 }) { error in
            guard let refused = error as? SystemThread.StartError else { return XCTFail("\(error)") }
            XCTAssertTrue(refused.description.hasPrefix("cannot start a thread: "), refused.description)
        }
    }
}

import XCTest
@testable import MaskEngine

/// `DrawPipeline.Modulators`: a list's modulators held flat, the first three factors in
/// place and the rest in an array — each factor in order and with its modulator, however
/// the list is made and however long.
final class ModulatorsTests: XCTestCase {
    /// The constants of a list, in order, with their modulators.
    private func read(_ list: DrawPipeline.Modulators) -> [(Int, UInt32)] {
        (0..<list.factorCount).map { i in
            guard case .constant(let k) = list.factor(i) else { return (list.modulator(ofFactor: i), 0) }
            return (list.modulator(ofFactor: i), k)
        }
    }

    func testEveryLengthKeepsItsFactorsInOrder() {
        // Within the three factors held in place and past them (the overflow into `more`),
        // a new modulator every third factor.
        for n in 0...8 {
            var list = DrawPipeline.Modulators()
            for i in 0..<n {
                if i % 3 == 0 { list.append(modulator: .constant(UInt32(i + 1))) } else { list.append(factor: .constant(UInt32(i + 1))) }
            }
            XCTAssertEqual(list.factorCount, n)
            XCTAssertEqual(list.count, (n + 2) / 3)
            let read = read(list)
            XCTAssertEqual(read.map(\.0), (0..<n).map { $0 / 3 }, "\(n) factors: their modulators")
            XCTAssertEqual(read.map(\.1), (0..<n).map { UInt32($0 + 1) }, "\(n) factors: their order")
            XCTAssertEqual(list.hasOneFactorEach, n <= 1)
        }
    }

    func testTheInitialisersMakeTheRenderersLists() {
        let plain = DrawPipeline.Modulators(.constant(1), times: .constant(2))
        XCTAssertEqual(plain.count, 1)
        XCTAssertEqual(read(plain).map(\.0), [0, 0])
        XCTAssertEqual(read(plain).map(\.1), [1, 2])
        let masked = DrawPipeline.Modulators(.constant(1), then: .constant(2), then: .constant(3))
        XCTAssertEqual(masked.count, 3)
        XCTAssertTrue(masked.hasOneFactorEach)
        XCTAssertEqual(read(masked).map(\.0), [0, 1, 2])
        XCTAssertEqual(read(masked).map(\.1), [1, 2, 3])
        let two = DrawPipeline.Modulators(.constant(1), then: .constant(2))
        XCTAssertEqual(read(two).map(\.0), [0, 1])
        XCTAssertEqual(DrawPipeline.Modulators(.constant(7)).factorCount, 1)
    }

    func testTheLiteralAndOneModulatorAlone() {
        let list: DrawPipeline.Modulators = [[.constant(1), .constant(2)], [], [.constant(3)], [.constant(4), .constant(5), .constant(6)]]
        // The empty modulator is left out.
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(read(list).map(\.0), [0, 0, 1, 2, 2, 2])
        XCTAssertEqual(read(list).map(\.1), [1, 2, 3, 4, 5, 6])
        let last = list.only(2)
        XCTAssertEqual(last.count, 1)
        XCTAssertEqual(read(last).map(\.0), [0, 0, 0])
        XCTAssertEqual(read(last).map(\.1), [4, 5, 6])
        XCTAssertEqual(read(list.only(0)).map(\.1), [1, 2])
    }
}

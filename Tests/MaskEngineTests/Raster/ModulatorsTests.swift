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

    /// The kinds and constants read in place are the factors' own, at every place (in the
    /// list and past it), nil outside the list; the first coverage is handed out only when
    /// factor 0 is one.
    func testKindsAndConstantsReadInPlaceAreTheFactors() {
        let coverage = CoverageMask(rect: PixelRect(x0: 2, y0: 3, x1: 6, y1: 5), values: [UInt8](repeating: 9, count: 8))
        let runs = RunMask(zeroOver: PixelRect(x0: 0, y0: 0, x1: 4, y1: 4))
        let factors: [DrawPipeline.Factor] = [.coverage(coverage), .constant(17), .mask(coverage), .runs(runs), .constant(200), .mask(coverage)]
        let kinds: [DrawPipeline.FactorKind] = [.coverage, .constant, .mask, .runs, .constant, .mask]
        for n in 0...factors.count {
            var list = DrawPipeline.Modulators()
            for factor in factors.prefix(n) { list.append(modulator: factor) }
            for i in -1...n {
                XCTAssertEqual(list.kind(ofFactor: i), (0..<n).contains(i) ? kinds[i] : nil, "\(n) factors: kind of \(i)")
                let constant: UInt32? = i == 1 && n > 1 ? 17 : (i == 4 && n > 4 ? 200 : nil)
                XCTAssertEqual(list.constant(ofFactor: i), constant, "\(n) factors: constant of \(i)")
            }
            XCTAssertEqual(list.withFirstCoverage { $0.rect }, n > 0 ? coverage.rect : nil)
        }
        let constantFirst = DrawPipeline.Modulators(.constant(3), times: .coverage(coverage))
        XCTAssertNil(constantFirst.withFirstCoverage { $0.rect })
        XCTAssertEqual(constantFirst.constant(ofFactor: 0), 3)
    }
}

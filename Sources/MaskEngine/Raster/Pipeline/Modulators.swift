extension DrawPipeline {
    /// A list's modulators, flat: their factors in order, each with the modulator it
    /// belongs to; the first three factors held in the list itself, any more in an array.
    ///
    /// A list is made and dropped on every draw, and every list the renderer makes has at
    /// most three factors (`[coverage, constant]`; `[coverage] [mask] [constant]`). As an
    /// array of modulators, each an array of factors, a list cost two to four heap blocks,
    /// made, filled and freed (about 150 K instructions a frame of the heavy scene, 100
    /// draws); held in place it costs none. The longer lists of the tests keep the rest in
    /// `more`. Each modulator has at least one factor.
    struct Modulators: ExpressibleByArrayLiteral {
        /// The first three factors (a filler past `factorCount`, never read).
        private var factor0: Factor, factor1: Factor, factor2: Factor
        /// The modulators the first three factors belong to.
        private var modulator0: Int, modulator1: Int, modulator2: Int
        /// The factors after the first three, in order, with their modulators.
        private var more: [(modulator: Int, factor: Factor)] = []
        /// How many modulators.
        private(set) var count: Int
        /// How many factors, all modulators together.
        private(set) var factorCount: Int

        /// Every stored property set at once (each list's fields written once, no filler
        /// written and then replaced).
        private init(_ f0: Factor, _ f1: Factor, _ f2: Factor, modulators m0: Int, _ m1: Int, _ m2: Int, count: Int, factorCount: Int) {
            (factor0, factor1, factor2) = (f0, f1, f2)
            (modulator0, modulator1, modulator2) = (m0, m1, m2)
            self.count = count
            self.factorCount = factorCount
        }

        /// No modulator (a list that draws its source as it is).
        init() {
            let filler = Factor.constant(255)
            self.init(filler, filler, filler, modulators: 0, 0, 0, count: 0, factorCount: 0)
        }

        /// One modulator of one factor: `[a]`.
        init(_ a: Factor) {
            let filler = Factor.constant(255)
            self.init(a, filler, filler, modulators: 0, 0, 0, count: 1, factorCount: 1)
        }

        /// One modulator of two factors, `a` times `b` rounded once: `[a, b]`.
        init(_ a: Factor, times b: Factor) {
            self.init(a, b, .constant(255), modulators: 0, 0, 0, count: 1, factorCount: 2)
        }

        /// Two modulators of one factor each, in order: `[a] [b]`.
        init(_ a: Factor, then b: Factor) {
            self.init(a, b, .constant(255), modulators: 0, 1, 0, count: 2, factorCount: 2)
        }

        /// Three modulators of one factor each, in order: `[a] [b] [c]`.
        init(_ a: Factor, then b: Factor, then c: Factor) {
            self.init(a, b, c, modulators: 0, 1, 2, count: 3, factorCount: 3)
        }

        /// The modulators of the literal, each the list of its factors, in order (as the
        /// docs write them: `[[.coverage(c)], [.mask(m)], [.constant(k)]]`); an empty
        /// modulator is left out.
        init(arrayLiteral modulators: [Factor]...) {
            self.init()
            for factors in modulators {
                guard let first = factors.first else { continue }
                append(modulator: first)
                for factor in factors.dropFirst() { append(factor: factor) }
            }
        }

        /// Adds a modulator after the others, its first factor `first`.
        mutating func append(modulator first: Factor) {
            count &+= 1
            put(first)
        }

        /// Adds a factor to the last modulator, multiplied after its others (the first
        /// modulator's first factor when there is none yet).
        mutating func append(factor: Factor) {
            if count == 0 { count = 1 }
            put(factor)
        }

        /// Stores `factor` as the last modulator's.
        private mutating func put(_ factor: Factor) {
            let m = count &- 1
            switch factorCount {
            case 0: (factor0, modulator0) = (factor, m)
            case 1: (factor1, modulator1) = (factor, m)
            case 2: (factor2, modulator2) = (factor, m)
            default: more.append((m, factor))
            }
            factorCount &+= 1
        }

        /// Factor `i` of all (`0 ..< factorCount`, in order); outside that range it traps,
        /// as an array's subscript does.
        func factor(_ i: Int) -> Factor { entry(i).factor }

        /// The modulator that factor `i` belongs to (`0 ..< count`).
        func modulator(ofFactor i: Int) -> Int { entry(i).modulator }

        /// Factor `i` and its modulator, from its place.
        private func entry(_ i: Int) -> (modulator: Int, factor: Factor) {
            switch i {
            case 0 where i < factorCount: return (modulator0, factor0)
            case 1 where i < factorCount: return (modulator1, factor1)
            case 2 where i < factorCount: return (modulator2, factor2)
            default: return more[i &- 3]
            }
        }

        /// What factor `i` is, read where it lies (no copy of the arrays of a coverage, a
        /// mask or runs); nil outside `0 ..< factorCount`.
        func kind(ofFactor i: Int) -> FactorKind? { reading(i, Modulators.kind(of:)) }

        /// The constant of factor `i`, read where it lies; nil when it is none (or outside
        /// `0 ..< factorCount`).
        func constant(ofFactor i: Int) -> UInt32? { reading(i, Modulators.constant(of:)) ?? nil }

        /// `body` of factor `i` where it lies; nil outside `0 ..< factorCount`.
        @inline(__always)
        private func reading<R>(_ i: Int, _ body: (Factor) -> R) -> R? {
            switch i {
            case 0 where i < factorCount: return body(factor0)
            case 1 where i < factorCount: return body(factor1)
            case 2 where i < factorCount: return body(factor2)
            case 3... where i < factorCount: return body(more[i &- 3].factor)
            default: return nil
            }
        }

        /// Calls `body` with factor 0's coverage where it lies, not copied (a copy retains
        /// its three arrays and releases them after); nil when factor 0 is no coverage.
        @inline(__always)
        func withFirstCoverage<R>(_ body: (CoverageMask) -> R) -> R? {
            guard factorCount > 0, case .coverage(let coverage) = factor0 else { return nil }
            return body(coverage)
        }

        private static func kind(of factor: Factor) -> FactorKind {
            switch factor {
            case .coverage: return .coverage
            case .mask: return .mask
            case .runs: return .runs
            case .constant: return .constant
            }
        }

        private static func constant(of factor: Factor) -> UInt32? {
            guard case .constant(let k) = factor else { return nil }
            return k
        }

        /// True when every modulator has one factor (then factor `m` is modulator `m`'s).
        var hasOneFactorEach: Bool { factorCount == count }

        /// Modulator `m` alone, its factors in order: a list of its own.
        func only(_ m: Int) -> Modulators {
            var one = Modulators()
            for i in 0..<factorCount where modulator(ofFactor: i) == m { one.append(factor: factor(i)) }
            return one
        }
    }
}

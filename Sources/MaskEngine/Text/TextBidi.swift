import CFriBiDi

/// The Unicode bidi algorithm (UAX #9) through FriBiDi, as Pango uses it: embedding
/// levels for a line in logical order, and the visual order of runs.
enum TextBidi {
    /// Each scalar's embedding level (even: left to right, odd: right to left). The base
    /// direction is the first strong character's, left to right when there is none.
    static func levels(of text: [Unicode.Scalar]) -> [UInt8] {
        guard !text.isEmpty, text.count < Int(Int32.max) else { return [] }
        let count = Int32(text.count)
        let codes = text.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: text.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: text.count)
        var levels = [FriBidiLevel](repeating: 0, count: text.count)
        fribidi_get_bidi_types(codes, count, &types)
        fribidi_get_bracket_types(codes, count, types, &brackets)
        var base = FRIBIDI_PAR_ON
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels)
        // 0 is FriBiDi's failure (out of memory): lay the line out left to right.
        guard result != 0 else { return [UInt8](repeating: 0, count: text.count) }
        return levels.map { UInt8(clamping: $0) }
    }

    /// The visual order of runs with these levels (rule L2): from the highest level down
    /// to the lowest odd one, every stretch of runs at that level or above is reversed.
    static func visualOrder(ofRunLevels levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}

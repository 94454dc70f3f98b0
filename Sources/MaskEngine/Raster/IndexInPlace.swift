extension Array {
    /// The index of the first element that `test` accepts, or nil, the elements read in
    /// place: `firstIndex(where:)` hands each a copy, so an element holding arrays (a memo's
    /// entry, a key's record) is retained and released at every look-up.
    func indexInPlace(where test: (Element) -> Bool) -> Int? {
        withUnsafeBufferPointer { list in list.indices.first { test(list[$0]) } }
    }

    /// The index of the last element that `test` accepts, or nil, the elements read in
    /// place from the end.
    func lastIndexInPlace(where test: (Element) -> Bool) -> Int? {
        withUnsafeBufferPointer { list in list.indices.reversed().first { test(list[$0]) } }
    }
}

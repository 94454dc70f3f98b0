/// Whole numbers as the command line spells them.
enum WholeNumber {
    /// A run of ASCII digits as an Int; nil for anything else (signs, spaces, fractions)
    /// and for numbers too large to represent, which Int's parser reports as nil rather
    /// than trapping.
    static func parse(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }
}

import MaskEngine

/// Hints for mistakes new users make (issue 13), appended to the messages they get.
extension Interpreter {
    /// `color` on a layer that has none: which property colours that kind.
    static func colourPropertyHint(_ property: LayerProperty, _ kind: LayerKeyword) -> String {
        guard property.meaning == .engine(.textColor) else { return "" }
        switch kind {
        case .layer: return "; a plain layer's colour is `background`"
        case .shape: return "; a shape is coloured by `fill` (and `stroke`)"
        case .gradient: return "; a gradient's colours are `colors`"
        case .text, .grid: return ""
        }
    }

    /// A colour name written as a string (`background: "red"`): colours are values.
    static func colourHint(_ expected: String, _ value: Value) -> String {
        guard expected.hasPrefix("a colour"), case .string(let text) = value else { return "" }
        if let colour = Color.named[text] {
            return "; write the colour without quotes: `\(text)` (or `\(colour)`)"
        }
        if text.hasPrefix("#") { return "; write the colour without quotes: `\(text)`" }
        return ""
    }
}

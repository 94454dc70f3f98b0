import MaskEngine

/// The properties a script can name on each kind of layer, and how each maps onto the
/// engine's keys. `x`, `y`, `width`, `height` and `frame` are the frame's parts, as in
/// UIKit: changing `width` keeps the left edge where it is.
enum LayerProperty: String, CaseIterable {
    case frame, x, y, width, height, position, anchor, opacity, background, cornerRadius
    case clip, hidden, scale, rotation, contents, gravity, z, mask, maskMode, maskInvert
    case colors, locations, start, end, type
    case path, fill, stroke, lineWidth, strokeStart, strokeEnd, fillRule
    case string, font, size, color, align
    case rows, columns
    /// Read-only: a grid's tiles.
    case tiles

    /// The kinds that have the property.
    func applies(to kind: LayerKeyword) -> Bool {
        switch self {
        case .colors, .locations, .start, .end, .type: return kind == .gradient
        case .path, .fill, .stroke, .lineWidth, .strokeStart, .strokeEnd, .fillRule: return kind == .shape
        case .string, .font, .size, .align: return kind == .text
        case .color: return kind == .text || kind == .grid
        case .rows, .columns, .tiles: return kind == .grid
        default: return true
        }
    }

    /// True when `animate` may change it.
    var isAnimatable: Bool {
        switch self {
        case .frame, .x, .y, .width, .height, .position, .anchor, .opacity, .background,
             .cornerRadius, .scale, .rotation, .colors, .locations, .start, .end, .path, .fill,
             .stroke, .lineWidth, .strokeStart, .strokeEnd, .size, .color:
            return true
        default: return false
        }
    }

    /// The names a layer of this kind has, for "did you mean".
    static func names(for kind: LayerKeyword) -> [String] {
        allCases.filter { $0.applies(to: kind) }.map(\.rawValue)
    }

    /// The choice words a property accepts as bare names (`gravity: aspectFill`).
    var choices: [String]? {
        switch self {
        case .gravity: return Gravity.allCases.map(\.rawValue)
        case .type: return GradientType.allCases.map(\.rawValue)
        case .fillRule: return FillRule.allCases.map(\.rawValue)
        case .align: return TextAlignment.allCases.map(\.rawValue)
        case .maskMode: return MaskMode.allCases.map(\.rawValue)
        default: return nil
        }
    }
}

extension LayerKeyword {
    /// The engine's kind for a declaration keyword.
    var engineKind: MaskEngine.LayerKind {
        switch self {
        case .layer: return .plain
        case .gradient: return .gradient
        case .shape: return .shape
        case .text: return .text
        case .grid: return .grid
        }
    }
}

import MaskEngine

extension Value {
    /// A rectangle as the language shows it: `[x, y, width, height]`.
    static func rect(_ r: Rect) -> Value {
        .list([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    /// The language's view of an engine value.
    init(_ value: PropertyValue, refs: [LayerRef]) {
        switch value {
        case .number(let v): self = .number(v)
        case .point(let p): self = .list([.number(p.x), .number(p.y)])
        case .size(let s): self = .list([.number(s.width), .number(s.height)])
        case .bool(let b): self = .bool(b)
        case .color(let c): self = .color(c)
        case .optionalColor(let c): self = c.map { .color($0) } ?? .nil
        case .numbers(let v): self = .list(v.map { .number($0) })
        case .optionalNumbers(let v): self = v.map { .list($0.map { .number($0) }) } ?? .nil
        case .colors(let v): self = .list(v.map { .color($0) })
        case .path(let p): self = .path(p)
        case .optionalPath(let p): self = p.map { .path($0) } ?? .nil
        case .image(let i): self = i.map { .image($0) } ?? .nil
        case .string(let s): self = .string(s)
        case .font(let f): self = .string(f?.name ?? Font.defaultFamily)
        case .layer(let l): self = l.flatMap { $0.index < refs.count ? .layer(refs[$0.index]) : nil } ?? .nil
        case .layers(let l): self = .list(l.compactMap { $0.index < refs.count ? .layer(refs[$0.index]) : nil })
        case .gravity(let g): self = .string(g.rawValue)
        case .gradientType(let g): self = .string(g.rawValue)
        case .fillRule(let f): self = .string(f.rawValue)
        case .alignment(let a): self = .string(a.rawValue)
        case .maskMode(let m): self = .string(m.rawValue)
        case .truncation(let t): self = .string(t.rawValue)
        case .maskCombine(let m): self = .string(m.rawValue)
        }
    }
}

extension Interpreter {
    /// Converts a script value into the engine changes that set `property` on `layer`,
    /// reading what the conversion needs (anchor, size) at `time`.
    func convert(_ value: Value, for property: LayerProperty, of layer: LayerRef, at time: Double,
                 range: SourceRange) throws(RuntimeError) -> [(PropertyKey, PropertyValue)] {
        let name = property.name
        // Long lists, paths and strings cost the engine time to check and interpolate.
        switch value {
        case .list(let items): try charge(items.count, .items, at: range)
        case .path(let p): try charge(p.elements.count, .items, at: range)
        case .string(let s): try charge(s.utf8.count, .bytes, at: range)
        default: break
        }
        func mismatch(_ expected: String) -> RuntimeError {
            RuntimeError("`\(name)` expects \(expected), got \(value.typeName)\(Interpreter.colourHint(expected, value))", at: range)
        }
        func num() throws(RuntimeError) -> Double {
            guard case .number(let v) = value else { throw mismatch("a number") }
            guard v.isFinite else { throw RuntimeError("`\(name)` expects a finite number", at: range) }
            return v
        }
        func numbers(_ count: Int, _ expected: String) throws(RuntimeError) -> [Double] {
            guard case .list(let items) = value, items.count == count else { throw mismatch(expected) }
            var out: [Double] = []
            for item in items {
                guard case .number(let v) = item else { throw mismatch(expected) }
                guard v.isFinite else {
                    throw RuntimeError("`\(name)` expects \(expected) of finite numbers, got \(value.description)", at: range)
                }
                out.append(v)
            }
            return out
        }
        func point() throws(RuntimeError) -> Point {
            let v = try numbers(2, "a point [x, y]")
            return Point(v[0], v[1])
        }
        func color() throws(RuntimeError) -> Color {
            guard case .color(let c) = value else { throw mismatch("a colour") }
            return c
        }
        func optionalColor() throws(RuntimeError) -> PropertyValue {
            switch value {
            case .color(let c): return .optionalColor(c)
            case .nil: return .optionalColor(nil)
            default: throw mismatch("a colour or nil")
            }
        }
        func bool() throws(RuntimeError) -> Bool {
            guard case .bool(let b) = value else { throw mismatch("a bool") }
            return b
        }
        func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(RuntimeError) -> T where T.RawValue == String {
            let words = T.allCases.map(\.rawValue)
            guard case .string(let s) = value else { throw mismatch("one of \(words.joined(separator: ", "))") }
            guard let c = T(rawValue: s) else {
                throw RuntimeError("`\(name)` expects one of \(words.joined(separator: ", ")), got `\(s)`\(Suggestion.hint(for: s, in: words))", at: range)
            }
            return c
        }
        func anchorAndSize() throws(RuntimeError) -> (Point, Size, Point) {
            do {
                let state = try scene.state(of: layer.id, at: time)
                return (state.anchor, state.size, state.position)
            } catch { throw RuntimeError(error, at: range) }
        }
        /// Adds the parts (`position.x` of `position`) that already have changes: a frame
        /// applies them after the whole whatever their times, so a later change of the
        /// whole must drive them too or they would keep their old values.
        func withTrackedParts(_ changes: [(PropertyKey, PropertyValue)]) throws(RuntimeError) -> [(PropertyKey, PropertyValue)] {
            var out = changes
            for (key, value) in changes {
                let parts = key.parts.filter { scene.timeline.hasTrack(layer: layer.id, key: $0) }
                guard !parts.isEmpty else { continue }
                var scratch = LayerState(kind: layer.kind.engineKind)
                do { try scratch.set(key, to: value) } catch { throw RuntimeError(.property(error), at: range) }
                for part in parts { out.append((part, scratch.value(for: part))) }
            }
            return out
        }
        /// The engine value of a property that maps onto one engine key, by its type.
        func engineValue(for key: PropertyKey) throws(RuntimeError) -> PropertyValue {
            switch key.valueType {
            case .number:
                let v = try num()
                if key == .fontSize, !(v > 0 && v <= 4096) {
                    throw RuntimeError("`\(name)` must be above 0 and at most 4096, got \(v.shortDescription)", at: range)
                }
                return .number(v)
            case .point: return .point(try point())
            case .size:
                let v = try numbers(2, "a size [width, height]")
                return .size(Size(v[0], v[1]))
            case .bool: return .bool(try bool())
            case .color: return .color(try color())
            case .optionalColor: return try optionalColor()
            case .choice(let words):
                guard case .string(let s) = value else { throw mismatch("one of \(words.joined(separator: ", "))") }
                guard let choice = key.declaration.choice(s) else {
                    throw RuntimeError("`\(name)` expects one of \(words.joined(separator: ", ")), got `\(s)`\(Suggestion.hint(for: s, in: words))", at: range)
                }
                return choice
            case .image:
                switch value {
                case .image(let i): return .image(i)
                case .nil: return .image(nil)
                case .string(let path): return .image(try loadImage(path, at: range))
                default: throw mismatch("an image, a path string or nil")
                }
            case .colors:
                guard case .list(let items) = value else { throw mismatch("a list of colours") }
                var colors: [Color] = []
                for item in items {
                    guard case .color(let c) = item else {
                        throw RuntimeError("`\(name)` expects a list of colours, got a list holding \(item.typeName)", at: range)
                    }
                    colors.append(c)
                }
                return .colors(colors)
            case .optionalNumbers:
                if case .nil = value { return .optionalNumbers(nil) }
                guard case .list(let items) = value else { throw mismatch("a list of numbers or nil") }
                var numbers: [Double] = []
                for item in items {
                    guard case .number(let v) = item, v.isFinite else {
                        throw RuntimeError("`\(name)` expects a list of numbers, got a list holding \(item.typeName)", at: range)
                    }
                    numbers.append(v)
                }
                return .numbers(numbers)
            case .path:
                switch value {
                case .path(let p): return .path(p)
                case .list(let items) where items.count == 4:
                    let v = try numbers(4, "a path or a rectangle")
                    return .path(.rect(Rect(v[0], v[1], v[2], v[3])))
                default: throw mismatch("a path")
                }
            case .optionalPath:
                switch value {
                case .path(let p): return .optionalPath(p)
                case .nil: return .optionalPath(nil)
                default: throw mismatch("a path or nil")
                }
            case .string:
                guard case .string(let s) = value else { throw mismatch("a string") }
                return .string(s)
            case .font:
                guard case .string(let s) = value else { throw mismatch("a font name or a .ttf path") }
                return .font(try loadFont(s, at: range))
            case .layer, .layers:
                // `mask` and `masks` are set by `assignMasks`, which knows the tree.
                throw mismatch("a layer set through `mask` or `masks`")
            }
        }
        switch property.meaning {
        case .frame:
            let v = try numbers(4, "a rectangle [x, y, width, height]")
            guard v[2] >= 0, v[3] >= 0 else { throw RuntimeError("`frame` needs a width and height of 0 or more", at: range) }
            let (a, _, _) = try anchorAndSize()
            let position = Point(v[0] + a.x * v[2], v[1] + a.y * v[3]), size = Size(v[2], v[3])
            return try withTrackedParts([(.size, .size(size)), (.position, .point(position))])
        case .x:
            let (a, s, _) = try anchorAndSize()
            return [(.positionX, .number(try num() + a.x * s.width))]
        case .y:
            let (a, s, _) = try anchorAndSize()
            return [(.positionY, .number(try num() + a.y * s.height))]
        case .width, .height:
            let v = try num()
            guard v >= 0 else { throw RuntimeError("`\(name)` must be 0 or more, got \(v.shortDescription)", at: range) }
            let (a, s, p) = try anchorAndSize()
            // The frame's left (top) edge stays put, as when UIKit changes frame.size.
            if property.meaning == .width {
                let left = p.x - a.x * s.width
                return [(.width, .number(v)), (.positionX, .number(left + a.x * v))]
            }
            let top = p.y - a.y * s.height
            return [(.height, .number(v)), (.positionY, .number(top + a.y * v))]
        case .rows, .columns, .tiles:
            return []
        case .engine(let key):
            return try withTrackedParts([(key, try engineValue(for: key))])
        }

    }

    /// Reads an image through the resolver, once per path.
    func loadImage(_ path: String, at range: SourceRange) throws(RuntimeError) -> Image {
        let key = resources.identity(ofImage: path) ?? AnyHashable(path)
        if let cached = imageCache[key] { return cached }
        let image: Image
        do {
            image = try resources.image(named: path)
        } catch {
            throw RuntimeError(String(describing: error), at: range)
        }
        // Each image's size is bounded when it is decoded; this bounds them all together.
        let (total, overflow) = imageBytes.addingReportingOverflow(image.width * image.height * 4)
        guard !overflow, total <= limits.imageBytes else {
            throw RuntimeError("the images this script reads would take more than the limit of "
                + "\(Limits.describe(bytes: limits.imageBytes)) of memory decoded; `\(path)` is \(image.width)×\(image.height)", at: range)
        }
        imageBytes = total
        imageCache[key] = image
        return image
    }

    /// Loads a font through the resolver, once per name.
    func loadFont(_ name: String, at range: SourceRange) throws(RuntimeError) -> Font {
        let key = resources.identity(ofFont: name) ?? AnyHashable(name)
        if let cached = fontCache[key] { return cached }
        do {
            let font = try resources.font(named: name)
            fontCache[key] = font
            return font
        } catch {
            throw RuntimeError(String(describing: error), at: range)
        }
    }
}

import XCTest
@testable import MaskEngine

/// A group's mask multiply and its composite, eight pixels at a time, against the pixel
/// by pixel definitions they replace: the same bytes for every mask value, opacity,
/// inversion, and for rectangles that do not line up with the eight-pixel blocks.
final class GroupCompositeTests: XCTestCase {
    private var random = SplitMix(seed: 12)

    /// Premultiplied pixels of every kind: transparent, opaque, translucent, in runs (so
    /// whole blocks of each occur) and mixed.
    private func surface(_ rect: PixelRect, dirty: PixelRect) throws -> Surface {
        var s = try Surface(rect: rect, pool: BufferPool())
        s.image.pixels.withUnsafeMutableBytes { px in
            let count = rect.width * rect.height
            var i = 0
            while i < count {
                let run = 1 + Int(random.next() % 12)
                let kind = random.next() % 4
                for j in i..<min(i + run, count) {
                    let a: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: random.next() % 256)
                    for c in 0..<3 { px[j * 4 + c] = a == 0 ? 0 : UInt8(truncatingIfNeeded: random.next() % (UInt64(a) + 1)) }
                    px[j * 4 + 3] = a
                }
                i += run
            }
        }
        s.dirty = dirty
        return s
    }

    private func mask(_ rect: PixelRect, full: PixelRect = .empty) -> CoverageMask {
        var values: [UInt8] = []
        while values.count < rect.width * rect.height {
            let run = 1 + Int(random.next() % 20)
            let kind = random.next() % 4
            for _ in 0..<run {
                values.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: random.next()))
            }
        }
        values.removeLast(values.count - rect.width * rect.height)
        // The known-full part must hold 255.
        for y in full.intersection(rect).y0..<full.intersection(rect).y1 {
            for x in full.intersection(rect).x0..<full.intersection(rect).x1 { values[(y - rect.y0) * rect.width + x - rect.x0] = 255 }
        }
        // Spans from the values: every run of 255s (the known-full part among them) is full.
        return CoverageMask.withExactSpans(rect: rect, values: values)
    }

    /// The multiply as it was defined pixel by pixel.
    private func referenceMultiply(_ s: inout Surface, by mask: CoverageMask, inverted: Bool) {
        let region = s.dirty
        let inside = mask.rect.intersection(region)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                var v: UInt32 = inverted ? 255 : 0
                if y >= inside.y0 && y < inside.y1 && x >= inside.x0 && x < inside.x1 {
                    v = UInt32(mask.value(x: x, y: y))
                    if inverted { v = 255 - v }
                }
                if v == 255 { continue }
                let d = ((y - s.rect.y0) * s.rect.width + x - s.rect.x0) * 4
                s.image.pixels.withUnsafeMutableBytes { px in
                    let p = px.loadUnaligned(fromByteOffset: d, as: UInt32.self)
                    px.storeBytes(of: v == 0 ? 0 : scaled(p, by: v), toByteOffset: d, as: UInt32.self)
                }
            }
        }
        if !inverted { s.dirty = inside }
    }

    /// The composite as it was defined pixel by pixel.
    private func referenceDraw(_ group: Surface, onto s: inout Surface, opacity: Double) {
        let region = group.dirty.intersection(group.rect).intersection(s.rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        s.dirty = s.dirty.union(region)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                var p = group.image.pixels.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: ((y - group.rect.y0) * group.rect.width + x - group.rect.x0) * 4, as: UInt32.self)
                }
                if op != 255 { p = scaled(p, by: op) }
                let d = ((y - s.rect.y0) * s.rect.width + x - s.rect.x0) * 4
                s.image.pixels.withUnsafeMutableBytes { sourceOver(p, onto: $0, at: d) }
            }
        }
    }

    func testMultiplyGivesThePixelByPixelBytes() throws {
        let rect = PixelRect(x0: 3, y0: 2, x1: 50, y1: 31)
        let masks = [PixelRect(x0: 5, y0: 4, x1: 44, y1: 29), PixelRect(x0: 0, y0: 0, x1: 60, y1: 40),
                     PixelRect(x0: 20, y0: 10, x1: 23, y1: 12), PixelRect(x0: 70, y0: 0, x1: 80, y1: 5)]
        for maskRect in masks {
            for full in [PixelRect.empty, PixelRect(x0: 9, y0: 6, x1: 40, y1: 20), maskRect] {
                for inverted in [false, true] {
                    let values = mask(maskRect, full: full)
                    var fast = try surface(rect, dirty: PixelRect(x0: 4, y0: 3, x1: 47, y1: 30))
                    var slow = fast, plain = fast
                    fast.multiply(by: values, inverted: inverted)
                    referenceMultiply(&slow, by: values, inverted: inverted)
                    XCTAssertTrue(fast.image == slow.image, "\(maskRect) full \(full) inverted \(inverted)")
                    XCTAssertEqual(fast.dirty, slow.dirty)
                    // The same values with no spans known: whole rows read, the same bytes.
                    plain.multiply(by: CoverageMask(rect: values.rect, values: values.denseValues()), inverted: inverted)
                    XCTAssertTrue(plain.image == slow.image, "\(maskRect) full \(full) inverted \(inverted) no spans")
                }
            }
        }
    }

    func testCompositeGivesThePixelByPixelBytes() throws {
        let target = PixelRect(x0: 0, y0: 0, x1: 45, y1: 25)
        for groupRect in [PixelRect(x0: 2, y0: 1, x1: 43, y1: 24), PixelRect(x0: -5, y0: -3, x1: 60, y1: 30), PixelRect(x0: 10, y0: 5, x1: 15, y1: 7)] {
            for opacity in [1.0, 0.7, 0.01, 0] {
                let group = try surface(groupRect, dirty: groupRect.intersection(PixelRect(x0: 1, y0: 0, x1: 40, y1: 22)))
                var fast = try surface(target, dirty: target)
                var slow = fast
                fast.draw(group, opacity: opacity)
                referenceDraw(group, onto: &slow, opacity: opacity)
                XCTAssertTrue(fast.image == slow.image, "\(groupRect) \(opacity)")
                XCTAssertEqual(fast.dirty, slow.dirty)
            }
        }
    }
}

import XCTest
@testable import MaskEngine

/// Asserts that the fills of `coverage` over `Surface.backdrop(clip)` — with each paint at
/// two opacities, plainly, through `through` and behind — and its alpha fills give the
/// bytes the same fills of `reference` through `referenceThrough` give: for tests that
/// compare a coverage taking shortcuts (spans, unwritten bytes) with the same values
/// written in full.
func assertFillsAgree(_ coverage: CoverageMask, _ reference: CoverageMask, through: CoverageMask,
                      referenceThrough: CoverageMask, paints: [Paint], clip: PixelRect, _ label: String,
                      file: StaticString = #filePath, line: UInt = #line) throws {
    let behind = PremultipliedColor(red: 0.2, green: 0.3, blue: 0.1, alpha: 0.7)
    for paint in paints {
        for opacity in [1.0, 0.6] {
            var fast = try Surface.backdrop(clip), slow = try Surface.backdrop(clip)
            fast.fill(coverage, with: paint, opacity: opacity)
            slow.fill(reference, with: paint, opacity: opacity)
            XCTAssertTrue(fast.image == slow.image, "\(label) \(opacity)", file: file, line: line)
            fast = try Surface.backdrop(clip); slow = try Surface.backdrop(clip)
            // Copies: a fill may write a sparse mask out in place.
            var (fastThrough, slowThrough) = (through, referenceThrough)
            fast.fill(coverage, with: paint, mask: &fastThrough, opacity: opacity)
            slow.fill(reference, with: paint, mask: &slowThrough, opacity: opacity)
            XCTAssertTrue(fast.image == slow.image, "\(label) \(opacity) masked", file: file, line: line)
            fast = try Surface.backdrop(clip); slow = try Surface.backdrop(clip)
            fast.fillBehind(coverage, color: behind, opacity: opacity)
            slow.fillBehind(reference, color: behind, opacity: opacity)
            XCTAssertTrue(fast.image == slow.image, "\(label) \(opacity) behind", file: file, line: line)
        }
    }
    for (alpha, opacity) in [(UInt32(255), 1.0), (255, 0.6), (140, 1.0)] {
        var fast = AlphaSurface(rect: clip, pool: BufferPool()), slow = AlphaSurface(rect: clip, pool: BufferPool())
        // Something drawn first, so the fill blends where it overlaps.
        fast.fill(through, alpha: 100, opacity: 1)
        slow.fill(referenceThrough, alpha: 100, opacity: 1)
        fast.fill(coverage, alpha: alpha, opacity: opacity)
        slow.fill(reference, alpha: alpha, opacity: opacity)
        XCTAssertTrue(fast.values == slow.values, "\(label) alpha \(alpha) \(opacity)", file: file, line: line)
    }
}

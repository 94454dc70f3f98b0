/// Drawing under what a surface already holds (destination-over), for shadows.
extension Surface {
    /// Paints a solid colour under the drawn pixels where `coverage` covers:
    /// `result = destination + source · coverage · opacity · (1 − destination alpha)`,
    /// each product rounded as `mulDiv255`. Premultiplied channels never exceed alpha, so
    /// the sum stays within a byte lane by lane.
    mutating func fillBehind(_ coverage: CoverageMask, color: PremultipliedColor, opacity: Double) {
        let region = coverage.rect.intersection(rect)
        let op = Surface.byte(opacity)
        guard !region.isEmpty, op > 0 else { return }
        dirty = dirty.union(region)
        let (r, g, b, a) = color.rgba8
        let source = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        let cw = coverage.rect.width, sw = rect.width
        coverage.withSpans { spans in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { factor in
                for c in 0..<256 { factor[c] = UInt32(mulDiv255(UInt32(c), op)) }
                coverage.bytes.withUnsafeBufferPointer { cov in
                    image.pixels.withUnsafeMutableBytes { dst in
                        for y in region.y0..<region.y1 {
                            let covBase = (y &- coverage.rect.y0) &* cw &- coverage.rect.x0
                            let dstBase = ((y &- rect.y0) &* sw &- rect.x0) &* 4
                            // Only the row's extent: elsewhere the coverage is 0; in its full
                            // runs the coverage is 255, unread.
                            spans.forEach(y: y, within: region.x0, region.x1) { lo, hi, known in
                                for x in lo..<hi {
                                    let k = factor[known ? 255 : Int(cov[covBase &+ x])]
                                    guard k > 0 else { continue }
                                    let d = dstBase &+ x &* 4
                                    let under = dst.loadUnaligned(fromByteOffset: d, as: UInt32.self)
                                    let room = 255 &- (under >> 24)
                                    guard room > 0 else { continue }
                                    let s = scaled(scaled(source, by: k), by: room)
                                    dst.storeBytes(of: under &+ s, toByteOffset: d, as: UInt32.self)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

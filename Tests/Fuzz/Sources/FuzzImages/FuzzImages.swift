import MaskEngine

/// One libFuzzer input: bytes decoded as an image (PNG or PPM, by their magic number).
/// A decode may fail with an error; it must never crash, hang or allocate past the
/// decoder's own limits. A decoded image is encoded again, which must succeed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? Image(data: bytes) else { return 0 }
    do {
        _ = try image.pngData()
        _ = try image.ppmData()
    } catch {
        fatalError("a decoded \(image.width)×\(image.height) image failed to encode: \(error)")
    }
    return 0
}

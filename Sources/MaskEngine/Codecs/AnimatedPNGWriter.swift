#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an animated PNG (APNG) frame by frame, looping forever, from opaque RGB frames.
///
/// Each frame after the first stores only the rectangle that changed since the frame
/// before (`fcTL` offsets, blended over it with `APNG_BLEND_OP_SOURCE`), so an animation
/// that is mostly still stays small; a frame identical to the one before adds its time to
/// that frame's delay instead of being stored again. Frames are held one at a time: the
/// file grows as they come, never the whole animation in memory.
///
/// Like every file the project writes, the animation appears under its name whole or not
/// at all: it is written to a temporary name in the same folder and renamed by `finish()`;
/// `abandon()` (or a failure) removes the temporary.
public final class AnimatedPNGWriter {
    /// The frame size in pixels.
    public let width: Int, height: Int
    /// Frames per second the animation plays at.
    public let fps: Double
    private let path: String
    private let temporary: String
    private var fd: Int32
    /// False once the file is renamed into place or abandoned.
    private var isOpen = true
    /// Where the `acTL` chunk starts: it is written again once the frame count is known.
    private let animationControlOffset: off_t
    private var sequence: UInt32 = 0
    private var storedFrames: UInt32 = 0
    /// The last frame given, to find what the next one changes.
    private var previous: [UInt8] = []
    /// The last frame's chunks, held until its delay is known.
    private var pending: (region: Region, data: [UInt8], repeats: Int)?
    /// The zlib level: 6 (zlib's default) balances size and speed.
    private let level: Int32 = 6

    /// A rectangle of a frame.
    private struct Region { var x: Int, y: Int, w: Int, h: Int }

    /// Starts an animation at `path`.
    /// - Throws: `ImageError.invalidDimensions` for an empty or oversized frame,
    ///   `ImageError.unwritable` when the temporary file cannot be created.
    public init(path: String, width: Int, height: Int, fps: Double) throws {
        guard width > 0, height > 0, Image.validDimensions(width, height) else {
            throw ImageError.invalidDimensions(width: width, height: height)
        }
        guard fps.isFinite, fps > 0 else { throw ImageError.invalidPixels("frame rate \(fps) is not above 0") }
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        (temporary, fd) = try TemporaryFile.create(besides: path)
        var header = PNGCodec.signature
        header += PNGChunks.chunk("IHDR", PNGChunks.rgbHeader(width: width, height: height))
        animationControlOffset = off_t(header.count)
        header += AnimatedPNGWriter.animationControl(frames: 0)
        do { try output(header) } catch { abandon(); throw error }
    }

    deinit { abandon() }

    /// The `acTL` chunk: the number of frames, and 0 plays (loop forever).
    private static func animationControl(frames: UInt32) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunks.append(frames, to: &data)
        PNGChunks.append(UInt32(0), to: &data)
        return PNGChunks.chunk("acTL", data)
    }

    /// Adds the next frame: `width × height × 3` bytes of RGB, row by row.
    /// - Throws: `ImageError.invalidPixels` for the wrong number of bytes,
    ///   `ImageError.unwritable` when the file cannot be written. Either way the
    ///   animation is abandoned and its temporary removed.
    public func append(rgb: UnsafeBufferPointer<UInt8>) throws {
        guard isOpen else { throw ImageError.unwritable(path: path, reason: "the animation was already finished") }
        do {
            guard rgb.count == width * height * 3 else {
                throw ImageError.invalidPixels("expected \(width * height * 3) bytes of RGB, got \(rgb.count)")
            }
            guard let region = changedRegion(rgb) else {
                // Nothing changed: the frame before simply shows longer.
                if var held = pending {
                    held.repeats += 1
                    pending = held
                    if delayNumerator(held.repeats) == nil { try flushPending(repeats: held.repeats - 1); try hold1x1() }
                }
                return
            }
            if let held = pending { try flushPending(repeats: held.repeats) }
            let data = try PNGChunks.deflatedRows(of: rgb, width: width, x: region.x, y: region.y,
                                                  w: region.w, h: region.h, level: level)
            pending = (region, data, 1)
            previous = Array(rgb)
        } catch {
            abandon()
            throw error
        }
    }

    /// Writes the last frame and the end of the file, and renames it into place.
    /// - Throws: `ImageError.unwritable` (the temporary is removed), or
    ///   `ImageError.invalidPixels` when no frame was added.
    public func finish() throws {
        guard isOpen else { throw ImageError.unwritable(path: path, reason: "the animation was already finished") }
        do {
            guard let held = pending else { throw ImageError.invalidPixels("an animation needs at least one frame") }
            try flushPending(repeats: held.repeats)
            try output(PNGChunks.chunk("IEND", []))
            try output(AnimatedPNGWriter.animationControl(frames: storedFrames), at: animationControlOffset)
            let closed = close(fd)
            fd = -1
            guard closed == 0 else { throw failure() }
            isOpen = false
            try TemporaryFile.rename(temporary, over: path)
        } catch {
            abandon()
            throw error
        }
    }

    /// Stops without leaving a file: removes the temporary. Safe to call at any time.
    public func abandon() {
        guard isOpen else { return }
        isOpen = false
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
    }

    // MARK: - Frames

    /// The bounding box of the pixels that differ from the previous frame; the whole
    /// frame for the first; nil when nothing changed.
    private func changedRegion(_ rgb: UnsafeBufferPointer<UInt8>) -> Region? {
        guard previous.count == rgb.count else { return Region(x: 0, y: 0, w: width, h: height) }
        let rowBytes = width * 3
        return previous.withUnsafeBufferPointer { old -> Region? in
            func rowDiffers(_ y: Int) -> Bool {
                guard let a = old.baseAddress, let b = rgb.baseAddress else { return false }
                return memcmp(a + y * rowBytes, b + y * rowBytes, rowBytes) != 0
            }
            guard let top = (0..<height).first(where: rowDiffers),
                  let bottom = (top..<height).reversed().first(where: rowDiffers) else { return nil }
            var left = width, right = -1
            for y in top...bottom {
                let base = y * rowBytes
                var x = 0
                while x < left, old[base + x * 3] == rgb[base + x * 3], old[base + x * 3 + 1] == rgb[base + x * 3 + 1],
                      old[base + x * 3 + 2] == rgb[base + x * 3 + 2] { x += 1 }
                left = min(left, x)
                var r = width - 1
                while r > right, old[base + r * 3] == rgb[base + r * 3], old[base + r * 3 + 1] == rgb[base + r * 3 + 1],
                      old[base + r * 3 + 2] == rgb[base + r * 3 + 2] { r -= 1 }
                right = max(right, r)
            }
            guard right >= left else { return nil }
            return Region(x: left, y: top, w: right - left + 1, h: bottom - top + 1)
        }
    }

    /// The `fcTL` delay for `repeats` frame durations as numerator and denominator, or
    /// nil when it does not fit in 16 bits. A whole frame rate is exact (`repeats/fps`);
    /// any other is rounded to the millisecond.
    private func delayNumerator(_ repeats: Int) -> (UInt16, UInt16)? {
        if fps == fps.rounded(), fps <= 65_535 {
            return repeats <= 65_535 ? (UInt16(repeats), UInt16(fps)) : nil
        }
        let ms = (Double(repeats) * 1000 / fps).rounded()
        return ms <= 65_535 ? (UInt16(ms), 1000) : nil
    }

    /// Writes the held frame with the delay of `repeats` frame durations.
    private func flushPending(repeats: Int) throws {
        guard let held = pending, let (num, den) = delayNumerator(max(repeats, 1)) else { return }
        var control: [UInt8] = []
        PNGChunks.append(sequence, to: &control)
        PNGChunks.append(UInt32(held.region.w), to: &control)
        PNGChunks.append(UInt32(held.region.h), to: &control)
        PNGChunks.append(UInt32(held.region.x), to: &control)
        PNGChunks.append(UInt32(held.region.y), to: &control)
        PNGChunks.append(num, to: &control)
        PNGChunks.append(den, to: &control)
        control += [0, 0] // dispose: none; blend: source
        sequence &+= 1
        var bytes = PNGChunks.chunk("fcTL", control)
        if storedFrames == 0 {
            bytes += PNGChunks.chunk("IDAT", held.data)
        } else {
            var data: [UInt8] = []
            PNGChunks.append(sequence, to: &data)
            sequence &+= 1
            bytes += PNGChunks.chunk("fdAT", data + held.data)
        }
        try output(bytes)
        storedFrames += 1
        pending = nil
    }

    /// After a delay too long for one frame: a one-pixel frame that changes nothing, to
    /// carry on the time.
    private func hold1x1() throws {
        let pixel = Array(previous.prefix(3))
        let data = try pixel.withUnsafeBufferPointer {
            try PNGChunks.deflatedRows(of: $0, width: 1, x: 0, y: 0, w: 1, h: 1, level: level)
        }
        pending = (Region(x: 0, y: 0, w: 1, h: 1), data, 1)
    }

    // MARK: - Output

    private func output(_ bytes: [UInt8], at offset: off_t? = nil) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer -> Int in
                let start = buffer.baseAddress.map { $0 + done }
                if let offset { return pwrite(fd, start, bytes.count - done, offset + off_t(done)) }
                return write(fd, start, bytes.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            done += n
        }
    }

    private func failure() -> ImageError {
        .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
}

import Foundation
import XCTest

/// `mask render -o OUT.apng|.gif|.mp4|.webm`: every kind decoded again (by ffmpeg, as a
/// user's player would) and compared with the PPM frames of the same scene.
final class AnimationFileTests: MaskCLITestCase {
    /// 1 s at 12 fps on an odd 161×91 canvas, with still stretches: frames 0...12. The
    /// colours are muted: 4:2:0 chroma (MP4, WebM) halves colour resolution, so saturated
    /// edges on a tiny canvas would measure the format, not the encoder's input.
    static let scene = """
        canvas { size: [161, 91]; fps: 12; duration: 1s; background: #303840 }
        layer box { frame: [10, 8, 50, 36]; background: #c09070; cornerRadius: 8 }
        gradient band { frame: [0, 52, 161, 39]; colors: [#a07060, #6070a0] }
        animate box.x to 100 over 0.5s ease easeInOut
        delay 0.75s
        animate band.opacity to 0.3 over 0.25s

        """
    static let width = 161, height = 91, frameCount = 13

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(Self.scene, to: "scene.mask")
    }

    /// A script's frames as RGB, rendered as PPM files by `mask` itself.
    private func referenceFrames(of script: String = "scene.mask", width: Int = width, height: Int = height,
                                 count: Int = frameCount) throws -> [[UInt8]] {
        let run = try mask("render", script, "-o", "ppm", "--quiet")
        XCTAssertEqual(run.status, 0, run.stderr)
        let header = ppmHeader(width: width, height: height).count
        return try (0..<count).map { Array(try bytes(String(format: "ppm/frame_%05d.ppm", $0)).dropFirst(header)) }
    }

    func testAPNGChunksAreValidAndEveryFrameDecodesToTheRenderedPixels() throws {
        let run = try mask("render", "scene.mask", "-o", "out.apng")
        XCTAssertEqual(run.status, 0, run.stderr)
        let file = try bytes("out.apng")
        let chunks = try PNGChunkWalker.chunks(of: file)
        let types = chunks.map(\.type)
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types[1], "acTL")
        XCTAssertEqual(types.last, "IEND")
        let controls = chunks.filter { $0.type == "fcTL" }
        let frames = PNGChunkWalker.number(chunks[1].data, at: 0)
        XCTAssertEqual(frames, controls.count)
        XCTAssertEqual(PNGChunkWalker.number(chunks[1].data, at: 4), 0, "loops forever")
        XCTAssertLessThan(frames, Self.frameCount, "still stretches are stored once")
        // Sequence numbers run 0, 1, 2, ... across fcTL and fdAT in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGChunkWalker.number($0.data, at: 0) }
        XCTAssertEqual(sequence, Array(0..<sequence.count))
        // Delays in twelfths of a second add up to the 13 frames.
        let delays = controls.map { (PNGChunkWalker.short($0.data, at: 20), PNGChunkWalker.short($0.data, at: 22)) }
        XCTAssertTrue(delays.allSatisfy { $0.1 == 12 }, "\(delays)")
        XCTAssertEqual(delays.map(\.0).reduce(0, +), Self.frameCount)

        let decoded = try FFmpegTool.decode(url("out.apng"), width: Self.width, height: Self.height, fps: 12)
        XCTAssertEqual(decoded.count, Self.frameCount)
        for (k, (got, want)) in zip(decoded, try referenceFrames()).enumerated() {
            XCTAssertEqual(got, want, "frame \(k)")
        }
    }

    func testAPNGAndGIFBytesAreTheSameForEveryJobCount() throws {
        for kind in ["apng", "gif"] {
            XCTAssertEqual(try mask("render", "scene.mask", "-o", "one.\(kind)", "--jobs", "1").status, 0)
            XCTAssertEqual(try mask("render", "scene.mask", "-o", "two.\(kind)", "--jobs", "2").status, 0)
            XCTAssertEqual(try bytes("one.\(kind)"), try bytes("two.\(kind)"), kind)
        }
    }

    func testFormatOptionWritesAnAPNGUnderAnyName() throws {
        let run = try mask("render", "scene.mask", "-o", "movie.png", "--format", "apng", "--frames", "2:5")
        XCTAssertEqual(run.status, 0, run.stderr)
        let chunks = try PNGChunkWalker.chunks(of: try bytes("movie.png"))
        let delays = chunks.filter { $0.type == "fcTL" }.map { PNGChunkWalker.short($0.data, at: 20) }
        XCTAssertEqual(delays.reduce(0, +), 4, "frames 2 to 5")
    }

    func testWithoutOutputAnAnimationIsNamedAfterTheScript() throws {
        let run = try mask("render", "scene.mask", "--format", "apng")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing(), ["scene.apng", "scene.mask"])
    }

    func testGIFIsCloseToTheFramesWithinThePalette() throws {
        let run = try mask("render", "scene.mask", "-o", "out.gif")
        XCTAssertEqual(run.status, 0, run.stderr)
        let probe = try FFmpegTool.probe(url("out.gif"))
        XCTAssertEqual(probe["codec_name"], "gif")
        XCTAssertEqual(probe["width"], "161")
        XCTAssertEqual(probe["nb_read_frames"], "13")
        let decoded = try FFmpegTool.decode(url("out.gif"), width: Self.width, height: Self.height, fps: 12)
        XCTAssertEqual(decoded.count, Self.frameCount)
        for (k, (got, want)) in zip(decoded, try referenceFrames()).enumerated() {
            XCTAssertGreaterThan(FFmpegTool.psnr(got, want), 28, "frame \(k)")
        }
    }

    /// A gradient whose colours move: 13 frames of about 120 colours each, too many for
    /// one palette. With one palette for the animation (the old `stats_mode=diff`) the
    /// frames came back with a mean error of 1.43 (the worst frame 3.45) out of 255; with
    /// a palette per frame every frame is exact here (docs/AnimationFiles.md).
    func testGIFGradientsDoNotBand() throws {
        try write("""
            canvas { size: [128, 32]; fps: 12; duration: 1s; background: black }
            gradient sky { frame: [0, 0, 128, 32]; colors: [#102040, #f0a060]; start: [0, 0.5]; end: [1, 0.5] }
            animate sky.colors to [#60f0a0, #400020] over 1s

            """, to: "smooth.mask")
        let run = try mask("render", "smooth.mask", "-o", "smooth.gif")
        XCTAssertEqual(run.status, 0, run.stderr)
        let decoded = try FFmpegTool.decode(url("smooth.gif"), width: 128, height: 32, fps: 12)
        let reference = try referenceFrames(of: "smooth.mask", width: 128, height: 32, count: 13)
        XCTAssertEqual(decoded.count, reference.count)
        for (k, (got, want)) in zip(decoded, reference).enumerated() {
            XCTAssertLessThan(FFmpegTool.meanError(got, want), 0.5, "frame \(k)")
        }
    }

    func testMP4AndWebMHaveTheFramesSizeAndDuration() throws {
        let reference = try referenceFrames()
        for (file, codec) in [("out.mp4", "h264"), ("out.webm", "vp9")] {
            let run = try mask("render", "scene.mask", "-o", file)
            XCTAssertEqual(run.status, 0, run.stderr)
            let probe = try FFmpegTool.probe(url(file))
            XCTAssertEqual(probe["codec_name"], codec, file)
            XCTAssertEqual(probe["pix_fmt"], "yuv420p", file)
            // The odd 161×91 canvas is padded to even sides, as yuv420p needs.
            XCTAssertEqual(probe["width"], "162", file)
            XCTAssertEqual(probe["height"], "92", file)
            XCTAssertEqual(probe["nb_read_frames"], "13", file)
            XCTAssertEqual(Double(probe["duration"] ?? "") ?? 0, 13.0 / 12, accuracy: 0.05, file)
            let decoded = try FFmpegTool.decode(url(file), width: 162, height: 92, fps: 12)
            XCTAssertEqual(decoded.count, Self.frameCount, file)
            for (k, (got, want)) in zip(decoded, reference).enumerated() {
                let cropped = FFmpegTool.crop(got, width: 162, to: Self.width, Self.height)
                XCTAssertGreaterThan(FFmpegTool.psnr(cropped, want), 35, "\(file) frame \(k)")
            }
        }
        XCTAssertEqual(try listing().filter { $0.hasPrefix(".") }, [], "no temporary is left")
    }

    func testWithoutFFmpegTheErrorNamesThePackage() throws {
        let run = try MaskProcess.run(["render", "scene.mask", "-o", "out.mp4"], in: directory,
                                      environment: ["PATH": url("empty").path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "mask: error: cannot write 'out.mp4': ffmpeg was not found on PATH; MP4 files are "
            + "encoded by ffmpeg (Debian and Ubuntu: apt-get install ffmpeg)\n")
        XCTAssertEqual(try listing(), ["scene.mask"])
    }

    /// A stand-in ffmpeg that fails (or is killed) after reading a little: exit 1 with
    /// what it said, and no file under the final name or a temporary one.
    func testFFmpegFailingLeavesNoFile() throws {
        for (script, message) in [
            ("head -c 100 >/dev/null; echo 'Error: disk quota exceeded' >&2; exit 1", "ffmpeg failed: Error: disk quota exceeded"),
            ("head -c 100 >/dev/null; kill -9 $$", "ffmpeg failed: killed by signal 9"),
        ] {
            try write("#!/bin/sh\n\(script)\n", to: "bin/ffmpeg")
            XCTAssertEqual(chmod(url("bin/ffmpeg").path, 0o755), 0)
            let run = try MaskProcess.run(["render", "scene.mask", "-o", "out.webm"], in: directory,
                                          environment: ["PATH": url("bin").path + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(run.stderr, "mask: error: cannot write 'out.webm': \(message)\n")
            XCTAssertEqual(try listing(), ["bin", "scene.mask"])
        }
    }

    func testInterruptLeavesNoAnimation() throws {
        try write("""
            canvas { size: [640, 480]; fps: 30; duration: 20s }
            layer a { frame: [0, 0, 640, 480]; background: red; cornerRadius: 40 }
            animate a.opacity to 0 over 20s

            """, to: "long.mask")
        let run = try MaskProcess.run(["render", "long.mask", "-o", "long.apng"], in: directory) { process in
            // Stop it once the animation's temporary file exists.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, (try? self.listing())?.contains(where: { $0.hasPrefix(".long.apng.tmp") }) != true {
                Thread.sleep(forTimeInterval: 0.01)
            }
            Thread.sleep(forTimeInterval: 0.2)
            process.interrupt()
        }
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(run.stderr, "mask: interrupted; no animation written\n")
        XCTAssertEqual(try listing(), ["long.mask", "scene.mask"])
    }
}

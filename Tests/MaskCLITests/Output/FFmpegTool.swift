import Foundation
import XCTest

/// ffmpeg and ffprobe, run as a user would, to read back the animations `mask` writes.
enum FFmpegTool {
    /// Runs a program found on PATH; returns its standard output.
    private static func run(_ program: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ffmpeg-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: program, code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments.joined(separator: " ")) failed"])
        }
        return try Data(contentsOf: output)
    }

    /// ffprobe's stream and format fields (`codec_name`, `width`, `nb_read_frames`, `duration`, ...).
    static func probe(_ file: URL) throws -> [String: String] {
        let text = String(decoding: try run("ffprobe", ["-v", "error", "-count_frames", "-show_entries",
            "stream=codec_name,width,height,pix_fmt,nb_read_frames,r_frame_rate:format=duration", "-of", "compact", file.path]),
                          as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            for field in line.split(separator: "|").dropFirst() {
                let parts = field.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
        }
        return fields
    }

    /// Every frame of a video or animation as RGB, resampled to `fps` frames a second.
    static func decode(_ file: URL, width: Int, height: Int, fps: Int) throws -> [[UInt8]] {
        let data = [UInt8](try run("ffmpeg", ["-v", "error", "-i", file.path, "-vsync", "cfr", "-r", String(fps),
                                              "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        let size = width * height * 3
        return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
    }

    /// The top-left `width × height` of an RGB frame `stride` pixels wide.
    static func crop(_ rgb: [UInt8], width stride: Int, to width: Int, _ height: Int) -> [UInt8] {
        (0..<height).flatMap { y in rgb[(y * stride * 3)..<(y * stride * 3 + width * 3)] }
    }

    /// The mean absolute difference of two equal-sized byte arrays, in levels of 255
    /// (infinite when their sizes differ).
    static func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    /// The peak signal-to-noise ratio of two equal-sized byte arrays, in dB (infinite
    /// when they are equal).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += Double((Int(x) - Int(y)) * (Int(x) - Int(y))) }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

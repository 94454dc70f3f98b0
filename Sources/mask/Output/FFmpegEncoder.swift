import Foundation
import MaskEngine

/// GIF, MP4 and WebM files encoded by `ffmpeg`, fed raw RGB frames as they are rendered.
///
/// ffmpeg runs as a child in its own process group (so a Ctrl-C at the terminal reaches
/// only `mask`, which then stops it), reading `rgb24` frames from a socket: a write to
/// an ffmpeg that has died fails with EPIPE instead of raising SIGPIPE. It writes to a
/// temporary name beside the output, renamed into place only when ffmpeg succeeds, so a
/// failure (bad options, full disk, ffmpeg killed) never leaves a partial file under the
/// final name. What ffmpeg says on failure becomes the error message.
final class FFmpegEncoder: AnimationSink {
    /// The file to write.
    let path: String
    private let temporary: String
    private let pid: pid_t
    private var socket: Int32
    /// ffmpeg's standard error, an unlinked temporary file read back on failure.
    private let errors: Int32
    private var isRunning = true

    /// The Debian package that provides ffmpeg, named when it is missing.
    static let package = "ffmpeg"

    /// What ffmpeg encodes for us (APNG is written by `AnimatedPNGWriter`).
    enum Codec: String {
        case gif, mp4, webm
    }

    /// Starts ffmpeg encoding `format` at `path`.
    /// - Throws: `AnimationError` when ffmpeg is not on PATH or cannot be started, or the
    ///   temporary file cannot be made.
    init(path: String, format: Codec, width: Int, height: Int, fps: Double) throws {
        self.path = path
        guard let ffmpeg = FFmpegEncoder.executable() else {
            throw AnimationError(path: path, reason: "ffmpeg was not found on PATH; \(format.rawValue.uppercased()) files are "
                + "encoded by ffmpeg (Debian and Ubuntu: apt-get install \(FFmpegEncoder.package))")
        }
        let (temporary, fd) = try TemporaryFile.create(besides: path)
        close(fd)
        self.temporary = temporary
        errors = FFmpegEncoder.unlinkedTemporary()
        guard errors >= 0 else {
            unlink(temporary)
            throw AnimationError(path: path, reason: "cannot make a file for ffmpeg's messages: \(String(cString: strerror(errno)))")
        }

        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            close(errors)
            unlink(temporary)
            throw AnimationError(path: path, reason: "cannot connect to ffmpeg: \(String(cString: strerror(errno)))")
        }
        let arguments = [ffmpeg] + FFmpegEncoder.arguments(format: format, width: width, height: height, fps: fps,
                                                           output: temporary)
        var child: pid_t = 0
        let started = FFmpegEncoder.spawn(arguments, stdin: pair[1], stderr: errors, pid: &child)
        close(pair[1])
        guard started == 0 else {
            close(pair[0])
            close(errors)
            unlink(temporary)
            throw AnimationError(path: path, reason: "cannot start ffmpeg: \(String(cString: strerror(started)))")
        }
        pid = child
        socket = pair[0]
    }

    deinit { abandon() }

    /// The ffmpeg command line after the program name, for raw RGB frames on standard input.
    ///
    /// MP4 and WebM are yuv420p, which needs even sides: an odd width or height is padded
    /// by one black column or row at the right or bottom. GIF gets a palette made for each
    /// frame, error-diffusion dithered (Sierra-2-4A), and loops: one palette for the whole
    /// animation has too few colours for a gradient whose colours move and bands it, as
    /// docs/AnimationFiles.md measures.
    static func arguments(format: Codec, width: Int, height: Int, fps: Double, output: String) -> [String] {
        // A whole rate is written without a decimal point; Int(_:) is safe below 2^53.
        let rate = fps == fps.rounded() && abs(fps) < 9.0e15 ? String(Int(fps)) : String(fps)
        var words = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                     "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)", "-r", rate, "-i", "pipe:0"]
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch format {
        case .mp4:
            words += ["-vf", even, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "18",
                      "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            words += ["-vf", even, "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "32",
                      "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-f", "webm"]
        case .gif:
            words += ["-vf", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=sierra2_4a",
                      "-loop", "0", "-f", "gif"]
        }
        return words + [output]
    }

    /// The first `ffmpeg` on PATH that can be run.
    static func executable(searching path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The longest ffmpeg may take to accept more of a frame before it is taken for
    /// stuck, killed and reported: a healthy encoder drains a 4K frame in well under a
    /// second, while one that stopped reading would otherwise hold the render forever.
    static let stallLimit: Double = 60
    /// True when the command was asked to stop (a signal): a blocked write gives up
    /// within `pollInterval` instead of waiting for ffmpeg.
    var shouldStop: () -> Bool = { StopSignal.isRequested }
    /// How often a write waiting on ffmpeg looks at `shouldStop`, in milliseconds.
    private static let pollInterval: Int32 = 100

    /// Sends one frame: `width × height × 3` bytes of RGB. The socket is written without
    /// blocking, waiting for room in `pollInterval` steps, so neither a stop request nor
    /// an ffmpeg that stopped reading can hold the process.
    /// - Throws: `AnimationError` with ffmpeg's message when it has stopped reading or
    ///   exited, or when a stop was requested (ffmpeg is killed then).
    func append(rgb: UnsafeBufferPointer<UInt8>) throws {
        guard isRunning, var start = rgb.baseAddress else { return }
        var left = rgb.count
        var waited = 0.0
        while left > 0 {
            let n = send(socket, start, left, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if n > 0 {
                start += n
                left -= n
                waited = 0
                continue
            }
            guard n < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK else { throw failure(status: nil) }
            if shouldStop() {
                abandon()
                throw AnimationError(path: path, reason: "stopped before ffmpeg had every frame")
            }
            guard waited < FFmpegEncoder.stallLimit else {
                kill(pid, SIGKILL)
                let seconds = Int(FFmpegEncoder.stallLimit)
                _ = failure(status: nil)
                throw AnimationError(path: path, reason: "ffmpeg stopped reading frames for \(seconds) s and was stopped")
            }
            var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, FFmpegEncoder.pollInterval) == 0 { waited += Double(FFmpegEncoder.pollInterval) / 1000 }
        }
    }

    /// Ends the input, waits for ffmpeg and renames its file into place.
    /// - Throws: `AnimationError` with ffmpeg's message when it failed, or when it ended
    ///   well but wrote nothing (the file is empty or gone).
    func finish() throws {
        guard isRunning else { return }
        close(socket)
        socket = -1
        let status = wait()
        guard status == 0 else { throw failure(status: status) }
        var info = stat()
        guard stat(temporary, &info) == 0, info.st_size > 0 else {
            throw failure(status: status, ending: "it ended without writing the file")
        }
        do { try TemporaryFile.rename(temporary, over: path) } catch {
            close(errors)
            throw AnimationError(path: path, reason: WriteFailure.reason(of: error))
        }
        close(errors)
    }

    /// Stops ffmpeg and removes its temporary file. Safe to call at any time.
    func abandon() {
        guard isRunning else { return }
        kill(pid, SIGKILL)
        if socket >= 0 { close(socket) }
        socket = -1
        _ = wait()
        unlink(temporary)
        close(errors)
    }

    // MARK: - The child

    /// Waits for ffmpeg to end; returns its `waitpid` status.
    private func wait() -> Int32 {
        isRunning = false
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Stops ffmpeg if needed and makes the error: what ffmpeg said, or else how it ended.
    /// - Parameter status: its `waitpid` status when it has already been waited for.
    /// - Parameter ending: what to say when ffmpeg said nothing and ended well.
    private func failure(status known: Int32?, ending success: String = "it stopped reading frames") -> AnimationError {
        var status = known ?? 0
        if isRunning {
            if socket >= 0 { close(socket) }
            socket = -1
            status = wait()
        }
        unlink(temporary)
        var text = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while text.count < 16_384 {
            let n = chunk.withUnsafeMutableBytes { pread(errors, $0.baseAddress, $0.count, offset) }
            if n <= 0 { break }
            text += chunk[..<n]
            offset += off_t(n)
        }
        close(errors)
        let said = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let ending = status == 0 ? success : FFmpegEncoder.describe(status)
        return AnimationError(path: path, reason: "ffmpeg failed: " + (said.isEmpty ? ending : said))
    }

    /// A file in /tmp already unlinked, open for reading and writing; -1 on failure.
    private static func unlinkedTemporary() -> Int32 {
        guard let template = strdup("/tmp/mask-ffmpeg-XXXXXX") else { return -1 }
        defer { free(template) }
        let fd = mkstemp(template)
        if fd >= 0 { unlink(template) }
        return fd
    }

    /// `exit status 1`, `killed by signal 9`.
    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        return signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
    }

    /// Starts `arguments` with the given standard input and error, its own process group,
    /// and standard output on /dev/null; returns 0 or an errno.
    private static func spawn(_ arguments: [String], stdin: Int32, stderr: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The child starts with default signal handling, whatever this process installed.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let program = argv[0] else { return ENOMEM }
        return posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    }
}

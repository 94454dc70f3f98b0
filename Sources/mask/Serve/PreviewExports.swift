import Foundation
import MaskEngine
import MaskScript

/// The downloads the page offers besides frames: the Lottie file and the animation
/// files, each made by the code of the command that writes it (`ExportCommand`,
/// `RenderCommand`), so the bytes are the command line's.
enum PreviewExports {
    /// What `/export/NAME` serves, by NAME: the Lottie file and one animation per format.
    static let names = ["lottie.json"] + AnimationFormat.allCases.map { "animation." + $0.rawValue }

    /// The media type of an export.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "json": "application/json"
        case "apng": "image/apng"
        case "gif": "image/gif"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        default: "application/octet-stream"
        }
    }

    /// The animation formats that can be made here: APNG always, the others when ffmpeg
    /// is on PATH.
    static var availableAnimations: [AnimationFormat] {
        let ffmpeg = FFmpegEncoder.executable() != nil
        return AnimationFormat.allCases.filter { $0 == .apng || ffmpeg }
    }

    /// Makes the export `name` of the built script.
    static func make(_ name: String, of built: BuiltScene, settings: RenderSettings) -> Result<[UInt8], PreviewPicture.ExportFailure> {
        if name == "lottie.json" {
            do { return .success(try ExportCommand.lottie(of: built)) } catch {
                return .failure(.init(status: .unprocessableContent, message: error.message))
            }
        }
        guard let format = AnimationFormat(pathExtension: name) else {
            return .failure(.init(status: .notFound, message: "no export named \(name)"))
        }
        guard availableAnimations.contains(format) else {
            return .failure(.init(status: .notImplemented, message: "\(format.rawValue.uppercased()) files are encoded by "
                + "ffmpeg, which is not on PATH (Debian and Ubuntu: apt-get install \(FFmpegEncoder.package))"))
        }
        guard let template = strdup("/tmp/mask-serve-XXXXXX") else {
            return .failure(.init(status: .internalServerError, message: "out of memory"))
        }
        defer { free(template) }
        guard let made = mkdtemp(template) else {
            return .failure(.init(status: .internalServerError,
                                  message: "cannot make a temporary folder: \(String(cString: strerror(errno)))"))
        }
        let folder = String(cString: made)
        let file = folder + "/" + name
        defer {
            unlink(file)
            rmdir(folder)
        }
        var quiet = settings
        quiet.quiet = true
        let command = RenderCommand(options: RenderOptions(scriptPath: name, target: .animation(file: file, format: format, frames: nil),
                                                           settings: quiet))
        do {
            try command.write(built)
            return .success(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        } catch let failure as CommandFailure {
            return .failure(.init(status: .internalServerError, message: failure.message))
        } catch {
            return .failure(.init(status: .internalServerError, message: "cannot read \(file): \(error)"))
        }
    }
}

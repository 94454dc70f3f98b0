import MaskEngine

/// A validated `mask render` command line.
struct RenderOptions: Equatable {
    /// What to write.
    enum Target: Equatable {
        /// Frames `frames` (all of them when nil) as `DIRECTORY/frame_NNNNN.EXT`; with
        /// `clean`, frame files beyond the last one rendered are removed.
        case sequence(directory: String, format: ImageFormat, frames: FrameRange?, clean: Bool)
        /// The single image at `time` seconds, to `file`.
        case still(time: Double, file: String, format: ImageFormat)
        /// One looping animation file of `frames` (all when nil).
        case animation(file: String, format: AnimationFormat, frames: FrameRange?)
        /// A contact sheet: `count` frames spread evenly over `frames` (all when nil), in
        /// `columns` columns, each labelled with its time.
        case sheet(file: String, format: ImageFormat, frames: FrameRange?, count: Int, columns: Int)
    }

    /// What `--format` may name: a kind of frame file or of animation.
    enum Format: Equatable {
        case image(ImageFormat)
        case animation(AnimationFormat)

        /// Every value `--format` accepts, in the order the help lists them.
        static let names = ["ppm", "png", "apng", "gif", "mp4", "webm"]

        init?(_ name: String) {
            if let image = ImageFormat(rawValue: name) { self = .image(image) }
            else if let animation = AnimationFormat(rawValue: name) { self = .animation(animation) }
            else { return nil }
        }

        var name: String {
            switch self {
            case .image(let f): f.rawValue
            case .animation(let f): f.rawValue
            }
        }
    }

    /// The frame directory when `-o` is not given.
    static let defaultDirectory = "frames"
    /// The frames on a contact sheet unless `--sheet-frames` says otherwise.
    static let defaultSheetFrames = 12
    /// The columns of a contact sheet unless `--columns` says otherwise.
    static let defaultSheetColumns = 4
    /// The most cells a sheet may have: enough for any review, and a bound on its size.
    static let maxSheetFrames = 400
    /// The script, as typed (diagnostics use this name).
    var scriptPath: String
    /// What to write.
    var target: Target
    /// How frames are made (`--jobs`, `--quiet`, the frame limits).
    var settings: RenderSettings
}

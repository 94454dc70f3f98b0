/// What the command line asks `mask` to do, once parsed and validated.
enum Command: Equatable {
    /// Print the help for a topic (nil: the overview) to standard output.
    case help(HelpTopic?)
    /// Print `mask VERSION`.
    case version
    /// Render frames or a single image.
    case render(RenderOptions)
    /// Render again whenever the script or a file it uses changes.
    case watch(WatchOptions)
    /// Print or rewrite scripts in the canonical layout.
    case fmt(FormatOptions)
    /// Write the scene and its timeline as a Lottie animation.
    case export(ExportOptions)
    /// Serve a live preview page over HTTP.
    case serve(ServeOptions)
    /// Parse and run a script and check its first frame (and, with `lottie`, its
    /// export) without writing anything.
    case check(scriptPath: String, lottie: Bool)
    /// Serve the Language Server Protocol on standard input and output.
    case lsp
    /// Start the interactive REPL, loading a script first if given.
    case repl(scriptPath: String?)
}

/// The subjects `mask help` knows.
enum HelpTopic: String, CaseIterable, Equatable {
    case render
    case watch
    case check
    case fmt
    case export
    case serve
    case lsp
    case repl
    case help
}

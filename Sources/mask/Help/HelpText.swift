import MaskScript

/// The help pages: `mask --help`, `mask help render`, `mask render --help`, ...
///
/// Each page leads with its usage lines, then options with their defaults, then
/// examples and exit statuses, like a man page's synopsis condensed to one screen.
enum HelpText {
    /// The page for a topic; nil gives the overview.
    static func text(for topic: HelpTopic?) -> String {
        switch topic {
        case nil: overview
        case .render: render
        case .watch: watch
        case .check: check
        case .fmt: fmt
        case .export: export
        case .serve: serve
        case .lsp: lsp
        case .repl: repl
        case .help: help
        }
    }

    static let exitStatus = """
        exit status:
          0    success
          1    an error in the script or its inputs: a syntax or run-time error, a missing
               script or image, an unreadable PNG, an output that cannot be written, and
               '--frames' past the scene's last frame (the count is known only once the
               script has run)
          2    bad command-line usage: unknown option, missing or extra argument, bad value
          130  interrupted by Ctrl-C (143 for SIGTERM, 129 SIGHUP, 141 SIGPIPE), within
               milliseconds even inside a long frame; frames already written are complete,
               the frame being drawn is not written
        """

    static var overview: String {
        """
        mask \(MaskTool.version): render mask scripts, Core Animation-style layer animations, to images

        usage: mask render FILE.mask [-o DIR] [--format ppm|png] [--frames A:B] [--jobs N] [--quiet]
               mask render FILE.mask -o OUT.apng|OUT.gif|OUT.mp4|OUT.webm
               mask render FILE.mask --sheet OUT.png
               mask render FILE.mask --at T -o FILE.ppm|FILE.png
               mask watch FILE.mask [--at T | --sheet OUT.png | -o OUT]
               mask check FILE.mask [--lottie]
               mask fmt FILE.mask... [--check | -w]
               mask export FILE.mask -o OUT.json
               mask serve FILE.mask [--port N] [--host ADDR]
               mask lsp
               mask repl [FILE.mask]
               mask help [COMMAND]
               mask --version | --help

        commands:
          render    run a script and write its frames (PPM or PNG files), an animation
                    (APNG, GIF, MP4, WebM), a contact sheet, or one frame
          watch     render again on every save: live in the terminal, or to files
          check     parse and run a script without rendering; report its errors
          fmt       print or rewrite scripts in the canonical layout
          export    write the animation as Lottie JSON, for apps' Lottie players
          serve     preview in a browser: a timeline to scrub, live reload on save
          lsp       serve the Language Server Protocol to an editor on standard input/output
          repl      type statements and inspect the scene interactively
          help      show the help for mask or for one command

        options:
          -h, --help    show this help; 'mask COMMAND --help' shows a command's
          --version     print the version (mask \(MaskTool.version))

        Errors print to standard error as FILE:LINE:COLUMN: error: MESSAGE, then the
        source line and a caret; standard output carries only the script's print output.
        Relative paths inside a script resolve against the script's folder. Colours in
        error messages are used only on a terminal, and never when NO_COLOR is set.

        examples:
          mask render intro.mask                          frames/frame_00000.ppm, ...
          mask render intro.mask -o out --format png      out/frame_00000.png, ...
          mask render intro.mask --at 1.5 -o poster.png   the frame at 1.5 seconds
          mask check intro.mask                           errors only, nothing written
          mask repl intro.mask                            load it, then explore at the prompt

        \(exitStatus)

        """
    }

    static var render: String {
        """
        usage: mask render FILE.mask [-o DIR] [--format ppm|png] [--frames A:B] [--jobs N] [--clean] [--quiet]
               mask render FILE.mask -o OUT.apng|OUT.gif|OUT.mp4|OUT.webm [--frames A:B] [--jobs N]
               mask render FILE.mask --sheet OUT.png [--sheet-frames N] [--columns C]
               mask render FILE.mask --at T -o FILE.ppm|FILE.png

        Runs FILE.mask, then writes frame k of its scene (the picture at time k / fps) to
        DIR/frame_00000.ppm, DIR/frame_00001.ppm, ... (five digits, more past 99999).
        Each frame is written whole under a temporary name, then renamed, so an
        interrupted render never leaves a half-written frame; other files in DIR are
        never touched. Relative paths inside the script resolve against its folder;
        DIR and FILE are relative to the current directory.

        With -o naming an .apng, .gif, .mp4 or .webm file, the frames become one looping
        animation at the canvas fps instead, written whole or not at all. APNG is written
        by mask itself (exact pixels; a frame stores only what changed). GIF, MP4 and WebM
        are encoded by ffmpeg, found on PATH (Debian and Ubuntu: apt-get install ffmpeg),
        fed the frames as they are rendered; MP4 (H.264) and WebM (VP9) are yuv420p, so an
        odd width or height gets one black column or row at the right or bottom.

        options:
          -o, --output PATH    the folder for the frames, created with its parents if
                               missing (default: ./\(RenderOptions.defaultDirectory)); an animation file; with
                               --at, the image file
          --format F           ppm or png: the frame files (default: ppm); apng, gif, mp4
                               or webm: an animation, whatever -o's extension (default
                               name: FILE with the format's extension)
          --frames A:B         only frames A through B, inclusive, 0 <= A <= B < frame count
                               (default: all); split a long render across machines
          -j, --jobs N         frames rendered at once, 1 to \(RenderSettings.maxJobs) (default: \(RenderSettings.defaultJobs), the
                               processors available); the files are identical for any N
          --clean              remove frame files in DIR numbered past the scene's last
                               frame (without it, mask warns about them)
          --sheet OUT.png      a contact sheet instead: frames spread evenly from the
                               first to the last, in a grid, each labelled with its time
          --sheet-frames N     frames on the sheet (default: \(RenderOptions.defaultSheetFrames))
          --columns C          columns of the sheet (default: \(RenderOptions.defaultSheetColumns))
          --at T               write only the frame at T seconds (T >= 0) to the file
                               named by -o; its extension, .ppm or .png, is the format
          --max-frame-memory SIZE
                               the offscreen buffers one frame may use (default: 2G); a
                               frame past it fails naming the layer (SIZE: 512M, 4G, ...)
          --max-frame-work N   the pixels one frame may draw, every layer counting what it
                               covers (default: 4000000000)
          -q, --quiet          no progress line and no summary
          -h, --help           show this help
          --                   end of options; a FILE starting with '-' follows

        While standard error is a terminal, a progress line shows there, then a summary:
          frame 12/91  24.3 fps  ETA 3.2s
          wrote 91 frames to frames/ in 1.2s (75 frames/s)

        examples:
          mask render intro.mask
          mask render intro.mask -o out/intro --format png --jobs 4
          mask render intro.mask -o intro.gif                 (or .mp4, .webm, .apng)
          mask render intro.mask --sheet review.png --sheet-frames 8
          mask render intro.mask --frames 0:449 -o part1      (another machine: 450:899)
          mask render intro.mask --at 2.5 -o still.png

        \(exitStatus)

        """
    }

    static var watch: String {
        """
        usage: mask watch FILE.mask [--at T | --frames A:B] [--quiet]
               mask watch FILE.mask -o OUT | --sheet OUT.png | --at T -o FILE.png [render's options]

        Builds FILE.mask, shows or writes the result, and does it again every time the
        script, or an image or font file it uses, is saved, until Ctrl-C (exit status 0).
        A save with errors shows the diagnostics; the next good save recovers.

        Without an output, on a terminal the animation plays there at the canvas fps,
        drawn with half-block characters (true colour when COLORTERM says so), or the
        frame at --at T stands still. With -o, --sheet or --format, every rebuild writes
        what 'mask render' would and says so on standard error.

        options: those of 'mask render' (see 'mask render --help'), and
          -q, --quiet    print only errors
          -h, --help     show this help

        examples:
          mask watch intro.mask                        the animation, live in the terminal
          mask watch intro.mask --at 1.5               one frame, redrawn on every save
          mask watch intro.mask --sheet review.png     a contact sheet, rewritten on every save

        """
    }

    static var fmt: String {
        """
        usage: mask fmt FILE.mask... [--check | -w]

        Prints each script in the one canonical layout: two spaces a level, one statement
        a line (a block written on one line stays on one line while it fits in
        \(ScriptFormatter.width) columns), one space around operators and after ':' and ',',
        blank lines kept but collapsed to one, animate clauses in the order from, to,
        keys, times, over, delay, ease, repeat, autoreverse, stagger, order, and lists
        too long for a line one item a line with trailing commas. Every comment stays
        where it was. Formatting never changes what a script renders, and formatting
        twice gives what formatting once gave. A script with syntax errors is reported
        (exit status 1) and never rewritten.

        options:
          --check        print nothing; name each file that is not formatted on standard
                         error, and exit with status 1 if there is one
          -w, --write    rewrite each file that is not formatted, in place: a link's
                         target, keeping its owner, group and mode; a read-only file
                         is refused
          -h, --help     show this help

        examples:
          mask fmt intro.mask                print it formatted
          mask fmt -w Examples/*.mask        format them in place
          mask fmt --check Examples/*.mask   for CI: exit 1 when one is not formatted

        """
    }

    static var export: String {
        """
        usage: mask export FILE.mask -o OUT.json

        Runs the script and writes its scene and whole timeline as a Lottie animation
        (JSON) that lottie-ios, lottie-android, lottie-web, rlottie and ThorVG play: the
        canvas size, fps and duration; every layer with its transform, opacity,
        background, contents image (embedded as PNG, once per distinct image), gradient,
        shape and text (as glyph outlines, so no font is needed); masks as mask paths
        (with their add, subtract and intersect modes) or track mattes. Every frame shows
        what 'mask render' draws at that frame. Something Lottie cannot express (a conic
        gradient), or the players do not draw (mask feather), is an error naming the
        layer; nothing is written then.

        options:
          -o, --output OUT.json   the Lottie file (written whole or not at all)
          -h, --help              show this help

        examples:
          mask export intro.mask -o intro.json

        \(exitStatus)
        """
    }

    static var lsp: String {
        """
        usage: mask lsp [--stdio]

        Serves the Language Server Protocol (JSON-RPC with Content-Length headers) on
        standard input and output, for an editor to start ('--stdio', which many
        clients add, names that transport and changes nothing). It offers, as you type:
          diagnostics   the messages of 'mask check', did-you-mean included, from a
                        parse and a run limited to \(DocumentAnalysis.stepBudget) steps and \(Int(DocumentAnalysis.timeBudget)) s, so a
                        keystroke never waits (where a run stops is information, not
                        an error); images and fonts resolve against the document's
                        folder, and print output is dropped; an imported file's
                        errors are published in that file and at its 'import'
          completion    properties after 'layer.' and in a layer body, animate clause
                        words, colours, eases, stagger orders, names in scope
          hover         a property's type, default and doc; a function's signature; a
                        layer's kind and frame
          definition, references, rename (the resolver's own bindings), document
          symbols (layers as a tree), and
          formatting    the same layout as 'mask fmt' (refused on syntax errors)
        Positions are UTF-16, as the protocol's default. A malformed message gets a
        JSON-RPC error and the server keeps serving; it ends at 'exit' or at the end
        of its input.

        options:
          -h, --help    show this help

        example (Neovim 0.7):
          vim.lsp.start_client{ cmd = { "mask", "lsp" }, root_dir = vim.fn.getcwd() }

        exit status:
          0    'exit' (or the end of input) after 'shutdown'
          1    'exit' or the end of input without 'shutdown'

        """
    }

    static var check: String {
        """
        usage: mask check FILE.mask [--lottie]

        Parses and runs FILE.mask to build its scene, and checks what 'mask render' would
        refuse of its first frame (fonts and glyphs, nesting, the render budget), writing
        nothing. On success it prints nothing but the script's own print output;
        otherwise it reports every syntax error, or the run-time error, as
        FILE:LINE:COLUMN: error: MESSAGE with the source line and a caret under the
        property that caused it. Use it in editors and before long renders.

        options:
          --lottie      also report every construct 'mask export' would refuse, all at once
          -h, --help    show this help

        example:
          mask check intro.mask && mask render intro.mask

        exit status:
          0    the script is fine
          1    the script has errors, or cannot be read
          2    bad command-line usage

        """
    }

    static var repl: String {
        let commands = ReplCommand.allCases.map { command in
            "  " + command.usage.padding(toLength: 20, withPad: " ", startingAt: 0) + command.summary
        }
        return """
        usage: mask repl [FILE.mask]

        Reads statements one at a time into the interpreter mask render uses, so what
        works in a file works at the prompt; FILE.mask, if given, runs first. A statement
        with open brackets continues on the next line. On a terminal the prompt has line
        editing, history (~/.mask_history) and Tab completion; Ctrl-C abandons the input
        or stops what is running, Ctrl-D leaves. With standard input from a file or pipe
        it reads statements without prompts.

        commands at the prompt:
        \(commands.joined(separator: "\n"))

        options:
          -h, --help    show this help

        exit status:
          0    done; interactively, errors at the prompt do not change the status
          1    reading from a file or pipe, some input had an error
          2    bad command-line usage

        """
    }


    static var help: String {
        """
        usage: mask help [COMMAND]

        Shows the help for COMMAND (\(CommandParser.commandNames.joined(separator: ", "))), or the overview
        without one. 'mask COMMAND --help' shows the same page.

        """
    }
}

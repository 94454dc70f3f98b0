extension HelpText {
    /// The page of `mask serve --help`.
    static var serve: String {
        """
        usage: mask serve FILE.mask [--port N] [--host ADDR] [--sheet N] [--jobs N] [--quiet]

        Serves a live preview of FILE.mask to a browser and prints its address:
          serving http://127.0.0.1:\(ServeOptions.defaultPort)/
        The page shows the canvas (fitted to the window, or at 100 %), a timeline with
        the playhead and each animation as a bar (click one to jump to its start), play
        and pause, frame steps, loop, speed 0.25x to 2x, a contact-sheet strip, and
        downloads of the frame (PNG), the animation (APNG; GIF and MP4 when ffmpeg is on
        PATH) and the Lottie export, each the bytes the matching command writes. Saving
        the script, or an image, font or script it uses, reloads the page within a
        second and keeps the playhead; a save with errors shows them over the last good
        picture, and the next good save clears them. Keys: Left and Right step a frame,
        Space plays and pauses, Home and End go to the ends.

        Frames are rendered on demand by the server, the same bytes as
        'mask render FILE --at T -o x.png'. The server answers only requests whose Host
        is the address it listens on, localhost or 127.0.0.1 (with the port), and serves
        only its page, frames and exports. Ctrl-C or SIGTERM stops it (exit status 0).

        endpoints:
          GET /                        the page
          GET /frame?t=SECONDS         the frame at that time, a PNG
          GET /scene.json              size, fps, duration, frame count, animations, errors
          GET /events                  server-sent events: reload, diagnostics
          GET /export/lottie.json      what 'mask export' writes
          GET /export/animation.apng   what 'mask render -o x.apng' writes (and .gif, .mp4
                                       and .webm when ffmpeg is on PATH)

        options:
          -p, --port N     the port, 0 to 65535; 0 picks a free one (default: \(ServeOptions.defaultPort))
          --host ADDR      the address to listen on (default: \(ServeOptions.defaultHost), this machine
                           only); another address lets other machines in, so use it only
                           on a network you trust
          --sheet N        frames in the contact-sheet strip, 0 for none (default: \(ServeOptions.defaultSheetFrames))
          -j, --jobs N     frames rendered at once, 1 to \(RenderSettings.maxJobs) (default: the processors)
          -q, --quiet      print only the address and errors
          -h, --help       show this help

        examples:
          mask serve intro.mask                 then open http://127.0.0.1:\(ServeOptions.defaultPort)/
          mask serve intro.mask --port 0        any free port; the address printed says which

        """
    }
}

/// Scripts the end-to-end tests write into their temporary directories.
enum TestScripts {
    /// 0.5 s at 10 fps on an 8×6 canvas: frames 0...5. Prints one line.
    static let sixFrames = """
        canvas { size: [8, 6]; fps: 10; duration: 0.5s; background: black }
        layer box { frame: [0, 0, 4, 3]; background: red }
        animate box.x to 4 over 0.5s
        print("hello", 2 * 5)

        """

    /// Moving, fading, rotating layers over 12 frames: every frame differs, for comparing
    /// renders made with different `--jobs`.
    static let animated = """
        canvas { size: [48, 32]; fps: 24; duration: 0.5s; background: #102030 }
        layer box {
          frame: [4, 4, 16, 12]
          background: orange
          cornerRadius: 3
          layer dot { frame: [2, 2, 6, 6]; background: yellow; opacity: 0.5 }
        }
        gradient band { frame: [0, 20, 48, 12]; colors: [red, blue] }
        animate box.x to 28 over 0.5s ease easeInOut
        animate box.rotation to 90deg over 0.5s
        animate band.opacity to 0.2 over 0.5s

        """

    /// Three syntax errors, on lines 2, 3 and 4.
    static let syntaxErrors = """
        canvas { size: [8, 6] }
        let = 5
        layer { opacity: ) }
        let y = 1 + * 2

        """

    /// A run-time error on line 2: an unknown name.
    static let runtimeError = """
        let x = 1
        print(y)

        """
}

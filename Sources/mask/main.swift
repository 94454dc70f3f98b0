import Foundation
import MaskEngine

// Before anything is allocated: frame-size buffers each get a mapping of their own, so
// their 2 MiB pages line up (see `RenderBuffers.mapFrameBuffersOnTheirOwn`).
RenderBuffers.mapFrameBuffersOnTheirOwn()
exit(MaskTool.run(arguments: Array(CommandLine.arguments.dropFirst())))

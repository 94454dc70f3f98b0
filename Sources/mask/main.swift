import Foundation
exit(MaskTool.run(arguments: Array(CommandLine.arguments.dropFirst())))

/// The ```mask code blocks of a Markdown text (Grammar.md, docs/Reference.md), each with
/// the line its code starts on, for tests that run the documentation's examples.
enum MarkdownExamples {
    static func blocks(in text: String) -> [(line: Int, code: String)] {
        var blocks: [(Int, String)] = []
        var current: [String]?
        var start = 0
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if current == nil, line == "```mask" {
                current = []
                start = number + 2
            } else if current != nil, line == "```" {
                blocks.append((start, (current ?? []).joined(separator: "\n")))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}

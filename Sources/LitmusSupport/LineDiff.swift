/// A line diff of two texts, as a failure message shows it: the lines only the first has start with
/// `- `, those only the second has with `+ `, common ones with two spaces; only the changed places are
/// shown, with `context` lines around each, and `…` where lines were left out.
package enum LineDiff {
    /// The diff of `old` and `new`, or "" when they are the same.
    package static func of(_ old: String, _ new: String, context: Int = 2, limit: Int = 60) -> String {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = edits(before, after)
        guard lines.contains(where: { $0.mark != " " }) else { return "" }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        var shown = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(lines.count - 1, index + context) { shown.insert(near) }
        }
        var output: [String] = []
        var last = -1
        for index in shown.sorted() {
            if index != last + 1 { output.append("…") }
            output.append("\(lines[index].mark) \(lines[index].text)")
            last = index
        }
        if last != lines.count - 1 { output.append("…") }
        if output.count > limit { output = Array(output.prefix(limit)) + ["… (\(output.count - limit) more lines)"] }
        return output.joined(separator: "\n")
    }

    /// The lines of both, in order, each marked `-` (only in `before`), `+` (only in `after`) or ` `
    /// (in both), from their longest common subsequence.
    package static func edits<Line: Equatable>(_ before: [Line], _ after: [Line]) -> [(mark: Character, text: Line)] {
        let rows = before.count
        let columns = after.count
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                common[row][column] =
                    before[row] == after[column]
                    ? common[row + 1][column + 1] + 1 : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var result: [(mark: Character, text: Line)] = []
        var (row, column) = (0, 0)
        while row < rows || column < columns {
            if row < rows && column < columns && before[row] == after[column] {
                result.append((" ", before[row]))
                row += 1
                column += 1
            } else if row < rows && (column == columns || common[row + 1][column] >= common[row][column + 1]) {
                result.append(("-", before[row]))
                row += 1
            } else {
                result.append(("+", after[column]))
                column += 1
            }
        }
        return result
    }
}

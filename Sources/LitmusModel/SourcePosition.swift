/// A place in a source file: its line and column, both from 1, the column in UTF-8 bytes (as the compiler
/// and llvm-cov count them), and its file when what holds the position does not imply it (a check of a test
/// names its file; a mutant's position is in the mutant's file). The one position of the tools: the static
/// analysis, coverage's execution counts, mutants and Stryker's report (``StrykerReport/Position``).
public struct SourcePosition: Sendable, Hashable, Codable, Comparable {
    /// The file, when the position names it (absolute while analyzing, relative to the package once
    /// mapped); `nil` when what holds the position implies it. In JSON only when present.
    public var file: String?
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in UTF-8 bytes.
    public var column: Int

    /// A position at `line` and `column`, in `file` when given.
    public init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// By file (a position without one first), then earlier lines, then earlier columns.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file ?? "", lhs.line, lhs.column) < (rhs.file ?? "", rhs.line, rhs.column)
    }
}

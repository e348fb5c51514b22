/// The errors of a compiler's output (`path:line:column: error: message`).
public struct CompilerErrors: Sendable, Hashable {
    /// The file, as the compiler printed it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What the compiler said.
    public var message: String

    /// Whether the type checker gave up on an expression ("unable to type-check this expression in
    /// reasonable time"): the mutants of its statement made it too costly.
    public var givesUp: Bool { message.contains("unable to type-check") }

    /// The errors in `output` whose file path ends with `file`.
    public static func parse(_ output: String, file: String) -> [CompilerErrors] {
        output.split(separator: "\n").compactMap { line -> CompilerErrors? in
            guard let marker = line.firstRange(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let number = Int(location[location.count - 2]),
                let column = Int(location[location.count - 1])
            else { return nil }
            let path = location[..<(location.count - 2)].joined(separator: ":")
            guard path.hasSuffix(file) else { return nil }
            return CompilerErrors(file: path, line: number, column: column, message: String(line[marker.upperBound...]))
        }
    }
}

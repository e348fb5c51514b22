import Testing

@testable import LitmusMutation

extension Tag {
    /// Tests that start processes (the compiler).
    @Tag static var endToEnd: Self
}

/// The mutants of `source`, a file's text.
func mutants(in source: String) -> [Mutant] {
    MutationSource(path: "Sources/M/File.swift", text: source).mutants()
}

/// `original -> replacement` for each mutant of one operator, in the order of the file.
func changes(in source: String, by mutationOperator: MutationOperator) -> [String] {
    mutants(in: source).filter { $0.mutationOperator == mutationOperator }.map { "\($0.original) -> \($0.replacement)" }
}

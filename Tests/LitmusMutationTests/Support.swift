import Foundation
import LitmusAudit
import Testing

@testable import LitmusMutation
@testable import LitmusRunning

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

/// A kept build folder for the fixture `name`, locked until released: in this package's
/// `.build/litmus-fixtures`, the folder LitmusAuditTests' fixture audits keep theirs in, so a fixture is built
/// from nothing once and later runs compile only what changed. It is the folder `litmus mutate` and `litmus audit`
/// share, as they do for a user's package. A test of another process or task holding it is waited for, so the
/// fixture is never built twice at once. A build with options of its own (`variant`) keeps a folder of its own.
func keptBuild(_ name: String, variant: String? = nil) async throws -> BuildCacheLock {
    let fixture = MutateEndToEndTests.fixtures.appendingPathComponent(name)
    let root = MutateEndToEndTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build").appendingPathComponent("litmus-fixtures")
    return try await BuildCache(root: root).acquireWaiting(for: fixture, variant: variant)
}

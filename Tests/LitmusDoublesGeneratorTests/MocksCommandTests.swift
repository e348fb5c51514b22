import Foundation
import Testing

@testable import LitmusCLI

@Suite("litmus mocks refuses input it cannot turn into a compiling file")
struct MocksCommandTests {
    @Test("An empty --condition or --suffix is refused, naming the option")
    func emptyOptions() throws {
        let base = ["Sources/App", "--module", "App", "--output", "AppDoubles.swift"]
        let condition = try #require(Mocks.validationError(base + ["--condition", " "]))
        #expect(Mocks.message(for: condition).contains("--condition is empty"))
        let suffix = try #require(Mocks.validationError(base + ["--suffix", ""]))
        #expect(Mocks.message(for: suffix).contains("--suffix is empty"))
        #expect(Mocks.validationError(base + ["--condition", "DEBUG"]) == nil)
    }

    @Test("A folder without a Swift file is an error naming it, not an empty doubles file")
    func folderWithoutSwiftFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-mocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "no code".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        let error = try #require(throws: (any Error).self) { try SourceFinder.swiftFiles(in: [folder.path]) }

        #expect(Mocks.message(for: error).contains("\(folder.path) holds no .swift file"))
    }
}

extension Mocks {
    /// The error `parse` throws for `arguments` (validation included), or nil.
    fileprivate static func validationError(_ arguments: [String]) -> (any Error)? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }
}

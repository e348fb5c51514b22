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

    @Test("--split writes both doubles of a protocol declared in two #if clauses into its one file")
    func splitKeepsEveryClause() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-mocks-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources")
        let output = folder.appendingPathComponent("Doubles")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text =
            "#if os(Linux)\nprotocol Poller { func poll() -> Int }\n#else\nprotocol Poller { func poll() }\n#endif\n"
        try text.write(to: sources.appendingPathComponent("Poller.swift"), atomically: true, encoding: .utf8)

        let command = try Mocks.parse([sources.path, "--module", "App", "--split", "--output", output.path])
        try command.run()

        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["PollerMock.swift"])
        let written = try String(contentsOf: output.appendingPathComponent("PollerMock.swift"), encoding: .utf8)
        #expect(written.contains("#if os(Linux)\n") && written.contains("func poll() -> Int"))
        #expect(written.contains("#if !os(Linux)\n") && written.contains("    func poll() {"))
    }

    @Test("A protocol with a syntax error is not written as a double of a guessed requirement")
    func syntaxErrorWritesNoDouble() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-mocks-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources")
        let output = folder.appendingPathComponent("Doubles")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "protocol P { func f( }\n".write(
            to: sources.appendingPathComponent("P.swift"), atomically: true, encoding: .utf8)

        // When
        let command = try Mocks.parse([sources.path, "--module", "App", "--split", "--output", output.path])
        try command.run()

        // Then
        let written = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        #expect(written == [])
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

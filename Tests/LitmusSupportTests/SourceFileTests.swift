import Foundation
import LitmusSupport
import Testing

@Suite("Source files read from disk")
struct SourceFileTests {
    @Test("A file read from disk keeps its path and its text")
    func readsFile() throws {
        // Given
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-source-\(UUID().uuidString).swift"
        ).path
        try "protocol Clock { func now() -> Int }\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When
        let sut = try SourceFile(contentsOf: path)
        // Then
        #expect(sut == SourceFile(path: path, text: "protocol Clock { func now() -> Int }\n"))
    }

    @Test("A file that is not there is an error")
    func missingFile() {
        #expect(throws: (any Error).self) { try SourceFile(contentsOf: "/nowhere/Missing.swift") }
    }
}

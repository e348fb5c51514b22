import Foundation
import Testing

@testable import LitmusSupport

@Suite("git, asked as a child process")
struct GitTests {
    @Test("The commit of a work tree is its HEAD's 40 hex digits; a folder in no work tree has none", .tags(.endToEnd))
    func head() async throws {
        // Given: a repository with one commit, and a folder outside any repository
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-git-\(UUID())")
        let repository = root.appendingPathComponent("repo")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x\n".utf8).write(to: repository.appendingPathComponent("file.txt"))
        for arguments in [
            ["init", "--quiet"], ["add", "file.txt"],
            ["-c", "user.name=L", "-c", "user.email=l@example.com", "commit", "--quiet", "-m", "one"],
        ] {
            #expect(try await Git.run(arguments, in: repository)?.status == 0)
        }

        // When
        let commit = await Git.head(of: repository)
        let none = await Git.head(of: outside)

        // Then
        let listed = await Git.output(["rev-list", "-1", "HEAD"], in: repository)
        #expect(commit?.count == 40)
        #expect(commit == listed?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(none == nil)
    }
}

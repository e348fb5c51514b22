import Foundation
import LitmusModel
import LitmusSupport
import Testing

@testable import LitmusRunning

@Suite("--since: the lines changed since a git ref, from git diff")
struct ChangedLinesTests {
    static let diff = """
        diff --git a/Sources/A/A.swift b/Sources/A/A.swift
        index 1111111..2222222 100644
        --- a/Sources/A/A.swift
        +++ b/Sources/A/A.swift
        @@ -3 +3 @@ func a() {
        -    1
        +    2
        @@ -10,0 +11,2 @@ func b() {
        +    let x = 1
        +    let y = 2
        @@ -20,3 +22,0 @@ func c() {
        -    gone
        -    gone
        -    gone
        diff --git a/Sources/A/New.swift b/Sources/A/New.swift
        new file mode 100644
        index 0000000..3333333
        --- /dev/null
        +++ b/Sources/A/New.swift
        @@ -0,0 +1,2 @@
        +func new() {}
        +func newer() {}
        diff --git a/Tests/Old.swift b/Tests/Old.swift
        deleted file mode 100644
        --- a/Tests/Old.swift
        +++ /dev/null
        @@ -1 +0,0 @@
        -func old() {}
        diff --git "a/Sources/A/caf\\303\\251.swift" "b/Sources/A/caf\\303\\251.swift"
        --- "a/Sources/A/caf\\303\\251.swift"
        +++ "b/Sources/A/caf\\303\\251.swift"
        @@ -5,2 +5,2 @@
        -a
        -b
        +c
        +d
        """

    @Test("A hunk's lines in the new file are changed: one line, several, and the two around a deletion")
    func hunks() {
        // When
        let sut = ChangedLines.parse(ref: "main", diff: Self.diff)

        // Then
        #expect(sut.files["Sources/A/A.swift"] == .lines([3, 11, 12, 22, 23]))
        #expect(sut.touches(file: "Sources/A/A.swift", lines: 12...14))
        #expect(!sut.touches(file: "Sources/A/A.swift", lines: 4...10))
    }

    @Test("A new file counts wholly, a deleted one not at all, and an untracked file wholly")
    func newAndDeletedFiles() {
        // When
        let sut = ChangedLines.parse(ref: "main", diff: Self.diff, untracked: ["Sources/A/Draft.swift"])

        // Then
        #expect(sut.files["Sources/A/New.swift"] == .whole)
        #expect(sut.files["Sources/A/Draft.swift"] == .whole)
        #expect(sut.touches(file: "Sources/A/Draft.swift", lines: 400...401))
        #expect(sut.files["Tests/Old.swift"] == nil)
        #expect(!sut.touches(file: "Sources/B/B.swift"))
    }

    @Test("A path git quotes (octal escapes of UTF-8) is read back as the file's name")
    func quotedPath() {
        // When
        let sut = ChangedLines.parse(ref: "main", diff: Self.diff, untracked: ["\"Sources/A/na\\303\\257ve.swift\""])

        // Then
        #expect(sut.files["Sources/A/café.swift"] == .lines([5, 6]))
        #expect(sut.files["Sources/A/naïve.swift"] == .whole)
    }

    @Test("A path with a space, which git ends with a tab, is read as the file's name")
    func spacedPath() {
        // Given: what git prints for `Sources/A/Square Root.swift`.
        let diff =
            "diff --git a/Sources/A/Square Root.swift b/Sources/A/Square Root.swift\n"
            + "--- a/Sources/A/Square Root.swift\t\n+++ b/Sources/A/Square Root.swift\t\n@@ -4 +4 @@\n-a\n+b\n"

        // When
        let sut = ChangedLines.parse(ref: "main", diff: diff)

        // Then
        #expect(sut.files == ["Sources/A/Square Root.swift": .lines([4])])
    }

    @Test("A hunk header's new side: +c is one line, +c,d is d lines, +c,0 is the lines around a deletion")
    func hunkHeaders() {
        #expect(ChangedLines.newLines(ofHunk: "@@ -1 +7 @@") == [7])
        #expect(ChangedLines.newLines(ofHunk: "@@ -1,2 +7,3 @@ func f()") == [7, 8, 9])
        #expect(ChangedLines.newLines(ofHunk: "@@ -4,2 +3,0 @@") == [3, 4])
        #expect(ChangedLines.newLines(ofHunk: "@@ -1,2 +0,0 @@") == [1])
        #expect(ChangedLines.newLines(ofHunk: "@@ garbage @@") == nil)
    }
}

@Suite("--since against a real git repository", .tags(.endToEnd))
struct ChangedLinesGitTests {
    private func git(_ arguments: [String], in folder: URL) async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments, in: folder, timeout: 600)
        #expect(result.status == 0, "git \(arguments): \(result.output)")
    }

    @Test("Committed, uncommitted and untracked changes count, paths are the package's, and a bad ref is named")
    func sinceARef() async throws {
        // Given: a repository whose package is a subfolder; one line changed since the first commit, one
        // uncommitted, and an untracked file
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-since-\(UUID())")
        defer { try? FileManager.default.removeItem(at: repository) }
        let package = repository.appendingPathComponent("Package")
        let sources = package.appendingPathComponent("Sources/A")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let file = sources.appendingPathComponent("A.swift")
        try "one\ntwo\nthree\nfour\n".write(to: file, atomically: true, encoding: .utf8)
        try await git(["init", "-q"], in: repository)
        try await git(["add", "-A"], in: repository)
        try await git(["commit", "-qm", "first"], in: repository)
        try await git(["tag", "first"], in: repository)
        try "one\nTWO\nthree\nfour\n".write(to: file, atomically: true, encoding: .utf8)
        try await git(["commit", "-qam", "second"], in: repository)
        try "one\nTWO\nthree\nFOUR\n".write(to: file, atomically: true, encoding: .utf8)
        try "new\n".write(to: sources.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)

        // When
        let sut = try await ChangedLines.since("first", in: package)

        // Then
        #expect(sut.files == ["Sources/A/A.swift": .lines([2, 4]), "Sources/A/B.swift": .whole])
        await #expect(
            throws: AuditError.badSince(
                ref: "nope",
                reason: "it names no commit of the package's git repository (try a branch, a tag, a commit or HEAD~1)")
        ) {
            try await ChangedLines.since("nope", in: package)
        }
    }
}

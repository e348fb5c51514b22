import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

/// A stand-in test binary: a script that passes `ATests.testA` when `LITMUS_PROBE` is `pass` and fails
/// it otherwise, writes a coverage profile where `LLVM_PROFILE_FILE` says, and exits with status 3.
private let script = """
    #!/bin/sh
    profile=$(printf '%s' "$LLVM_PROFILE_FILE" | sed "s/%p/$$/")
    printf 'profile' > "$profile"
    echo "Test Case 'ATests.testA' started at 2026-11-22 14:45:42.223"
    if [ "$LITMUS_PROBE" = pass ]; then
      echo "Test Case 'ATests.testA' passed (0.001 seconds)"
    else
      echo "Test Case 'ATests.testA' failed (0.001 seconds)"
    fi
    exit 3
    """

@Suite("The test binary runs a process as the audit and mutation testing ask", .tags(.endToEnd))
struct TestBinaryTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "litmus-test-binary-\(UUID().uuidString)")
    private let test = TestIdentity(library: .xctest, id: "Mod.ATests/testA")

    private func binary(keepsFiles: Bool) throws -> TestBinary {
        let scratch = folder.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let executable = folder.appendingPathComponent("fake.xctest")
        try script.write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        return TestBinary(
            executable: executable, workingDirectory: folder, scratch: scratch, timeout: 600, keepsFiles: keepsFiles)
    }

    /// The files left in the scratch folder and its `profiles` folder.
    private func leftInScratch() -> [String] {
        let scratch = folder.appendingPathComponent("scratch")
        let top = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        let profiles =
            (try? FileManager.default.contentsOfDirectory(
                atPath: scratch.appendingPathComponent("profiles").path)) ?? []
        return top.filter { $0 != "profiles" } + profiles
    }

    @Test("The environment it is given reaches the process, and the run has its exit status and wall time")
    func environmentStatusAndTime() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try binary(keepsFiles: false)
        // When
        let passing = try await sut.run([test], environment: ["LITMUS_PROBE": "pass"], timeout: 600, profile: "p")
        let failing = try await sut.run([test], environment: ["LITMUS_PROBE": "fail"], timeout: 600, profile: "f")
        // Then
        #expect(passing.results[test.id]?.outcome == .passed)
        #expect(failing.results[test.id]?.outcome == .failed)
        #expect(passing.status == 3)
        #expect(!passing.timedOut)
        #expect(passing.seconds > 0)
    }

    @Test("A binary that keeps no files leaves neither its output nor its profiles in the scratch folder")
    func removesFiles() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try binary(keepsFiles: false)
        // When
        let run = try await sut.run([test], environment: [:], timeout: 600, profile: "m")
        // Then
        #expect(run.results[test.id] != nil)
        #expect(run.profiles.isEmpty)
        #expect(leftInScratch().isEmpty)
    }

    @Test("A binary that keeps its files (the audit's) lists the profile its process wrote into the scratch")
    func keepsProfiles() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let sut = try binary(keepsFiles: true)
        // When
        let run = try await sut.run([test], all: [test], profile: "suite-1")
        // Then
        let profile = try #require(run.profiles.first)
        #expect(run.profiles.count == 1)
        #expect(profile.lastPathComponent.hasPrefix("suite-1-x-"))
        #expect(profile.deletingLastPathComponent().path.hasPrefix(sut.scratch.path))
        #expect(FileManager.default.fileExists(atPath: profile.path))
    }
}

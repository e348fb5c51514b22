import Foundation
import LitmusModel
import LitmusSupport
import Testing

@testable import LitmusRunning

/// What a test process inherits from the audit's own environment.
@Suite("The environment of the processes the audit starts")
struct ChildEnvironmentTests {
    @Test(
        "The LLVM profile runtime's state is not inherited, so a test process under an instrumented audit writes its profile"
    )
    func profileRuntimeState() {
        // Given: the environment of an instrumented process (the toolkit's tests under `litmus audit`)
        let parent = ["__LLVM_PROFILE_RT_INIT_ONCE": "__LLVM_PROFILE_RT_INIT_ONCE", "PATH": "/usr/bin"]
        // When
        let child = ChildProcess.environment(
            inheriting: parent, setting: ["LLVM_PROFILE_FILE": "/scratch/profiles/suite-1-x-%p.profraw"],
            unsetting: ProfileFiles.inheritedState)
        // Then
        #expect(child == ["PATH": "/usr/bin", "LLVM_PROFILE_FILE": "/scratch/profiles/suite-1-x-%p.profraw"])
    }

    @Test("A test process's profile folder exists before it starts")
    func profileFolder() throws {
        // Given: the run's scratch folder, as the workspace makes it
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // When
        let sut = ProfileFiles(in: scratch, named: "alone")
        // Then
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/profiles", isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        #expect(sut.environment["LLVM_PROFILE_FILE"]?.hasSuffix("-%p.profraw") == true)
    }

    @Test("A scratch folder an interruption deleted is not made again for a test process's profiles")
    func deletedScratchStaysDeleted() {
        // Given: a scratch folder that no longer exists
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-profiles-\(UUID().uuidString)")

        // When
        _ = ProfileFiles(in: scratch, named: "alone")

        // Then
        #expect(!FileManager.default.fileExists(atPath: scratch.path))
    }
}

import ArgumentParser
import Foundation
import LitmusAudit
import LitmusCommands
import Testing

/// The package's own build options and test environment, as `.litmus-audit.json` and the command lines of
/// `litmus audit`, `mutate` and `smells` give them (docs/audit.md, "Building the package as its CI does").
@Suite("Build options and test environment on the command line and in the file", .tags(.parsing))
struct BuildOptionsCommandTests {
    /// A configuration file holding `text`, deleted by the caller.
    private func configuration(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-build-\(UUID()).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("The file's keys are read; the command line's configuration and traits win, its -- options come after")
    func fileAndCommandLine() throws {
        // Given
        let file = try configuration(
            #"{"buildArguments": ["-Xswiftc", "-DNETWORK"], "configuration": "release", "traits": ["Fast"], "testEnvironment": {"API_HOST": "localhost"}}"#
        )
        defer { try? FileManager.default.removeItem(at: file) }
        // When
        let sut = try AuditCommand.parse([
            "/nowhere", "--config", file.path, "--traits", "Fast,Slow", "--test-env", "TOKEN=a=b", "--",
            "--enable-test-discovery",
        ]).resolvedOptions()
        // Then
        #expect(sut.buildArguments == ["-Xswiftc", "-DNETWORK", "--enable-test-discovery"])
        #expect(sut.configuration == .release)
        #expect(sut.traits == ["Fast", "Slow"])
        #expect(sut.testEnvironment.variables == ["API_HOST": "localhost", "TOKEN": "a=b"])
        #expect(
            sut.swiftBuildArguments == [
                "-c", "release", "--traits", "Fast,Slow", "-Xswiftc", "-DNETWORK", "--enable-test-discovery",
            ])
    }

    @Test("litmus mutate and litmus smells take the same build options")
    func mutateAndSmells() throws {
        // When
        let mutate = try MutateCommand.parse(["/nowhere", "--configuration", "release", "--", "-Xswiftc", "-DX"])
        let smells = try SmellsCommand.parse(["/nowhere", "Tests", "--traits", "Fast", "--", "-Xswiftc", "-DX"])
        // Then
        var options = AuditOptions()
        mutate.packageBuild.apply(to: &options)
        mutate.swiftBuild.apply(to: &options)
        #expect(options.swiftBuildArguments == ["-c", "release", "-Xswiftc", "-DX"])
        #expect(smells.readPaths == ["/nowhere", "Tests"])
        #expect(try smells.resolvedOptions().swiftBuildArguments == ["--traits", "Fast", "-Xswiftc", "-DX"])
    }

    @Test("litmus mutate reads the package's .litmus-audit.json for its build, then its own flags")
    func mutateReadsTheFile() throws {
        // Given
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-mutate-\(UUID())")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try #"{"buildArguments": ["--enable-test-discovery"], "testEnvironment": {"API_HOST": "localhost"}}"#
            .write(to: package.appendingPathComponent(".litmus-audit.json"), atomically: true, encoding: .utf8)
        // When
        let sut = try MutateCommand.parse([package.path, "--traits", "Fast", "--test-env", "TOKEN=t"])
            .packageBuild(of: package)
        // Then
        #expect(sut.arguments == ["--traits", "Fast", "--enable-test-discovery"])
        #expect(sut.testEnvironment == ["API_HOST": "localhost", "TOKEN": "t"])
    }

    @Test(
        "An option litmus decides, a variable it sets, a bad value: refused naming it, before any work",
        arguments: [
            (["--", "--scratch-path", "/tmp/x"], "holds --scratch-path, which litmus decides"),
            (["--", "--package-path=/elsewhere"], "holds --package-path, which litmus decides"),
            (["--test-env", "TMPDIR=/tmp/x"], "sets TMPDIR, which litmus sets in every test process itself"),
            (["--test-env", "NOVALUE"], "--test-env takes NAME=VALUE, not NOVALUE"),
            (["--configuration", "fast"], "--configuration takes debug or release, not fast"),
            (["--traits", "A,,B"], "traits holds an empty name"),
        ])
    func refusals(arguments: [String], message: String) {
        let error = #expect(throws: (any Error).self) { try AuditCommand.parse(["/nowhere"] + arguments) }
        #expect(error.map { AuditCommand.message(for: $0) }?.contains(message) == true)
    }

    @Test("A file holding an option litmus decides is refused naming the file and the key")
    func refusedInTheFile() throws {
        let file = try configuration(#"{"buildArguments": ["--build-path", "here"]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: AuditError.self) { try AuditOptions.load(from: file) }
        #expect(error?.description.contains("`buildArguments` holds --build-path, which litmus decides") == true)
        #expect(error?.description.contains(file.path) == true)
    }

    @Test("A report names the test variables without their values")
    func environmentRedacted() throws {
        var options = AuditOptions()
        options.testEnvironment = ["TOKEN": "s3cret"]
        let json = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        #expect(json.contains(#""TOKEN":"(set)""#))
        #expect(!json.contains("s3cret"))
    }

    @Test("litmus smells reads an #if by the build's conditions: -Xswiftc -DNAME compiles its branch")
    func smellsFollowDefines() throws {
        // Given: a test only a build defining NETWORK compiles, which asserts nothing
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-defines-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        import XCTest
        #if NETWORK
            final class NetTests: XCTestCase {
                func testFetch() { _ = fetch() }
            }
        #endif
        """.write(to: folder.appendingPathComponent("NetTests.swift"), atomically: true, encoding: .utf8)
        var defined = AuditOptions()
        defined.buildArguments = ["-Xswiftc", "-DNETWORK"]
        // When
        let plain = try SmellsReport.make(paths: [folder.path], options: AuditOptions())
        let built = try SmellsReport.make(paths: [folder.path], options: defined)
        // Then: read only where the build compiles it
        #expect(!plain.findings.map(\.kind).contains(.noAssertion))
        #expect(built.findings.map(\.kind).contains(.noAssertion))
    }

}

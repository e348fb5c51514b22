#if !canImport(Darwin)
    import Foundation
    import LitmusSupport
    import Testing

    @testable import LitmusAudit

    /// What this toolchain does with a check of one framework inside a test of the other: runs this
    /// very test binary in a child process on the probes of FrameworkInteropProbes.swift, enabled by
    /// their environment variable, and reads how the child ended and what it printed.
    @Suite("A check of one framework inside a test of the other, on this toolchain", .tags(.endToEnd))
    struct FrameworkInteropTests {
        @Test("#expect in an XCTest method records nothing: the failing check is dropped and the test passes")
        func expectInXCTest() async throws {
            let run = try await runProbes(["LitmusAuditTests.SwiftTestingChecksInXCTestProbe/testExpectThatFails"])

            #expect(run.output.contains("probe ran: #expect(1 == 2) in an XCTest method"))
            #expect(run.output.contains("Test Case 'SwiftTestingChecksInXCTestProbe.testExpectThatFails' passed"))
            #expect(run.status == 0)
        }

        @Test("#require in a throwing XCTest method throws its error: the test fails")
        func requireInXCTest() async throws {
            let run = try await runProbes(["LitmusAuditTests.SwiftTestingChecksInXCTestProbe/testRequireThatFails"])

            #expect(run.output.contains("probe ran: #require(nil) in an XCTest method"))
            #expect(!run.output.contains("probe: #require returned"))
            #expect(run.output.contains("Test Case 'SwiftTestingChecksInXCTestProbe.testRequireThatFails' failed"))
            #expect(run.status == 1)
        }

        @Test("XCTFail and XCTAssertEqual in a Swift Testing test record nothing: both tests pass")
        func xctestChecksInSwiftTesting() async throws {
            let run = try await runProbes([
                "--testing-library", "swift-testing", "--filter",
                "xctFailInSwiftTestingProbe|xctAssertInSwiftTestingProbe",
            ])

            #expect(run.output.contains("probe ran: XCTFail in a @Test"))
            #expect(run.output.contains("probe ran: XCTAssertEqual in a @Test"))
            #expect(run.output.contains("Test run with 2 tests in 0 suites passed"))
            #expect(run.status == 0)
        }

        /// Runs this test binary with `arguments` and the probes enabled, for at most a minute.
        private func runProbes(_ arguments: [String]) async throws -> ChildProcessResult {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "litmus-interop-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            return try await ChildProcess.run(
                URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), arguments, in: folder,
                environment: [FrameworkInteropProbes.environmentKey: "1"],
                outputFile: folder.appendingPathComponent("output.log"), timeout: 600)
        }
    }
#endif

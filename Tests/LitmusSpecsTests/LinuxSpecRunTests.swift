#if !canImport(Darwin)
    import Foundation
    import LitmusSupport
    import Testing

    /// Runs this very test binary in XCTest mode, in a child process, on the fixture specs, and
    /// reads what XCTest printed and how the process ended: that is what `swift test` sees.
    @Suite(.tags(.endToEnd))
    struct LinuxSpecRunTests {
        private static let fixtureSuites = [
            "HookOrderSpec_Examples", "Fixtures_NestedSpec_Examples", "BaseFixtureSpec_Examples",
            "DerivedFixtureSpec_Examples", "AsyncFixtureSpec_Examples",
        ].map { "LitmusSpecsTests.\($0)" }

        @Test("Every fixture spec is found by the plugin, with no list kept by hand")
        func specsAreDiscovered() async throws {
            let run = try await runTestBinary(arguments: ["--list-tests"])
            #expect(run.status == 0)
            for suite in Self.fixtureSuites {
                #expect(run.output.contains("\(suite)/testSpecDefinesExamples"), "\(suite) was not listed")
            }
        }

        @Test("Each example runs and is counted as a test of its own")
        func examplesAreCounted() async throws {
            let run = try await runTestBinary(arguments: [Self.fixtureSuites.joined(separator: ",")])
            #expect(run.status == 0, "\(run.output)")
            for example in [
                "HookOrderSpec.a group, runs the outer beforeEach, then the group's, then justBeforeEach",
                "HookOrderSpec.a group, nested in a context, runs every enclosing beforeEach, outermost first, "
                    + "before justBeforeEach",
                "HookOrderSpec.afterEach, has run once after each example that started before this one",
                "NestedSpec.runs on an instance of its own class",
                "BaseFixtureSpec.runs for the base spec and each subclass",
                "DerivedFixtureSpec.runs for the base spec and each subclass",
                "AsyncFixtureSpec.awaits in beforeEach and in the example",
            ] {
                #expect(run.output.contains("Test Case '\(example)' passed"), "\(example) did not pass")
            }
            // 7 examples and the 5 generated testSpecDefinesExamples.
            #expect(run.output.contains("Executed 12 tests, with 0 failures"))
        }

        @Test("A failing `it` is reported at its line and makes the test binary exit non-zero")
        func failingExampleFailsTheRun() async throws {
            let run = try await runTestBinary(
                arguments: ["LitmusSpecsTests.HookOrderSpec_Examples"],
                environment: [FailingExamples.environmentKey: "1"]
            )
            #expect(run.status == 1)
            #expect(
                run.output.contains(
                    "Test Case 'HookOrderSpec.deliberately failing examples, fails a Nimble expectation' failed"
                )
            )
            #expect(
                run.output.contains("Test Case 'HookOrderSpec.deliberately failing examples, throws an error' failed")
            )
            let failureLine = try lineNumber(
                of: #"expect(log).to(equal(["something else"]))"#, inFixture: "FixtureSpecs.swift")
            #expect(
                run.output.contains(
                    "FixtureSpecs.swift:\(failureLine): error: HookOrderSpec.deliberately failing examples, "
                        + "fails a Nimble expectation"
                )
            )
            #expect(run.output.contains("Executed 6 tests, with 2 failures"))
        }

        /// The 1-based line of the first line of fixture `file` (beside this file) containing `text`.
        private func lineNumber(of text: String, inFixture file: String) throws -> Int {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            return try #require(lines.firstIndex { $0.contains(text) }) + 1
        }

        /// Runs this test binary with `arguments` (XCTest mode, the runner's default) and waits for it,
        /// ending it if it has not finished within a minute.
        private func runTestBinary(
            arguments: [String],
            environment: [String: String] = [:]
        ) async throws -> (status: Int32, output: String) {
            let result = try await ChildProcess.run(
                URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), arguments,
                in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), environment: environment,
                timeout: 600)
            return (result.status, result.output)
        }
    }
#endif

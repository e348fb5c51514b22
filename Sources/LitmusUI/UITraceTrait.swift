#if canImport(Testing)
    import Testing

    /// Keeps the UI trace of the apps a Swift Testing test launches whenever the test fails, not only when
    /// a LitmusUI call throws: an `#expect` that fails, an issue recorded, an error thrown.
    ///
    /// ```swift
    /// @Suite(.uiTrace) struct CheckoutUITests { … }
    /// @Test("Paying shows the change", .uiTrace) func pay() async throws { … }
    /// ```
    ///
    /// Without it, a trace is kept (`LITMUS_UI_TRACE=failure`) when a LitmusUI call fails, or the body of
    /// ``XCUIApplication/run(_:)`` throws. On a suite it applies to each of its tests.
    public struct UITraceTrait: TestTrait, SuiteTrait, TestScoping {
        /// Applies to every test of a suite that has it.
        public var isRecursive: Bool { true }

        /// Scopes each test case (a suite itself runs nothing to trace).
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> UITraceTrait? {
            testCase == nil ? nil : self
        }

        /// Runs the test with its apps' traces kept until it ends, noting every issue it records, then
        /// writes those of a failed test.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let scope = TraceScope()
            do {
                try await TraceScope.$current.withValue(scope) {
                    try await IssueHandlingTrait.compactMapIssues { issue in
                        // A known issue (`withKnownIssue`) or a warning does not fail the test.
                        if issue.isFailure { scope.record(issue: Self.describe(issue)) }
                        return issue
                    }.provideScope(for: test, testCase: testCase, performing: function)
                }
            } catch {
                scope.record(issue: "\(error)")
                scope.finish()
                throw error
            }
            scope.finish()
        }
    }

    extension UITraceTrait {
        /// What failed, its comments and where: `Expectation failed: total == 3: the cart (CartTests.swift:12)`.
        fileprivate static func describe(_ issue: Issue) -> String {
            ([String(describing: issue.kind)] + issue.comments.map(\.rawValue)).joined(separator: ": ")
                + (issue.sourceLocation.map { " (\($0.fileName):\($0.line))" } ?? "")
        }
    }

    extension Trait where Self == UITraceTrait {
        /// Keeps the test's UI traces whenever it fails, an `#expect` included (see ``UITraceTrait``).
        public static var uiTrace: Self { UITraceTrait() }
    }
#endif

#if canImport(Testing)
    import LitmusTestReporting
    import Testing

    extension HTTPStubs {
        /// The registry of the running test, set up by the `.httpStubs` trait.
        @TaskLocal static var scoped: HTTPStubs?

        /// The registry the `.httpStubs` trait made for the running test.
        ///
        /// Outside such a test this records an issue saying how to add the trait, and returns a new,
        /// empty registry so the test goes on.
        public static var current: HTTPStubs {
            if let scoped { return scoped }
            TestReporter.fail(
                "HTTPStubs.current was read outside a test with the .httpStubs trait. "
                    + "Add it: @Test(.httpStubs), or make one with HTTPStubs().",
                at: #_sourceLocation)
            return HTTPStubs()
        }
    }

    /// Gives each test its own ``HTTPStubs`` (``HTTPStubs/current``) and, when the test ends, records an
    /// issue for every request no stub matched. On a suite, every test in it gets its own. When the test
    /// returns (does not throw), its HAR recordings are written (``HTTPStubs/finishRecordings()``).
    public struct HTTPStubsTrait: TestTrait, SuiteTrait, TestScoping {
        /// Whether redirects are followed inside Litmus; see ``HTTPStubs/followsRedirects``.
        public var followsRedirects: Bool

        /// Applies to every test of a suite, each with a registry of its own.
        public var isRecursive: Bool { true }

        /// Runs the test with a fresh registry and reports its unmatched requests afterwards.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            guard !test.isSuite else {
                try await function()
                return
            }
            let stubs = HTTPStubs(followsRedirects: followsRedirects)
            try await HTTPStubs.$scoped.withValue(stubs) {
                try await function()
            }
            // Only a test that returned writes its recordings: one that threw leaves the files as they were.
            try stubs.finishRecordings()
            for unmatched in stubs.unmatchedRequests {
                TestReporter.fail(unmatched.description, at: test.sourceLocation)
            }
        }
    }

    extension Trait where Self == HTTPStubsTrait {
        /// A fresh ``HTTPStubs`` for each test, read with ``HTTPStubs/current``; unmatched requests
        /// become issues of the test.
        public static var httpStubs: Self { HTTPStubsTrait(followsRedirects: true) }

        /// Like ``httpStubs``, choosing whether redirects are followed inside Litmus.
        public static func httpStubs(followsRedirects: Bool) -> Self {
            HTTPStubsTrait(followsRedirects: followsRedirects)
        }
    }
#endif

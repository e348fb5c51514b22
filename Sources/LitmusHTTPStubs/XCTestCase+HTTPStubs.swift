#if canImport(XCTest)
    import LitmusTestReporting
    import XCTest

    extension XCTestCase {
        /// A fresh ``HTTPStubs`` for this test; when the test ends, every request no stub matched is
        /// recorded as a failure at the line that called this, and, if the test passed, its HAR
        /// recordings are written.
        ///
        /// ```swift
        /// override func setUp() {
        ///     stubs = makeHTTPStubs()
        ///     sut = AlbumClient(session: stubs.session())
        /// }
        /// ```
        public func makeHTTPStubs(
            followsRedirects: Bool = true,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
            column: UInt = #column
        ) -> HTTPStubs {
            let stubs = HTTPStubs(
                followsRedirects: followsRedirects, fileID: fileID, filePath: filePath, line: line, column: column)
            addTeardownBlock { [weak self] in
                stubs.verifyNoUnmatchedRequests()
                // A failed test leaves its recordings unwritten, so the files stay as they were.
                guard self?.testRun?.hasSucceeded ?? false else { return }
                do {
                    try stubs.finishRecordings()
                } catch {
                    TestReporter.fail(
                        "\(error)",
                        at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
                }
            }
            return stubs
        }
    }
#endif

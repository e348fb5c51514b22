#if canImport(XCTest)
    import XCTest

    extension XCTestCase {
        /// A fresh ``HTTPStubs`` for this test; when the test ends, every request no stub matched is
        /// recorded as a failure at the line that called this.
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
            addTeardownBlock {
                stubs.verifyNoUnmatchedRequests()
            }
            return stubs
        }
    }
#endif

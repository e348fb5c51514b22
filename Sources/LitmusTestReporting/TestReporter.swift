import IssueReporting

#if canImport(Testing)
    import Testing
#endif

/// A place in a test's source where a failure is reported: the caller's `#fileID`, `#filePath`, `#line`
/// and `#column`, kept from the call that made a double or a stubs registry.
package struct TestSourceLocation: Sendable {
    package let fileID: StaticString
    package let filePath: StaticString
    package let line: UInt
    package let column: UInt

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// The one way Litmus's parts (doubles, HTTP stubs, UI) report to the test framework that runs the
/// current test, XCTest or Swift Testing alike: failures through IssueReporting's `reportIssue`, at the
/// test's own line, and attachments to the running Swift Testing test.
package enum TestReporter {
    /// Records `message` as a failure of the running test, at `location`.
    package static func fail(_ message: String, at location: TestSourceLocation) {
        reportIssue(
            message, fileID: location.fileID, filePath: location.filePath, line: location.line,
            column: location.column)
    }

    #if canImport(Testing)
        /// Records `message` as a failure of the running Swift Testing test, at `location` (a trait knows
        /// its test's place only as Swift Testing's own location).
        package static func fail(_ message: String, at location: Testing.SourceLocation) {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    #endif

    /// The running Swift Testing test's function name (`tapSeven()`) and its display name (the sentence of
    /// `@Test("…")`, else the function name); nil outside one (XCTest's tests are not known here).
    package static var currentTest: (name: String, displayName: String)? {
        #if canImport(Testing)
            if let test = Test.current { return (test.name, test.displayName ?? test.name) }
        #endif
        return nil
    }

    /// Attaches `bytes` as a file named `name` to the running Swift Testing test, if one runs.
    /// (XCTest on Linux has no attachments; an XCTest test's failure message names the saved files.)
    package static func attach(_ bytes: [UInt8], named name: String) {
        #if canImport(Testing)
            guard Test.current != nil else { return }
            Attachment.record(bytes, named: name)
        #endif
    }
}

import Foundation
import LitmusTestReporting

extension HTTPStubs {
    /// Records an issue for each request no stub matched, at the place the registry was made: the
    /// request, the closest stub and what differed. The `.httpStubs` trait and `makeHTTPStubs()` call
    /// this when the test ends; call it yourself when you make an `HTTPStubs` by hand.
    public func verifyNoUnmatchedRequests() {
        for unmatched in unmatchedRequests { TestReporter.fail(unmatched.description, at: reportOrigin) }
    }

    /// Records an issue unless `stub` answered exactly `expected` requests.
    public func verify(
        _ stub: Stub, hitCount expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let hits = requests(hitting: stub)
        guard hits.count != expected else { return }
        let seen = hits.isEmpty ? "" : "\nRequests it answered:\n" + hits.map { "  - \($0)" }.joined(separator: "\n")
        TestReporter.fail(
            "Expected stub \(stub) to be hit \(Self.times(expected)), but it was hit \(Self.times(hits.count)).\(seen)",
            at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records an issue if `stub` answered no request.
    public func verifyHit(
        _ stub: Stub,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard hitCount(of: stub) == 0 else { return }
        let log = requests.isEmpty ? "no requests" : requests.map { "  - \($0)" }.joined(separator: "\n")
        TestReporter.fail(
            "Expected stub \(stub) to be hit, but it never was. Requests seen:\n\(log)",
            at: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private static func times(_ count: Int) -> String {
        count == 1 ? "once" : "\(count) times"
    }
}

import Foundation
import LitmusHTTPStubs
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if !canImport(ObjectiveC)
    /// makeHTTPStubs()'s teardown seen from inside an XCTest test: a request no stub matched must fail
    /// the test at the line that made the stubs. The expected failure is caught in recordFailure and
    /// checked in tearDown(), which XCTest runs after the teardown blocks; if the teardown block did not
    /// report it, tearDown() fails the test. (Linux: Apple's XCTest records through record(_:).)
    final class HTTPStubsTeardownTests: XCTestCase {
        private static let unstubbed = "http://unstubbed.example.com/albums?term=Phish"
        private var stubsLine = 0
        private var caught: [(description: String, line: Int)] = []

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            if description.contains("No stub matches GET \(Self.unstubbed)") {
                caught.append((description, lineNumber))
                return
            }
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }

        override func tearDown() {
            // Then (the teardown block ran before this)
            XCTAssertEqual(caught.count, 1, "makeHTTPStubs()'s teardown must report the unmatched request once")
            XCTAssertEqual(caught.first?.line, stubsLine, "the failure must point at the line that made the stubs")
            super.tearDown()
        }

        func testMakeHTTPStubs_requestNoStubMatches_failsTheTestAtTheLineThatMadeTheStubs() async {
            // Given
            stubsLine = #line + 1
            let stubs = makeHTTPStubs()
            stubs.stub(.path("/search"), .string("[]"))

            // When
            var received: URLError?
            do {
                // litmus:ignore trapInTest Self.unstubbed is a constant URL, which always parses
                _ = try await stubs.session().data(from: URL(string: Self.unstubbed)!)
            } catch {
                received = error as? URLError
            }

            // Then
            XCTAssertEqual(received?.code, .resourceUnavailable)
        }
    }
#endif

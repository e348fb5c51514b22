import Foundation
import LitmusDoublesFixtures
import LitmusDoublesMacro
import XCTest

/// The same doubles used inside XCTest: failures arrive through `recordFailure` at the test's line.
final class XCTestFailureReportingTests: XCTestCase {
    private var recorded: [(description: String, line: Int)] = []
    private var isCapturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard isCapturing else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            return
        }
        recorded.append((description, lineNumber))
    }

    private func capturingFailures(_ body: () -> Void) {
        isCapturing = true
        body()
        isCapturing = false
    }

    private func capturingFailuresAsync(_ body: () async -> Void) async {
        isCapturing = true
        await body()
        isCapturing = false
    }

    func testNetworkingLayerMock_strictModeUnstubbedCall_recordsFailureAtCreationLine() {
        // Given
        let creationLine = #line + 1
        let sut = NetworkingLayerMock(mode: .strict)

        // When
        capturingFailures { sut.searchFor(searchTerm: "Big") { _ in } }

        // Then
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, creationLine)
        XCTAssertTrue(
            recorded.first?.description.contains(
                "NetworkingLayerMock.searchFor(searchTerm:completionHandler:) was called but not stubbed"
            ) == true,
            recorded.first?.description ?? "no failure"
        )
    }

    func testGreeterMock_strictModeUnstubbedDefault_recordsFailureAtCreationLineAndRunsTheDefault() {
        // Given
        let creationLine = #line + 1
        let sut = GreeterMock(mode: .strict)
        sut.double.name.stubbedResult = "Ada"
        sut.double.punctuation.stubbedResult = "."

        // When
        var greeting = ""
        capturingFailures { greeting = sut.greeting() }

        // Then
        XCTAssertEqual(greeting, "Hello, Ada.")
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, creationLine)
        XCTAssertTrue(
            recorded.first?.description.contains(
                "GreeterMock.greeting() was called but not stubbed (strict mode); it ran the default implementation"
            ) == true,
            recorded.first?.description ?? "no failure"
        )
    }

    func testNetworkingLayerMock_strictModeStubbedCall_recordsNoFailure() {
        // Given
        let sut = NetworkingLayerMock(mode: .strict)
        sut.double.searchFor.stub()

        // When
        capturingFailures { sut.searchFor(searchTerm: "Big") { _ in } }

        // Then
        XCTAssertEqual(recorded.count, 0)
        XCTAssertEqual(sut.double.searchFor.allArguments.map(\.searchTerm), ["Big"])
    }

    func testNetworkingLayerMock_relaxedModeUnstubbedCall_recordsNoFailure() {
        // Given
        let sut = NetworkingLayerMock(mode: .relaxed)

        // When
        capturingFailures { sut.searchFor(searchTerm: "Big") { _ in } }

        // Then
        XCTAssertEqual(recorded.count, 0)
    }

    func testVerify_calledFewerTimes_recordsFailureAtVerifyingLine() {
        // Given
        let sut = NetworkingLayerMock()

        // When
        let verifyLine = #line + 1
        capturingFailures { sut.double.searchFor.verifyCalled() }

        // Then
        XCTAssertEqual(recorded.map(\.line), [verifyLine])
        XCTAssertTrue(
            recorded.first?.description.contains(
                "expected NetworkingLayerMock.searchFor(searchTerm:completionHandler:) to be called, it was never called"
            ) == true,
            recorded.first?.description ?? "no failure"
        )
    }

    func testUserStoreMock_strictModeUnstubbedAsyncCall_recordsFailureAtCreationLine() async {
        // Given
        let creationLine = #line + 1
        let sut = AdminStoreMock(mode: .strict)

        // When
        await capturingFailuresAsync { await sut.ban(id: 7) }

        // Then
        XCTAssertEqual(recorded.map(\.line), [creationLine])
        XCTAssertTrue(
            recorded.first?.description.contains("AdminStoreMock.ban(id:) was called but not stubbed (strict mode)")
                == true,
            recorded.first?.description ?? "no failure"
        )
    }

    func testGiven_argumentsMatch_returnsTheMatchingStub() {
        // Given
        let sut = AlbumSearchMock()
        given(sut.double.search(term: .any, limit: .any)).willReturn([])
        given(sut.double.search(term: .equal("Phish"), limit: .within(1...10))).willReturn([Album(title: "Hoist")])

        // When
        let matching = sut.search(term: "Phish", limit: 3)
        let other = sut.search(term: "Phish", limit: 30)

        // Then
        XCTAssertEqual(matching, [Album(title: "Hoist")])
        XCTAssertEqual(other, [])
    }

    func testVerify_noMatchingCall_recordsFailureWithClosestCallAtVerifyingLine() {
        // Given
        let sut = AlbumSearchMock()
        _ = sut.search(term: "Fish", limit: 5)

        // When
        let verifyLine = #line + 1
        capturingFailures { verify(sut.double.search(term: .equal("Phish"), limit: .any)).called(.atLeast(1)) }

        // Then
        XCTAssertEqual(recorded.map(\.line), [verifyLine])
        XCTAssertTrue(
            recorded.first?.description.contains(
                #"expected AlbumSearchMock.search(term: "Phish", limit: any) to be called at least once; got 0 matching "#
                    + #"calls of 1 recorded; closest: search(term: "Fish", limit: 5)"#
            ) == true,
            recorded.first?.description ?? "no failure"
        )
    }

    func testForwardingDouble_unstubbedCall_reachesTheRealInstanceAndIsRecorded() {
        // Given
        struct Shelf: AlbumSearch {
            func search(term: String, limit: Int) -> [Album] { [Album(title: term)] }
            func album(id: Int) async throws -> Album { Album(title: "\(id)") }
            func artwork(for url: String?) -> Data? { nil }
        }
        let sut = AlbumSearchMock(forwardingTo: Shelf(), mode: .strict)
        given(sut.double.search(term: .equal("Ween"), limit: .any)).willReturn([])

        // When
        let forwarded = capturingResult { sut.search(term: "Phish", limit: 1) }
        let stubbed = sut.search(term: "Ween", limit: 1)

        // Then
        XCTAssertEqual(forwarded, [Album(title: "Phish")])
        XCTAssertEqual(stubbed, [])
        XCTAssertEqual(sut.double.search.allArguments.map(\.term), ["Phish", "Ween"])
        XCTAssertEqual(recorded.map(\.description), [])
    }

    private func capturingResult<Value>(_ body: () -> Value) -> Value {
        isCapturing = true
        defer { isCapturing = false }
        return body()
    }
}

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
}

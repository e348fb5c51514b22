import LitmusDoubles
import LitmusDoublesFixtures
import XCTest

/// Async handlers on doubles the LitmusDoublesPlugin generated (from LitmusDoublesFixtures), in XCTest.
final class AsyncHandlerXCTests: XCTestCase {
    func testUserStoreMock_handlerAwaitingRelease_suspendsCallUntilReleased() async throws {
        // Given
        let sut = AdminStoreMock()
        let events = EventLog()
        let started = expectation(description: "the handler started")
        let (gate, release) = AsyncStream.makeStream(of: Void.self)
        sut.double.user.handler = { id in
            started.fulfill()
            for await _ in gate { break }
            return User(id: id)
        }

        // When
        let call = Task {
            let user = try await sut.user(id: 7)
            events.append("call returned")
            return user
        }
        await fulfillment(of: [started], timeout: 600)
        events.append("test released")
        release.yield()
        let user = try await call.value

        // Then
        XCTAssertEqual(user, User(id: 7))
        XCTAssertEqual(events.all, ["test released", "call returned"])
        XCTAssertEqual(sut.double.user.allArguments, [7])
    }

    func testUserStoreMock_throwingHandler_throwsToCaller() async {
        // Given
        let sut = AdminStoreMock()
        sut.double.user.handler = { id in throw LookupError(id: id) }

        // When
        do {
            _ = try await sut.user(id: 3)
            XCTFail("user(id:) should throw the handler's error")
        } catch {
            // Then
            XCTAssertEqual(error as? LookupError, LookupError(id: 3))
        }
    }
}

private struct LookupError: Error, Equatable {
    let id: Int
}

import LitmusDoublesMacro
import Testing

@Suite("Generated doubles report failures to Swift Testing at the test's line")
struct FailureReportingTests {
    @Test("In strict mode an unstubbed call fails the test, names the member, and points at the double's creation")
    func strictUnstubbedCall() {
        let line = #line + 1
        let sut = AlbumRepositoryMock(mode: .strict)

        withKnownIssue {
            _ = sut.count()
        } matching: { issue in
            issue.comments.description.contains("AlbumRepositoryMock.count() was called but not stubbed (strict mode)")
                && issue.sourceLocation?.line == line
        }
        #expect(sut.double.count.callCount == 1)
    }

    @Test("In strict mode a stubbed call passes")
    func strictStubbedCall() {
        let sut = AlbumRepositoryMock(mode: .strict)
        sut.double.count.stubbedResult = 3
        sut.double.save.stub()

        #expect(sut.count() == 3)
    }

    @Test("verify(calledTimes:) fails at the line that verifies, saying expected and actual")
    func verifyCalledTimes() {
        let sut = AlbumRepositoryMock()
        sut.log("once")

        withKnownIssue {
            sut.double.log.verify(calledTimes: 2)
        } matching: { issue in
            issue.comments.description.contains(
                "expected AlbumRepositoryMock.log(_:) to be called 2 times, it was called once"
            ) && issue.sourceLocation?.line == #line - 4
        }
        sut.double.log.verify(calledTimes: 1)
        sut.double.count.verifyNeverCalled()
    }

    @Test("verifyCallOrder passes when the calls came in order across doubles")
    func callOrderInOrder() {
        let repository = AlbumRepositoryMock()
        let networking = NetworkingLayerMock()

        _ = repository.count()
        networking.searchFor(searchTerm: "Big") { _ in }

        verifyCallOrder(repository.double.count, networking.double.searchFor)
    }

    @Test("verifyCallOrder fails with the order the calls really came in")
    func callOrderOutOfOrder() {
        let repository = AlbumRepositoryMock()
        let networking = NetworkingLayerMock()

        networking.searchFor(searchTerm: "Big") { _ in }
        _ = repository.count()

        withKnownIssue {
            verifyCallOrder(repository.double.count, networking.double.searchFor)
        } matching: { issue in
            issue.comments.description.contains(
                "expected calls in order: AlbumRepositoryMock.count(), then NetworkingLayerMock.searchFor("
                    + "searchTerm:completionHandler:); got: NetworkingLayerMock.searchFor(searchTerm:completionHandler:), "
                    + "then AlbumRepositoryMock.count()"
            )
        }
    }
}

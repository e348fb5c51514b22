import Foundation
import LitmusDoubles
import LitmusDoublesMacro
import Testing

/// A generic member that cannot throw: a stub of the wrong type has only a default to fall back on.
@Mockable
protocol Converting {
    func convert<Output>(_ text: String, to type: Output.Type) -> Output
}

@Suite("A generic member stubbed with a value of the wrong type names both types instead of crashing")
struct StubTypeMismatchTests {
    @Test("A throwing generic member throws StubTypeMismatchError and fails the test, naming the member and types")
    func throwingMemberThrows() {
        let sut = AlbumRepositoryMock()
        sut.double.decode.stubbedResult = "forty-two"

        withKnownIssue {
            #expect(throws: StubTypeMismatchError.self) { try sut.decode(Int.self, from: Data()) }
        } matching: { issue in
            issue.comments.description.contains(
                "AlbumRepositoryMock.decode(_:from:) was stubbed with forty-two (a String), which is not the Int this call returns"
            )
        }
        #expect(sut.double.decode.callCount == 1)
    }

    @Test("An async throwing generic member throws it too")
    func asyncMemberThrows() async {
        let sut = DownloaderMock()
        sut.double.decode.stubbedResult = 7

        await withKnownIssue {
            await #expect(throws: StubTypeMismatchError.self) { try await sut.decode(String.self, from: Data()) }
        } matching: { issue in
            issue.comments.description.contains("was stubbed with 7 (a Int), which is not the String this call returns")
        }
    }

    @Test("A non-throwing generic member returns the type's default after the failure")
    func nonThrowingMemberReturnsDefault() {
        let sut = ConvertingMock()
        sut.double.convert.stubbedResult = "not a number"

        withKnownIssue {
            #expect(sut.convert("1", to: Int.self) == 0)
        } matching: { issue in
            issue.comments.description.contains(
                "ConvertingMock.convert(_:to:) was stubbed with not a number (a String), which is not the Int this call returns"
            ) && issue.comments.description.contains("it returned the default instead")
        }
    }
}

import Foundation
import LitmusDoublesMacro
import Synchronization
import Testing

@Suite("Async members: handlers that suspend, throw, and fail in strict mode")
struct AsyncHandlerTests {
    @Test("An async handler suspends the call until the test releases it")
    func handlerSuspendsUntilReleased() async throws {
        let sut = DownloaderMock()
        let events = EventLog()
        let (started, handlerStarted) = AsyncStream.makeStream(of: Void.self)
        let (gate, release) = AsyncStream.makeStream(of: Void.self)
        sut.double.download.handler = { url in
            handlerStarted.yield()
            for await _ in gate { break }
            return Data(url.utf8)
        }

        let call = Task {
            // Ends the wait below even if the handler never ran, so a broken double fails, not hangs.
            defer { handlerStarted.finish() }
            let data = try await sut.download("big-boat")
            events.append("call returned")
            return data
        }
        for await _ in started { break }
        events.append("test released")
        #expect(sut.double.download.callCount == 1)
        release.yield()

        #expect(try await call.value == Data("big-boat".utf8))
        #expect(events.all == ["test released", "call returned"])
    }

    @Test("An async handler's error reaches the caller, typed for a typed-throws member")
    func handlerThrows() async {
        let sut = DownloaderMock()
        sut.double.download.handler = { _ in
            await Task.yield()
            throw URLError(.timedOut)
        }
        sut.double.page.handler = { _ in throw APIError() }

        await #expect(throws: URLError(.timedOut)) { try await sut.download("x") }
        await #expect(throws: APIError()) { try await sut.page(2) }
        #expect(sut.double.page.lastArguments == 2)
    }

    @Test("A non-throwing async member whose handler throws reports it and returns the default")
    func nonThrowingMemberHandlerThrows() async {
        let sut = DownloaderMock()
        sut.double.progress.handler = { _ in throw APIError() }

        await withKnownIssue {
            #expect(await sut.progress == 0)
        } matching: { issue in
            issue.comments.description.contains(
                "DownloaderMock.progress cannot throw, but its handler or stubbedError threw"
            )
        }
    }

    @Test("In strict mode an unstubbed async call fails the test at the double's creation line")
    func strictUnstubbedAsyncCall() async {
        let line = #line + 1
        let sut = DownloaderMock(mode: .strict)

        await withKnownIssue {
            await sut.cancelAll()
        } matching: { issue in
            issue.comments.description.contains(
                "DownloaderMock.cancelAll() was called but not stubbed (strict mode)"
            ) && issue.sourceLocation?.line == line
        }
        #expect(sut.double.cancelAll.callCount == 1)
    }

    @Test("In strict mode a stubbed async call passes, and stubbedResult, stubbedError and handler replace each other")
    func strictStubbedAsyncCall() async throws {
        let sut = DownloaderMock(mode: .strict)
        sut.double.cancelAll.stub()
        sut.double.download.stubbedError = APIError()
        sut.double.download.stub(Data([1]))

        await sut.cancelAll()

        #expect(try await sut.download("x") == Data([1]))
        #expect(sut.double.download.stubbedError == nil)
        #expect(sut.double.download.handler == nil)
    }

    @Test("Async getters, subscripts, generic and rethrows methods take async handlers")
    func memberKinds() async throws {
        let sut = DownloaderMock()
        sut.double.progress.handler = { _ in
            await Task.yield()
            return 0.5
        }
        sut.double.subscriptIndex.handler = { index in Album(title: "Track \(index)") }
        sut.double.decode.handler = { arguments in
            try JSONDecoder().decode([Int].self, from: arguments.data)
        }
        sut.double.retrying.stubbedResult = Data([7])

        // litmus:ignore floatEquality the double stores the 0.5 it was given; nothing is computed
        #expect(await sut.progress == 0.5)
        #expect(try await sut[3] == Album(title: "Track 3"))
        #expect(try await sut.decode([Int].self, from: Data("[1,2]".utf8)) == [1, 2])
        #expect(await sut.retrying { Data() } == Data([7]))
        #expect(sut.double.retrying.callCount == 1)
    }

    @Test("A handler may call the double again: it runs outside the lock")
    func handlerCallsDoubleAgain() async throws {
        let sut = DownloaderMock()
        sut.double.download.handler = { url in
            await sut.cancelAll()
            return Data(url.utf8)
        }

        _ = try await sut.download("a")

        #expect(sut.double.cancelAll.callCount == 1)
        verifyCallOrder(sut.double.download, sut.double.cancelAll)
    }

    @Test("verify(calledTimes:) and verifyCallOrder work on async members, with the same messages")
    func verification() async throws {
        let downloader = DownloaderMock()
        let repository = AlbumRepositoryMock()
        _ = repository.count()
        await downloader.cancelAll()

        verifyCallOrder(repository.double.count, downloader.double.cancelAll)
        downloader.double.cancelAll.verify(calledTimes: 1)
        withKnownIssue {
            downloader.double.download.verifyCalled()
        } matching: { issue in
            issue.comments.description.contains(
                "expected DownloaderMock.download(_:) to be called, it was never called"
            )
        }
        downloader.double.cancelAll.reset()
        #expect(!downloader.double.cancelAll.wasCalled)
    }

    @MainActor
    @Test("A main-actor double's async handler runs on the main actor with a non-Sendable argument")
    func mainActorHandler() async {
        let sut = RendererMock()
        sut.double.render.handler = { canvas in
            #expect(#isolation === MainActor.shared)
            canvas.strokes.append("line")
            await Task.yield()
            return canvas.strokes.count
        }
        let canvas = Canvas()

        let strokes = await sut.render(canvas)

        #expect(strokes == 1)
        #expect(canvas.strokes == ["line"])
        #expect(sut.double.render.lastArguments === canvas)
    }
}

/// Events in the order they happened, appended from any task.
final class EventLog: Sendable {
    private let events = Mutex<[String]>([])

    func append(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] { events.withLock { $0 } }
}

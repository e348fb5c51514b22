import Foundation
import LitmusHTTPStubs
import LitmusOpenAPIStubs
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Faults through the stub transport: the URLError a session fails with")
struct OpenAPIFaultTests {
    let stubs = HTTPStubs()

    func getAlbum() async -> URLError? {
        await urlError { _ = try await albumClient(stubs).getAlbum(path: .init(albumId: 1)).ok.body.json }
    }

    @Test("A network error is thrown as its URLError, with the failing URL")
    func networkError() async {
        stubs.stub(.path("/v1/albums/1"), .networkError(.notConnectedToInternet))
        let error = await getAlbum()
        #expect(error?.code == .notConnectedToInternet)
        #expect(error?.failingURL?.absoluteString == "https://api.example.com/v1/albums/1")
    }

    @Test("A truncated body's stream throws URLError(.networkConnectionLost) after its first bytes")
    func truncated() async throws {
        stubs.stub(.path("/v1/albums/1"), json(hoist).truncated(after: 10))
        #expect(await getAlbum()?.code == .networkConnectionLost)
        let (response, body) = try await stubs.transport().send(
            .init(method: .get, scheme: nil, authority: nil, path: "/albums/1"), body: nil,
            baseURL: try Servers.Server1.url(), operationID: "getAlbum")
        #expect(response.status.code == 200)
        #expect(body?.length == .known(Int64(hoist.utf8.count)))
        var received: [UInt8] = []
        let failure = await urlError {
            for try await chunk in try #require(body) { received += chunk }
        }
        #expect(received == Array(hoist.utf8.prefix(10)))
        #expect(failure?.code == .networkConnectionLost)
    }

    @Test("A malformed response, malformed chunks, a reset and a timeout fail as through a session")
    func malformedResetTimeout() async {
        stubs.stub(
            .path("/v1/albums/1"), .malformed, .malformedChunks, .connectionReset, .timeout(after: .milliseconds(20)))
        #expect(await getAlbum()?.code == .cannotParseResponse)
        #expect(await getAlbum()?.code == .cannotParseResponse)
        #expect(await getAlbum()?.code == .networkConnectionLost)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await getAlbum()?.code == .timedOut)
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("Latency and a slow body delay the answer, which then arrives whole")
    func latencyAndSlowBody() async throws {
        stubs.stub(
            .path("/v1/albums/1"),
            json(hoist).latency(.fixed(.milliseconds(10))).delayed(response: .milliseconds(10)))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await albumClient(stubs).getAlbum(path: .init(albumId: 1)).ok.body.json.title == "Hoist")
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test("A slow body's stream yields its pieces one by one, the whole body in order")
    func slowBodyInPieces() async throws {
        stubs.stub(.path("/v1/albums/1"), json(hoist).delayed(response: .milliseconds(30), pieces: 3))
        let (response, body) = try await stubs.transport().send(
            .init(method: .get, scheme: nil, authority: nil, path: "/albums/1"), body: nil,
            baseURL: try Servers.Server1.url(), operationID: "getAlbum")
        var pieces: [[UInt8]] = []
        for try await chunk in try #require(body) { pieces.append(Array(chunk)) }
        #expect(response.status.code == 200)
        #expect(pieces.count == 3)
        #expect(pieces.flatMap { $0 } == Array(hoist.utf8))
    }
}

import Foundation
import LitmusHTTPStubs
import LitmusOpenAPIStubs
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HAR replay and recording through the stub transport")
struct OpenAPIHARTests {
    let stubs = HTTPStubs()
    let folder = TemporaryFolder()

    @Test("The committed recording Recordings/albums.har answers every operation of the spec")
    func replayCommittedRecording() async throws {
        try stubs.replay("Recordings/albums.har", in: .module)
        let client = try albumClient(stubs)
        let found = try await client.searchAlbums(query: .init(q: "phish", limit: 2)).ok.body.json
        #expect(found.map(\.title) == ["Hoist", "Billy Breathes"])
        #expect(try await client.getAlbum(path: .init(albumId: 1)).ok.body.json.year == 1994)
        let created = try await client.createAlbum(body: .json(.init(title: "Big Boat", artist: "Phish", year: 2016)))
        #expect(try created.created.body.json.id == 3)
        #expect(try await client.getAlbum(path: .init(albumId: 99)).notFound.body.json.message == "No album 99")
        #expect(stubs.unmatchedRequests.isEmpty)
    }

    @Test("A request the recording does not hold fails closed, naming the nearest entry and the fix")
    func replayUnmatched() async throws {
        try stubs.replay("Recordings/albums.har", in: .module)
        let error = await urlError {
            _ = try await albumClient(stubs).createAlbum(body: .json(.init(title: "Joy", artist: "Phish")))
        }
        #expect(error?.code == .resourceUnavailable)
        let message = try #require(error?.localizedDescription)
        #expect(message.hasPrefix("No stub matches POST https://api.example.com/v1/albums ("))
        #expect(message.contains("albums.har entry 2: POST https://api.example.com/v1/albums"))
        #expect(message.contains("does not hold this request"))
    }

    @Test("Recording through an upstream transport writes a HAR that replays with the same answers")
    func recordThenReplay() async throws {
        // The "real service": another registry, reached through its own transport.
        let service = HTTPStubs()
        service.stub(.method("GET") && .path("/v1/albums/1"), json(hoist))
        service.stub(.method("POST") && .path("/v1/albums"), json(#"{"message":"title is taken"}"#, status: 400))
        let file = folder.file("albums.har")

        try stubs.replay(file: file, mode: .recordIfMissing, environment: [:])
        let recorder = try albumClient(stubs, upstream: service.transport())
        #expect(try await recorder.getAlbum(path: .init(albumId: 1)).ok.body.json.title == "Hoist")
        let refused = try await recorder.createAlbum(body: .json(.init(title: "Hoist", artist: "Phish")))
        #expect(try refused.badRequest.body.json.message == "title is taken")
        try stubs.finishRecordings()

        let har = try HAR(contentsOf: file)
        #expect(
            har.log.entries.map { "\($0.request.method) \($0.request.url) \($0.response.status)" } == [
                "GET https://api.example.com/v1/albums/1 200", "POST https://api.example.com/v1/albums 400",
            ])

        let replaying = HTTPStubs()
        try replaying.replay(file: file, environment: [:])
        let replayer = try albumClient(replaying)
        #expect(try await replayer.getAlbum(path: .init(albumId: 1)).ok.body.json.title == "Hoist")
        let again = try await replayer.createAlbum(body: .json(.init(title: "Hoist", artist: "Phish")))
        #expect(try again.badRequest.body.json.message == "title is taken")
        #expect(service.requests.count == 2)
    }

    @Test("Without an upstream, recording goes through the replay's recordingThrough: session")
    func recordThroughSession() async throws {
        let service = HTTPStubs()
        service.stub(.method("GET") && .path("/v1/albums/1"), json(hoist))
        let file = folder.file("album.har")

        try stubs.replay(file: file, mode: .recordIfMissing, recordingThrough: service.session(), environment: [:])
        #expect(try await albumClient(stubs).getAlbum(path: .init(albumId: 1)).ok.body.json.title == "Hoist")
        try stubs.finishRecordings()

        #expect(service.requests.map(\.url.absoluteString) == ["https://api.example.com/v1/albums/1"])
        let har = try HAR(contentsOf: file)
        #expect(har.log.entries.map(\.response.content.text) == [hoist])
    }
}

import Foundation
import Hummingbird
import LitmusHTTPStubs
import Logging
import ServiceLifecycle
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `litmus-har verify` (HARVerification, which the command calls) against a real Hummingbird server whose
/// answers changed between recording and verifying.
@Suite("har verify against a Hummingbird server that changed since the recording", .tags(.endToEnd))
final class HARVerifyTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-har-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("Recorded against version 1: verified against version 1 nothing changed, against version 2 every change")
    func verifyAgainstChangedServer() async throws {
        // Given: a recording of three calls to version 1, made through a stubbed session.
        let file = folder.appendingPathComponent("albums.har")
        let first = try await VersionedAlbumAPI.start(version: 1)
        let recorder = HTTPStubs()
        try recorder.replay(file: file, mode: .recordAll, environment: [:])
        let session = recorder.session()
        _ = try await session.data(from: first.baseURL.appendingPathComponent("albums/1"))
        _ = try await session.data(from: first.baseURL.appendingPathComponent("albums"))
        var create = URLRequest(url: first.baseURL.appendingPathComponent("albums"))
        create.httpMethod = "POST"
        create.setValue("application/json", forHTTPHeaderField: "Content-Type")
        create.httpBody = Data(#"{"title":"Big Boat"}"#.utf8)
        _ = try await session.data(for: create)
        try recorder.finishRecordings()
        await first.stop()

        // When: verified against version 1 again, and against version 2.
        let same = try await VersionedAlbumAPI.start(version: 1)
        let unchanged = try await HARVerification.verify(file: file, against: same.baseURL)
        await same.stop()
        let second = try await VersionedAlbumAPI.start(version: 2)
        let changed = try await HARVerification.verify(file: file, against: second.baseURL)
        await second.stop()

        // Then
        #expect(!unchanged.hasChanges, "\(unchanged)")
        #expect(unchanged.entries.count == 3)
        #expect(changed.hasChanges)
        #expect(
            changed.entries.map { $0.changes.map(\.description) } == [
                [
                    "header X-Api-Version: removed", "JSON field id: number, now string",
                    "JSON field year: removed (was number)", "JSON field released: added (string)",
                ],
                [],
                [
                    "status: 201, now 400", "header Location: removed", "JSON field id: removed (was number)",
                    "JSON field title: removed (was string)", "JSON field message: added (string)",
                ],
            ])
        let base = second.baseURL.absoluteString
        #expect(
            changed.description.hasPrefix(
                """
                \(file.path) against \(base): 3 entries
                  0  GET \(base)/albums/1: 4 changes
                       header X-Api-Version: removed
                """))
        #expect(
            changed.description.hasSuffix(
                "2 of 3 entries changed. Re-record the recording (LITMUS_HTTP_RECORD=all swift test) and review the diff, or fix the service.\n"
            ))
    }

    @Test("A stopped service is named with the entry and the fix")
    func unreachable() async throws {
        let api = try await VersionedAlbumAPI.start(version: 1)
        let har = HAR(entries: [
            HAR.Entry(
                startedDateTime: "2026-11-26T00:00:00.000Z", time: 1,
                request: HAR.Request(method: "GET", url: "https://api.example.com/albums/1"),
                response: HAR.Response(status: 200, content: HAR.Content(size: 0, mimeType: "", text: "")),
                timings: HAR.Timings(wait: 1))
        ])
        await api.stop()
        let error = await #expect(throws: HARVerifyError.self) {
            try await HARVerification.verify(har, file: "albums.har", against: api.baseURL)
        }
        #expect(
            error?.description.hasPrefix(
                "The service did not answer entry 0 (GET \(api.baseURL.absoluteString)/albums/1) of albums.har (")
                == true)
        #expect(error?.description.hasSuffix("Start the service, or check the URL given to --against.") == true)
    }
}

/// The album API in two versions, on 127.0.0.1 and a free port. Version 2 changed `GET /albums/:id`
/// (`id` a string, `year` replaced by `released`, no `X-Api-Version` header) and refuses `POST /albums`;
/// `GET /albums` is the same in both.
struct VersionedAlbumAPI {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static func start(version: Int) async throws -> VersionedAlbumAPI {
        let router = Router()
        router.get("albums/:id") { _, context -> Response in
            let id = context.parameters.get("id") ?? "0"
            return version == 1
                ? json(#"{"id":\#(id),"title":"Hoist","year":1994}"#, headers: [.init("X-Api-Version")!: "1"])
                : json(#"{"id":"\#(id)","title":"Hoist","released":"1994-03-29"}"#)
        }
        router.get("albums") { _, _ in json(#"[{"id":1,"title":"Hoist"},{"id":2,"title":"Billy Breathes"}]"#) }
        router.post("albums") { _, _ in
            version == 1
                ? json(#"{"id":3,"title":"Big Boat"}"#, status: .created, headers: [.location: "/albums/3"])
                : json(#"{"message":"albums are read-only in version 2"}"#, status: .badRequest)
        }
        let bound = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "versioned-album-api")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in bound.continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task {
            defer { bound.continuation.finish() }
            try await group.run()
        }
        var ports = bound.stream.makeAsyncIterator()
        guard let port = await ports.next() else {
            _ = await task.result
            throw AlbumAPIError.didNotStart
        }
        return VersionedAlbumAPI(port: port, group: group, task: task)
    }

    /// Stops the server gracefully and waits until its socket is closed (swift-nio#3481).
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    private static func json(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The request log and hit counts")
struct RequestLogTests {
    let stubs = HTTPStubs()

    @Test("The log holds every request in order, with method, headers and body")
    func logsRequests() async throws {
        stubs.stub(.any, .status(201))
        var post = URLRequest(url: URL("https://api.example.com/albums"))
        post.httpMethod = "POST"
        post.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        post.httpBody = Data(#"{"title":"Farmhouse"}"#.utf8)
        let session = stubs.session()

        _ = try await session.data(from: URL("https://api.example.com/albums?q=phish"))
        _ = try await session.data(for: post)

        #expect(
            stubs.requests.map(\.description) == [
                "GET https://api.example.com/albums?q=phish",
                "POST https://api.example.com/albums (21-byte body)",
            ])
        #expect(stubs.requests.last?.header("authorization") == "Bearer t")
        #expect(stubs.requests.last?.bodyText == #"{"title":"Farmhouse"}"#)
    }

    @Test("A body sent as httpBodyStream is logged and matched like httpBody")
    func bodyStreamNormalized() async throws {
        stubs.stub(.jsonBody(#"{"title":"Farmhouse"}"#), .status(201))
        var request = URLRequest(url: URL("https://api.example.com/albums"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(#"{ "title" : "Farmhouse" }"#.utf8))

        let (_, response) = try await stubs.session().data(for: request)

        #expect(response.status == 201)
        #expect(stubs.requests.first?.bodyText == #"{ "title" : "Farmhouse" }"#)
    }

    @Test("Hit counts are kept per stub")
    func hitCounts() async throws {
        let albums = stubs.stub(.path("/albums"), .string("[]"))
        let songs = stubs.stub(.path("/songs"), .string("[]"))
        let session = stubs.session()

        _ = try await session.data(from: URL("https://api.example.com/albums"))
        _ = try await session.data(from: URL("https://api.example.com/albums"))

        #expect(stubs.hitCount(of: albums) == 2)
        #expect(stubs.hitCount(of: songs) == 0)
        #expect(stubs.requests(hitting: albums).map(\.url.path) == ["/albums", "/albums"])
    }

    @Test("verify(_:hitCount:) passes on the right count and records an issue on a wrong one")
    func verifyHitCount() async throws {
        let albums = stubs.stub(.path("/albums"), name: "albums", .string("[]"))
        _ = try await stubs.session().data(from: URL("https://api.example.com/albums"))

        stubs.verify(albums, hitCount: 1)
        withKnownIssue {
            stubs.verify(albums, hitCount: 2)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "Expected stub \"albums\" (path is /albums) to be hit 2 times, but it was hit once")
        }
    }

    @Test("verifyHit records an issue for a stub that was never hit, listing the requests seen")
    func verifyHitNever() async throws {
        stubs.stub(.any, .status(200))
        let songs = stubs.stub(.path("/songs"), name: "songs", .string("[]"))
        _ = try await stubs.session().data(from: URL("https://api.example.com/albums"))

        withKnownIssue {
            stubs.verifyHit(songs)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("GET https://api.example.com/albums")
        }
    }
}

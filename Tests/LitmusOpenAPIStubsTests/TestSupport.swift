import Foundation
import LitmusHTTPStubs
import LitmusOpenAPIStubs
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated client of Generated/openapi.yaml, answered by `stubs` through the stub transport.
func albumClient(_ stubs: HTTPStubs, upstream: (any ClientTransport)? = nil) throws -> Client {
    Client(serverURL: try Servers.Server1.url(), transport: stubs.transport(upstream: upstream))
}

/// A JSON response, as a server of the spec sends it.
func json(_ text: String, status: Int = 200) -> StubResponse {
    .data(Data(text.utf8), status: status, headers: ["Content-Type": "application/json"])
}

/// The URLError a call failed with, unwrapped from the client's `ClientError`; nil when it succeeded or
/// failed with something else.
func urlError(_ call: () async throws -> Void) async -> URLError? {
    do {
        try await call()
        return nil
    } catch let error as ClientError {
        return error.underlyingError as? URLError
    } catch {
        return error as? URLError
    }
}

/// A folder of its own for one test's HAR files, removed when the test's suite value goes away.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-openapi-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The file `name` in this folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}

let hoist = #"{"artist":"Phish","id":1,"title":"Hoist","year":1994}"#

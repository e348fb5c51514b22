import Foundation
import LitmusHTTPStubs

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A folder of its own for one test's HAR files, removed when the test's suite value goes away.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-har-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The file `name` in this folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names of the files in this folder, sorted.
    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// Writes `text` to the file `name` and returns its URL.
    func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

/// A HAR entry answering `method url` with `status` and `text`.
func harEntry(
    _ method: String, _ url: String, status: Int = 200, text: String, headers: [HAR.Header] = [],
    requestBody: HAR.PostData? = nil
) -> HAR.Entry {
    HAR.Entry(
        startedDateTime: "2026-11-23T00:00:00.000Z", time: 40,
        request: HAR.Request(method: method, url: url, postData: requestBody),
        response: HAR.Response(
            status: status, headers: headers,
            content: HAR.Content(size: text.utf8.count, mimeType: "text/plain", text: text)),
        timings: HAR.Timings(wait: 30, receive: 10))
}

/// The environment of a developer's machine: no CI, no mode set.
let localEnvironment: [String: String] = [:]

extension HTTPStubs {
    /// Sends `method url` through a session of this registry and returns the status and body text.
    func fetch(_ url: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil)
        async throws -> (status: Int, text: String)
    {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await session().data(for: request)
        return (response.status, text(data))
    }
}

import Hummingbird
import HummingbirdTesting
import Testing

@testable import ExamplesWeb

/// A browser as the screens' tests need one: it keeps the session cookie, submits forms and reads
/// pages.
struct ScreenClient {
    let client: any TestClientProtocol
    private(set) var cookie = ""

    /// Opens `uri` (the first call starts the session) and returns the page.
    mutating func open(_ uri: String) async throws -> String {
        let headers: HTTPFields = cookie.isEmpty ? [:] : [.cookie: cookie]
        let (html, newCookie) = try await client.execute(uri: uri, method: .get, headers: headers) { response in
            #expect(response.status == .ok)
            return (String(buffer: response.body), response.headers[.setCookie]?.split(separator: ";").first)
        }
        if let newCookie { cookie = String(newCookie) }
        return html
    }

    /// Submits `body` to `uri` and, once redirected back (Post/Redirect/Get), returns the page.
    mutating func submit(_ body: String, to uri: String) async throws -> String {
        try await client.execute(
            uri: uri, method: .post, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body)
        ) { response in
            #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            #expect(response.headers[.location] == uri)
        }
        return try await open(uri)
    }

    /// Submits `body` to `uri` as the page's script does (with its header), and returns the answer's
    /// status and text (the updated page, or a refusal's message).
    func submitByScript(_ body: String, to uri: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(
            uri: uri, method: .post,
            headers: [
                .cookie: cookie, .contentType: "application/x-www-form-urlencoded",
                try #require(HTTPFields.Element.Name(Page.fetchHeader)): "1",
            ],
            body: ByteBuffer(string: body)
        ) { response in (response.status, String(buffer: response.body)) }
    }

    /// Submits `body` to `uri` and returns the refusal's status and message.
    func refusal(of body: String, at uri: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(
            uri: uri, method: .post, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body)
        ) { response in (response.status, String(buffer: response.body)) }
    }
}

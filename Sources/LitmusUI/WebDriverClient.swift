import AsyncHTTPClient
import Foundation
import LitmusJSON
import NIOCore
import NIOHTTP1

/// Speaks W3C WebDriver (classic) to a chromedriver over HTTP.
///
/// AsyncHTTPClient, not URLSession: URLSession on Swift 6.3.1 for Linux rejects chromedriver's
/// response headers (no space after the colon).
struct WebDriverClient: Sendable {
    /// chromedriver's root, such as `http://127.0.0.1:9515`.
    let baseURL: String

    /// Sends a command and returns the response's `value`, or throws the ``WebDriverError`` it carries.
    func send(_ method: HTTPMethod, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        } else if method == .POST {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(string: "{}"))
        }
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        } catch let error as HTTPClientError where error == .readTimeout || error == .deadlineExceeded {
            throw WebDriverError(
                code: "timeout",
                message: "chromedriver did not answer (\(error)); on a busy machine, fewer browsers at once help: "
                    + "LITMUS_UI_BROWSERS=1 runs one at a time",
                command: "\(method) \(path)")
        }
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        let reply = try JSONDecoder().decode(JSONValue.self, from: Data(bytes.readableBytesView))
        let value = reply["value"]
        if response.status.code >= 400 || value["error"].string != nil {
            throw WebDriverError(
                code: value["error"].string ?? "HTTP \(response.status.code)",
                message: value["message"].string ?? "",
                command: "\(method) \(path)"
            )
        }
        return value
    }
}

/// An error of a command to the browser, through chromedriver (``WebDriverError``) or straight to its
/// DevTools (``DevToolsError``).
protocol BrowserCommandError: Error {
    /// Whether it means "the page changed under us: resolve the query again and retry".
    var isRetryable: Bool { get }
}

/// An error chromedriver answered a command with, such as `no such element` or
/// `element click intercepted`.
struct WebDriverError: BrowserCommandError, CustomStringConvertible {
    /// The W3C error code.
    let code: String
    /// chromedriver's message (its first line).
    let message: String
    /// The command that failed.
    let command: String

    /// Errors that mean "the page changed under us: resolve the query again and retry".
    var isRetryable: Bool {
        [
            "stale element reference", "element click intercepted", "element not interactable",
            "no such element", "javascript error", "script timeout", "no such window", "no such execution context",
        ].contains(code)
    }

    var description: String {
        "chromedriver answered \(command) with \"\(code)\": \(message.split(separator: "\n").first ?? "")"
    }
}

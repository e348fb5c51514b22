import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Tag {
    /// Slower tests: they start a process.
    @Tag static var endToEnd: Self
}

/// seed 003's album search, the code under test of these examples.
struct Album: Codable, Equatable {
    var title: String
    var artist: String
}

extension URL {
    /// A URL from a literal the test controls.
    init(_ string: StaticString) {
        self.init(string: "\(string)")!
    }
}

extension URLSession {
    /// `dataTask(with:completionHandler:)`, awaited: the third way code under test calls a session.
    func completionHandlerData(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data ?? Data(), response!))
                }
            }
            task.resume()
        }
    }
}

extension URLResponse {
    /// The status code of an HTTP response, or -1.
    var status: Int { (self as? HTTPURLResponse)?.statusCode ?? -1 }
}

/// The URLError a call failed with, or nil when it succeeded or failed otherwise.
func urlError(_ call: () async throws -> Void) async -> URLError? {
    do {
        try await call()
        return nil
    } catch {
        return error as? URLError
    }
}

/// Text from bytes, for readable expectations.
func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
}

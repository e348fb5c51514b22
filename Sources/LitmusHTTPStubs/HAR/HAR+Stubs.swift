import Foundation
import LitmusSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a replay waits as long as the recorded responses took.
public enum HARTiming: Sendable, Equatable {
    /// Answer at once (the default): tests stay fast.
    case none
    /// Wait the recorded time before the response (`wait` and what came before it) and before its body
    /// (`receive`).
    case recorded
    /// The recorded times multiplied by `factor` (`0.1` for a tenth).
    case scaled(Double)

    var factor: Double {
        switch self {
        case .none: 0
        case .recorded: 1
        case .scaled(let factor): max(0, factor)
        }
    }
}

extension HAR.Entry {
    /// An entry for `request` answered by `response`, started at `started` and taking `duration`.
    init(request: RecordedRequest, response: StubResponse, started: Date, duration: Duration) {
        let milliseconds = duration.inMilliseconds
        let requestType = request.header("Content-Type") ?? ""
        let postData = request.body.isEmpty ? nil : Self.postData(request.body, mimeType: requestType)
        let responseType = response.headers.first { $0.key.lowercased() == "content-type" }?.value ?? ""
        let isText = String(data: response.body, encoding: .utf8) != nil
        let content = HAR.Content(
            size: response.body.count, mimeType: responseType,
            text: isText ? String(decoding: response.body, as: UTF8.self) : response.body.base64EncodedString(),
            encoding: isText ? nil : "base64")
        self.init(
            startedDateTime: Self.timestamp(started), time: milliseconds,
            request: HAR.Request(
                method: request.method, url: request.url.absoluteString,
                headers: Self.fields(request.headers),
                queryString: request.queryItems.map { HAR.Header(name: $0.name, value: $0.value ?? "") },
                postData: postData, bodySize: request.body.count),
            response: HAR.Response(
                status: response.status, statusText: HTTPURLResponse.localizedString(forStatusCode: response.status),
                headers: Self.fields(response.headers), content: content),
            timings: HAR.Timings(wait: milliseconds))
    }

    /// The request this entry records, as matchers see requests; nil when its URL is not one.
    var recordedRequest: RecordedRequest? {
        guard let url = URL(string: request.url), url.scheme != nil else { return nil }
        var headers: [String: String] = [:]
        for field in request.headers where !field.name.hasPrefix(":") {
            headers[field.name] = headers[field.name].map { "\($0),\(field.value)" } ?? field.value
        }
        if let type = request.postData?.mimeType, !type.isEmpty,
            !headers.keys.contains(where: {
                $0.lowercased() == "content-type"
            })
        {
            headers["Content-Type"] = type
        }
        return RecordedRequest(method: request.method, url: url, headers: headers, body: requestBody ?? Data())
    }

    /// The posted bytes: base64 decoded when marked so, or form fields encoded; nil when not decodable.
    var requestBody: Data? {
        guard let post = request.postData else { return Data() }
        if post.encoding == "base64" { return Data(base64Encoded: post.text) }
        if post.text.isEmpty, let params = post.params {
            return Data(FormEncoding.encode(params.map { URLQueryItem(name: $0.name, value: $0.value) }).utf8)
        }
        return Data(post.text.utf8)
    }

    /// The recorded response as a stub response; nil when its base64 body does not decode.
    func stubResponse(timing: HARTiming) -> StubResponse? {
        guard response.status > 0 else {
            // A browser's failed request (blocked, refused): no response was ever received.
            return .networkError(.cannotConnectToHost)
        }
        let body: Data
        switch (response.content.text, response.content.encoding) {
        case (nil, _): body = Data()
        case (let text?, "base64"?):
            guard let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { return nil }
            body = decoded
        case (let text?, _): body = Data(text.utf8)
        }
        var headers: [String: String] = [:]
        for field in response.headers where !field.name.hasPrefix(":") {
            headers[field.name] = headers[field.name].map { "\($0), \(field.value)" } ?? field.value
        }
        // A HAR's content is decoded: the headers describing the bytes on the wire no longer apply.
        let stub = StubResponse(status: response.status, headers: headers, body: body).removingWireHeaders()
        guard timing.factor > 0 else { return stub }
        let receive = max(0, timings.receive) * timing.factor
        let before = max(0, time - max(0, timings.receive)) * timing.factor
        return stub.delayed(request: .milliseconds(before), response: .milliseconds(receive))
    }

    private static func fields(_ headers: [String: String]) -> [HAR.Header] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { HAR.Header(name: $0.key, value: $0.value) }
    }

    private static func postData(_ body: Data, mimeType: String) -> HAR.PostData {
        if let text = String(data: body, encoding: .utf8) {
            return HAR.PostData(mimeType: mimeType, text: text)
        }
        return HAR.PostData(mimeType: mimeType, text: body.base64EncodedString(), encoding: "base64")
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

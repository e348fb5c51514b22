import Foundation

extension RequestMatcher {
    /// The body is `multipart/form-data` with a part named `name`; with a `value`, that part's content
    /// is exactly this UTF-8 text. Other parts are ignored.
    ///
    /// ```swift
    /// stubs.stub(.multipartField("title", "Big Boat") && .multipartField("cover"), .status(201))
    /// ```
    public static func multipartField(_ name: String, _ value: String? = nil) -> RequestMatcher {
        let description = value.map { "multipart field \(name) is \"\($0)\"" } ?? "multipart field \(name) is present"
        return RequestMatcher(description: description) { request in
            guard let parts = MultipartBody.parts(of: request) else {
                let type = request.header("Content-Type") ?? "missing"
                return "body is not multipart/form-data (Content-Type is \(type)); expected a field \(name)"
            }
            guard let part = parts.first(where: { $0.name == name }) else {
                let names = parts.map(\.name).joined(separator: ", ")
                return "multipart field `\(name)` is missing (fields: \(names.isEmpty ? "none" : names))"
            }
            guard let value, part.text != value else { return nil }
            return "multipart field `\(name)` is \"\(part.text)\", expected \"\(value)\""
        }
    }
}

/// Reads the parts of a `multipart/form-data` body.
enum MultipartBody {
    struct Part {
        var name: String
        var text: String
    }

    /// The parts, or nil when the request is not multipart/form-data with a boundary.
    static func parts(of request: RecordedRequest) -> [Part]? {
        guard let type = request.header("Content-Type"), type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = parameter("boundary", in: type)
        else { return nil }
        let body = String(decoding: request.body, as: UTF8.self)
        var parts: [Part] = []
        for chunk in body.components(separatedBy: "--\(boundary)").dropFirst() {
            guard !chunk.hasPrefix("--"), let split = chunk.range(of: "\r\n\r\n") else { continue }
            let head = chunk[..<split.lowerBound]
            var content = String(chunk[split.upperBound...])
            if content.hasSuffix("\r\n") { content.removeLast(1) }  // "\r\n" is one Character
            let disposition = head.components(separatedBy: "\r\n")
                .first { $0.lowercased().hasPrefix("content-disposition:") }
            guard let disposition, let name = parameter("name", in: disposition) else { continue }
            parts.append(Part(name: name, text: content))
        }
        return parts
    }

    /// The value of `name=value` or `name="value"` among `header`'s `;`-separated parameters.
    private static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(name + "=") else { continue }
            var value = String(pair.dropFirst(name.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}

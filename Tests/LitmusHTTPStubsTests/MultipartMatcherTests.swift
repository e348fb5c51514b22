import Foundation
import LitmusHTTPStubs
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Multipart form fields")
struct MultipartMatcherTests {
    func upload(_ parts: [(String, String)], boundary: String = "XyZ") -> RecordedRequest {
        var body = ""
        for (name, value) in parts {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return RecordedRequest(
            method: "POST", url: URL("https://api.example.com/upload"),
            headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: Data(body.utf8))
    }

    @Test("A field matches by presence or by value; other fields are ignored")
    func fields() {
        let request = upload([("title", "Big Boat"), ("artist", "Phish")])
        #expect(RequestMatcher.multipartField("title", "Big Boat").matches(request))
        #expect(RequestMatcher.multipartField("artist").matches(request))
        #expect(!RequestMatcher.multipartField("title", "Hoist").matches(request))
        #expect(
            RequestMatcher.multipartField("title", "Hoist").differences(from: request) == [
                #"multipart field `title` is "Big Boat", expected "Hoist""#
            ])
        #expect(
            RequestMatcher.multipartField("cover").differences(from: request) == [
                "multipart field `cover` is missing (fields: title, artist)"
            ])
    }

    @Test("A body that is not multipart is a non-match saying so")
    func notMultipart() {
        let request = RecordedRequest(
            method: "POST", url: URL("https://api.example.com/upload"), headers: ["Content-Type": "application/json"],
            body: Data("{}".utf8))
        #expect(
            RequestMatcher.multipartField("title").differences(from: request) == [
                "body is not multipart/form-data (Content-Type is application/json); expected a field title"
            ])
    }

    @Test("An upload through URLSession is answered by the stub whose fields it has")
    func throughURLSession() async throws {
        let stubs = HTTPStubs()
        stubs.stub(.method("POST") && .multipartField("title", "Hoist"), .status(409))
        stubs.stub(.method("POST") && .multipartField("title", "Big Boat") && .multipartField("artist"), .status(201))
        let upload = upload([("title", "Big Boat"), ("artist", "Phish")])
        var request = URLRequest(url: upload.url)
        request.httpMethod = "POST"
        request.setValue(upload.header("Content-Type"), forHTTPHeaderField: "Content-Type")
        request.httpBody = upload.body
        let (_, response) = try await stubs.session().data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
    }
}

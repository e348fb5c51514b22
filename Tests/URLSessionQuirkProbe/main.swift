// A process for LinuxURLSessionQuirkTests: a URLProtocol that reports a redirect with
// urlProtocol(_:wasRedirectedTo:redirectResponse:), which swift-corelibs-foundation answers with
// fatalError. It prints "survived" and exits 0 only if a toolchain stops crashing there.

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class RedirectingProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let target = URLRequest(url: URL(string: "https://quirk.example/new")!)
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": "/new"])!
        client?.urlProtocol(self, wasRedirectedTo: target, redirectResponse: response)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

let configuration = URLSessionConfiguration.ephemeral
configuration.protocolClasses = [RedirectingProtocol.self]
let session = URLSession(configuration: configuration)
_ = try? await session.data(from: URL(string: "https://quirk.example/old")!)
print("survived")

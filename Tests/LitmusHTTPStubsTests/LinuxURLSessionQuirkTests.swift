import Foundation
import LitmusHTTPStubs
import LitmusSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Pins each URLSession fact in shared/docs/FINDINGS.md that LitmusHTTPStubs is built around, with a bare
// URLProtocol and no Litmus code in between, so a toolchain that fixes or breaks one is noticed. Those
// about swift-corelibs-foundation only are checked where FoundationNetworking exists (Linux).

@Suite("Linux URLSession quirks Litmus relies on")
struct LinuxURLSessionQuirkTests {
    @Test("A protocol class in a session's protocolClasses answers data(for:), data(from:) and dataTask")
    func sessionProtocolClassesWork() async throws {
        let session = FixedResponseProtocol.session()

        let viaRequest = try await session.data(for: URLRequest(url: URL("https://quirk.example/a"))).0
        let viaURL = try await session.data(from: URL("https://quirk.example/b")).0
        let viaTask = try await session.completionHandlerData(for: URLRequest(url: URL("https://quirk.example/c"))).0

        #expect([viaRequest, viaURL, viaTask].map(text) == ["fixed", "fixed", "fixed"])
    }

    #if canImport(FoundationNetworking)
        @Test("Each didLoad replaces the data delivered before it (so Litmus delivers the body in one call)")
        func didLoadReplaces() async throws {
            let session = TwoChunkProtocol.session()

            let async = try await session.data(from: URL("https://quirk.example/")).0
            let completion = try await session.completionHandlerData(
                for: URLRequest(url: URL("https://quirk.example/"))
            ).0

            #expect(text(async) == "second")
            #expect(text(completion) == "second")
        }

        @Test("httpAdditionalHeaders never reach the protocol (so Litmus cannot tag a session by header)")
        func additionalHeadersInvisible() async throws {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [HeaderEchoProtocol.self]
            configuration.httpAdditionalHeaders = ["X-Session": "tagged"]

            let (data, _) = try await URLSession(configuration: configuration).data(from: URL("https://quirk.example/"))

            #expect(text(data) == "X-Session: absent")
        }

        @Test("canonicalRequest(for:) is never called")
        func canonicalRequestNeverCalled() async throws {
            _ = try await CanonicalCountingProtocol.session().data(from: URL("https://quirk.example/"))

            #expect(CanonicalCountingProtocol.canonicalCalls.withLock { $0 } == 0)
        }

        @Test("A custom protocol's response is never cached, even when it allows caching")
        func responsesNeverCached() async throws {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [CachableResponseProtocol.self]
            let cache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 0, diskPath: nil)
            configuration.urlCache = cache
            configuration.requestCachePolicy = .returnCacheDataElseLoad
            let request = URLRequest(url: URL("https://quirk.example/cachable"))
            let session = URLSession(configuration: configuration)

            _ = try await session.data(for: request)
            _ = try await session.data(for: request)

            #expect(cache.cachedResponse(for: request) == nil)
            #expect(CachableResponseProtocol.loads.withLock { $0 } == 2)
        }

        @Test("A data task keeps httpBody; an upload(for:from:) body is invisible to the protocol")
        func bodies() async throws {
            let session = BodyEchoProtocol.session()
            var request = URLRequest(url: URL("https://quirk.example/"))
            request.httpMethod = "POST"
            request.httpBody = Data("hello".utf8)

            let dataTask = try await session.data(for: request).0
            let upload = try await session.upload(
                for: URLRequest(url: URL("https://quirk.example/")), from: Data("hi".utf8)
            ).0

            #expect(text(dataTask) == "httpBody: hello")
            #expect(text(upload) == "no body")
        }

        @Test("A registered class is consulted after the built-in HTTP handler, so http goes to the network")
        func registeredClassComesLast() async {
            _ = URLProtocol.registerClass(LoopbackPort1Protocol.self)
            defer { URLProtocol.unregisterClass(LoopbackPort1Protocol.self) }

            let error = await urlError {
                _ = try await URLSession(configuration: .default).data(from: LoopbackPort1Protocol.url)
            }

            #expect(error?.code == .cannotConnectToHost)
            #expect(
                URLSessionConfiguration.default.protocolClasses?.contains { $0 == LoopbackPort1Protocol.self } == false)
        }

        @Test("So once URLSession.shared exists, HTTPStubs.registerGlobally throws, naming the order and the fix")
        func globalRegistrationFailsLoudly() {
            // Given: the shared session exists, as it does once any code (or another test) used it.
            // Registered before that, a class is asked first and registration works; that order
            // belongs to the process, so this test makes it the same whatever ran before.
            _ = URLSession.shared.configuration
            let stubs = HTTPStubs()

            // When
            let error = #expect(throws: GlobalRegistrationError.self) { try stubs.registerGlobally() }

            // Then
            #expect(error?.protocolClasses.contains("Litmus") == false)
            #expect(error?.description.contains("it was created before the registration") == true)
            #expect(error?.description.contains("HTTPStubs.session()") == true)
        }

        @Test("A URLError a protocol fails with reaches the client with its code and userInfo")
        func errorsKeepCodeAndUserInfo() async {
            let error = await urlError {
                _ = try await FailingProtocol.session().data(from: URL("https://quirk.example/"))
            }

            #expect(error?.code == .timedOut)
            #expect(error?.localizedDescription == "pinned")
        }
    #endif
}

// MARK: Bare protocols, one per quirk so parallel tests share no state.

private class BareProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func stopLoading() {}

    class func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [self]
        return URLSession(configuration: configuration)
    }

    func answer(_ chunks: [String], policy: URLCache.StoragePolicy = .notAllowed) {
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: policy)
        for chunk in chunks {
            client?.urlProtocol(self, didLoad: Data(chunk.utf8))
        }
        client?.urlProtocolDidFinishLoading(self)
    }
}

private final class FixedResponseProtocol: BareProtocol {
    override func startLoading() { answer(["fixed"]) }
}

private final class TwoChunkProtocol: BareProtocol {
    override func startLoading() { answer(["first", "second"]) }
}

private final class HeaderEchoProtocol: BareProtocol {
    override func startLoading() {
        answer(["X-Session: \(request.value(forHTTPHeaderField: "X-Session") ?? "absent")"])
    }
}

private final class CanonicalCountingProtocol: BareProtocol {
    static let canonicalCalls = Mutex(0)
    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        canonicalCalls.withLock { $0 += 1 }
        return request
    }
    override func startLoading() { answer(["ok"]) }
}

private final class CachableResponseProtocol: BareProtocol {
    static let loads = Mutex(0)
    override func startLoading() {
        Self.loads.withLock { $0 += 1 }
        answer(["cachable"], policy: .allowed)
    }
}

private final class BodyEchoProtocol: BareProtocol {
    override func startLoading() {
        if let body = request.httpBody {
            answer(["httpBody: \(text(body))"])
        } else {
            answer([request.httpBodyStream == nil ? "no body" : "httpBodyStream"])
        }
    }
}

private final class LoopbackPort1Protocol: BareProtocol {
    static let url = URL("http://127.0.0.1:1/litmus-quirk")
    override class func canInit(with request: URLRequest) -> Bool { request.url == url }
    override func startLoading() { answer(["stubbed"]) }
}

private final class FailingProtocol: BareProtocol {
    override func startLoading() {
        client?.urlProtocol(
            self, didFailWithError: URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "pinned"]))
    }
}

#if canImport(FoundationNetworking)
    @Suite("Linux URLSession quirks that end the process")
    struct LinuxURLSessionFatalQuirkTests {
        @Test(
            "urlProtocol(_:wasRedirectedTo:redirectResponse:) kills the process (so Litmus follows redirects itself)",
            .tags(.endToEnd))
        func wasRedirectedToIsFatal() async throws {
            // Given: the probe, built with the tests
            let probe = URL(fileURLWithPath: CommandLine.arguments[0])
                .deletingLastPathComponent().appendingPathComponent("URLSessionQuirkProbe")
            try #require(
                FileManager.default.isExecutableFile(atPath: probe.path),
                "\(probe.path) is missing: build every target with swift build --build-tests first")
            // When: it runs (ChildProcess, not Foundation's Process with a pipe: a process a UI test
            // spawns at that instant would inherit the pipe and keep the read waiting)
            let result = try await ChildProcess.run(
                probe, [], in: FileManager.default.temporaryDirectory,
                environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 600)

            // Then: Foundation's fatalError ended it (a trap: SIGILL on x86_64, SIGTRAP on arm64)
            #expect([SIGILL, SIGTRAP].contains(result.status))
            #expect(result.output.contains("doesn't currently handle redirects"))
            #expect(!result.output.contains("survived"))
        }
    }
#endif

import Calculator
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import ExamplesWeb

@Suite("The server's form script modes, for UI tests of the paths without it")
struct FormScriptModeTests {
    @Test("Blocked: every page forbids scripts with a content security policy; forms still post and redirect")
    func blocked() async throws {
        let sut = ExamplesServer(configuration: ExamplesConfiguration(formScript: .blocked)).application()
        try await sut.test(.router) { client in
            var browser = ScreenClient(client: client)
            try await client.execute(uri: "/calculator", method: .get) { response in
                #expect(response.headers[.contentSecurityPolicy] == "script-src 'none'")
            }
            _ = try await browser.open("/calculator")
            let index = try #require(ButtonConfiguration.decoded.labels.firstIndex(of: "7"))
            #expect(try await browser.submit("button=\(index)", to: "/calculator").contains(#"polite">7</output>"#))
        }
    }

    @Test("Enabled: no content security policy is sent")
    func enabled() async throws {
        try await ExamplesServer().application().test(.router) { client in
            try await client.execute(uri: "/calculator", method: .get) { response in
                #expect(response.headers[.contentSecurityPolicy] == nil)
            }
        }
    }

    @Test("Fetch refused: a form the script sends gets 503 and is not acted on; the plain post still is")
    func fetchRefused() async throws {
        let received = Mutex<[String]>([])
        let configuration = ExamplesConfiguration(
            formScript: .fetchRefused,
            onFormReceived: { screen, sentByScript in received.withLock { $0.append("\(screen) \(sentByScript)") } })
        try await ExamplesServer(configuration: configuration).application().test(.router) { client in
            var browser = ScreenClient(client: client)
            _ = try await browser.open("/calculator")
            let index = try #require(ButtonConfiguration.decoded.labels.firstIndex(of: "7"))
            let (status, message) = try await browser.submitByScript("button=\(index)", to: "/calculator")
            #expect(status == .serviceUnavailable)
            #expect(message.contains("formScript: .fetchRefused"))
            #expect(try await browser.open("/calculator").contains(#"polite"> </output>"#))
            #expect(try await browser.submit("button=\(index)", to: "/calculator").contains(#"polite">7</output>"#))
        }
        #expect(received.withLock { $0 } == ["calculator true", "calculator false"])
    }
}

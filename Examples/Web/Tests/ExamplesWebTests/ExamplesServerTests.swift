import Calculator
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ExamplesWeb

@Suite("The examples web app")
struct ExamplesServerTests {
    private var sut: some ApplicationProtocol { ExamplesServer().application() }

    @Test("The Calculator screen shows an empty display (one space) and a button per configured label")
    func calculatorScreen() async throws {
        try await sut.test(.router) { client in
            try await client.execute(uri: "/calculator", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains(#"<output id="display" class="display" aria-live="polite"> </output>"#))
                #expect(html.components(separatedBy: "<button ").count - 1 == 16)
                #expect(html.contains(#"<button type="submit" name="button" value="3">÷</button>"#))
                #expect(html.contains("--columns: 4"))
                #expect(response.headers[.setCookie]?.hasPrefix("litmus-session=") == true)
            }
        }
    }

    @Test("A button press acts on the session's view model and redirects back (Post/Redirect/Get)")
    func buttonPress() async throws {
        try await sut.test(.router) { client in
            let cookie = try await client.execute(uri: "/calculator", method: .get) { response in
                try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            }
            let index = try #require(ButtonConfiguration.decoded.labels.firstIndex(of: "7"))
            try await client.execute(
                uri: "/calculator", method: .post,
                headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "button=\(index)")
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/calculator")
            }
            try await client.execute(uri: "/calculator", method: .get, headers: [.cookie: cookie]) { response in
                #expect(String(buffer: response.body).contains(#"aria-live="polite">7</output>"#))
            }
        }
    }

    @Test("A button press sent by the page's script is answered with the updated page, not a redirect")
    func buttonPressSentByScript() async throws {
        try await sut.test(.router) { client in
            let cookie = try await client.execute(uri: "/calculator", method: .get) { response in
                #expect(String(buffer: response.body).contains("fetch(form.action"))
                return try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            }
            let index = try #require(ButtonConfiguration.decoded.labels.firstIndex(of: "7"))
            try await client.execute(
                uri: "/calculator", method: .post,
                headers: [
                    .cookie: cookie, .contentType: "application/x-www-form-urlencoded",
                    try #require(HTTPFields.Element.Name(Page.fetchHeader)): "1",
                ],
                body: ByteBuffer(string: "button=\(index)")
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.location] == nil)
                #expect(String(buffer: response.body).contains(#"aria-live="polite">7</output>"#))
            }
        }
    }

    @Test("Two browser sessions have two calculators")
    func sessionsAreIsolated() async throws {
        try await sut.test(.router) { client in
            let first = try await client.execute(uri: "/calculator", method: .get) { response in
                try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            }
            let second = try await client.execute(uri: "/calculator", method: .get) { response in
                try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            }
            #expect(first != second)
            let emptyDisplay = #"aria-live="polite"> </output>"#
            try await client.execute(
                uri: "/calculator", method: .post,
                headers: [.cookie: first, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "button=0")
            ) { response in
                #expect(response.status == .seeOther)
            }
            // The press reached the first session, and only that one.
            try await client.execute(uri: "/calculator", method: .get, headers: [.cookie: first]) { response in
                #expect(!String(buffer: response.body).contains(emptyDisplay))
            }
            try await client.execute(uri: "/calculator", method: .get, headers: [.cookie: second]) { response in
                #expect(String(buffer: response.body).contains(emptyDisplay))
            }
        }
    }

    @Test("A form without a button index is refused with a message naming the field")
    func badForm() async throws {
        try await sut.test(.router) { client in
            try await client.execute(
                uri: "/calculator", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "button=seven")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(
                    String(buffer: response.body)
                        == "The calculator screen cannot act on this form: the field \"button\" is \"seven\", "
                        + "expected the index of a button (0, 1, …).\n")
            }
        }
    }

    @Test("The index links to every screen")
    func index() async throws {
        try await sut.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                for (path, title) in [
                    ("calculator", "Calculator"), ("fitness", "FitNess"), ("movies", "Movies"),
                    ("settings", "Settings"),
                    ("albums", "Album Search"), ("cash-register", "Cash Register"),
                ] {
                    #expect(html.contains(#"<li><a href="/\#(path)">\#(title)</a></li>"#))
                }
            }
        }
    }

    @Test("Labels are HTML-escaped")
    func escaping() {
        #expect(HTMLText(#"<b>"x" & 'y'</b>"#).description == "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;")
    }

    @Test("Form bodies decode plus signs and percent escapes")
    func formFields() {
        #expect(FormFields.decode("button=12&name=a+b%2Bc&empty") == ["button": "12", "name": "a b+c", "empty": ""])
    }
}

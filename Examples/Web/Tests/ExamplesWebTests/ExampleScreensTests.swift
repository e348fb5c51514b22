import AlbumSearch
import CashRegister
import FitNess
import Foundation
import Hummingbird
import HummingbirdTesting
import LitmusHTTPStubs
import Movies
import Settings
import Synchronization
import Testing

@testable import ExamplesWeb

@Suite("The examples' screens")
struct ExampleScreensTests {
    @Test("FitNess: the start button's title follows the state; the chase view shows it")
    func fitNessStartAndPause() async throws {
        try await ExamplesServer().application().test(.router) { client in
            var browser = ScreenClient(client: client)
            let first = try await browser.open("/fitness")
            #expect(first.contains(#"value="startStopPause">Start</button>"#))
            #expect(first.contains(#"<output id="chaseView">notStarted</output>"#))
            _ = try await browser.submit("goal=1000&action=goal", to: "/fitness")
            let started = try await browser.submit("action=startStopPause", to: "/fitness")
            #expect(started.contains(#"value="startStopPause">Pause</button>"#))
            #expect(started.contains(#"<output id="chaseView">inProgress</output>"#))
            #expect(started.contains(#"value="1000""#))
            let paused = try await browser.submit("action=startStopPause", to: "/fitness")
            #expect(paused.contains(#"value="startStopPause">Resume</button>"#))
            #expect(paused.contains(#"<output id="chaseView">paused</output>"#))
        }
    }

    @Test("FitNess: starting without a goal shows the goal-not-set alert with role alert, until OK")
    func fitNessGoalAlert() async throws {
        try await ExamplesServer().application().test(.router) { client in
            var browser = ScreenClient(client: client)
            #expect(try await !browser.open("/fitness").contains(#"role="alert""#))
            let alerted = try await browser.submit("action=startStopPause", to: "/fitness")
            #expect(alerted.contains(#"<section role="alert" id="alert" aria-labelledby="alert-text""#))
            #expect(alerted.contains("<p id=\"alert-text\">\(HTMLText(Alert.goalNotSet.text))</p>"))
            #expect(alerted.contains(#"<output id="chaseView">notStarted</output>"#))
            let dismissed = try await browser.submit("action=dismissAlert", to: "/fitness")
            #expect(!dismissed.contains(#"role="alert""#))
            let (status, message) = try await browser.refusal(of: "action=goal&goal=many", at: "/fitness")
            #expect(status == .badRequest)
            #expect(message.contains(#"the field "goal" is "many", expected a whole number of steps"#))
        }
    }

    @Test("Movies: one row per movie with its title and year")
    func moviesList() async throws {
        let catalogue = [
            Movie(title: "Moonlight", releaseDate: "2016-09-02"), Movie(title: "<Untitled>", releaseDate: "soon"),
        ]
        try await ExamplesServer(configuration: ExamplesConfiguration(movies: catalogue)).application().test(.router) {
            client in
            var browser = ScreenClient(client: client)
            let page = try await browser.open("/movies")
            #expect(page.components(separatedBy: "<li class=\"movie\">").count - 1 == 2)
            #expect(page.contains(#"<span class="title">Moonlight</span> <span class="year">2016</span>"#))
            #expect(page.contains(#"<span class="title">&lt;Untitled&gt;</span> <span class="year">Unknown</span>"#))
        }
    }

    @Test("Settings: a switch per setting; tapping one reaches the session's settings manager")
    func settingsToggle() async throws {
        let made = Mutex<[StoredSettings]>([])
        let configuration = ExamplesConfiguration(makeSettingsManager: {
            let settings = StoredSettings([
                Setting(name: "Foo", isEnabled: false), Setting(name: "Bar", isEnabled: true),
            ])
            made.withLock { $0.append(settings) }
            return settings
        })
        try await ExamplesServer(configuration: configuration).application().test(.router) { client in
            var browser = ScreenClient(client: client)
            let page = try await browser.open("/settings")
            #expect(
                page.contains(
                    #"<label for="setting-0-0">Foo</label> <button type="submit" id="setting-0-0" role="switch" aria-checked="false""#
                ))
            #expect(page.contains(#"id="setting-0-1" role="switch" aria-checked="true""#))
            let toggled = try await browser.submit("cell=0-0", to: "/settings")
            #expect(toggled.contains(#"id="setting-0-0" role="switch" aria-checked="true""#))
            let manager = try #require(made.withLock { $0.first })
            #expect(
                manager.settings() == [Setting(name: "Foo", isEnabled: true), Setting(name: "Bar", isEnabled: true)])
            let (status, _) = try await browser.refusal(of: "cell=3-9", at: "/settings")
            #expect(status == .badRequest)
        }
    }

    @Test("AlbumSearch: a search goes through the configured networking layer and lists the albums")
    func albumSearch() async throws {
        let stubs = HTTPStubs()
        stubs.stub(
            .host("itunes.apple.com") && .path("/search") && .query(["term": "Phish"]),
            .string(
                #"{"results":[{"collectionName":"Farmhouse","artistName":"Phish","#
                    + #""releaseDate":"2000-05-16T07:00:00Z","artworkUrl100":"https://example.com/f.jpg"}]}"#))
        let configuration = ExamplesConfiguration(makeNetworkingLayer: {
            DefaultNetworkingLayer(session: stubs.session())
        })
        try await ExamplesServer(configuration: configuration).application().test(.router) { client in
            var browser = ScreenClient(client: client)
            #expect(try await browser.open("/albums").contains(#"<input id="term" name="term" type="search""#))
            let results = try await browser.submit("term=Phish", to: "/albums")
            #expect(
                results.contains(
                    #"<span class="title">Farmhouse</span> <span class="artist">Phish</span> <span class="year">2000</span>"#
                ))
            #expect(results.contains(#"value="Phish""#))
            let empty = try await browser.submit("term=+", to: "/albums")
            #expect(
                empty.contains(
                    "role=\"alert\" id=\"error\" aria-labelledby=\"error-text\"><p id=\"error-text\">\(AlbumSearchError.emptySearchTerm)</p>"
                ))
        }
        stubs.verifyNoUnmatchedRequests()
    }

    @Test("CashRegister: items add up to the total; a payment shows the change; too little is refused")
    func cashRegisterPayment() async throws {
        try await ExamplesServer().application().test(.router) { client in
            var browser = ScreenClient(client: client)
            _ = try await browser.open("/cash-register")
            _ = try await browser.submit("action=addItem&amount=2.50", to: "/cash-register")
            let twoItems = try await browser.submit("action=addItem&amount=1.25", to: "/cash-register")
            #expect(twoItems.contains(#"<li class="item">2.5</li>"#))
            #expect(twoItems.contains(#"<output id="total">3.75</output>"#))
            let short = try await browser.submit("action=pay&amount=3", to: "/cash-register")
            let error = CashRegisterErrorText.insufficient(payment: 3, total: try #require(Decimal(string: "3.75")))
            #expect(short.contains("<p id=\"error-text\">\(HTMLText(error))</p>"))
            let paid = try await browser.submit("action=pay&amount=5", to: "/cash-register")
            #expect(paid.contains(#"<output id="change">1.25</output>"#))
            #expect(paid.contains(#"<output id="total">0</output>"#))
            #expect(!paid.contains(#"role="alert""#))
            let typo = try await browser.submit("action=addItem&amount=2x", to: "/cash-register")
            #expect(typo.contains(#"&quot;2x&quot; is not an amount"#))
        }
    }

    @Test("Every screen keeps its state per browser session")
    func sessionsAreIsolated() async throws {
        try await ExamplesServer().application().test(.router) { client in
            var first = ScreenClient(client: client)
            var second = ScreenClient(client: client)
            _ = try await first.open("/cash-register")
            _ = try await second.open("/cash-register")
            _ = try await first.submit("action=addItem&amount=7", to: "/cash-register")
            #expect(try await second.open("/cash-register").contains(#"<output id="total">0</output>"#))
            _ = try await first.submit("cell=0-1", to: "/settings")
            #expect(
                try await second.open("/settings").contains(#"id="setting-0-1" role="switch" aria-checked="false""#))
        }
    }
}

/// The register's own message for an insufficient payment, as the page must show it.
private enum CashRegisterErrorText {
    static func insufficient(payment: Decimal, total: Decimal) -> String {
        CashRegisterError.insufficientPayment(payment: payment, transactionTotal: total).description
    }
}

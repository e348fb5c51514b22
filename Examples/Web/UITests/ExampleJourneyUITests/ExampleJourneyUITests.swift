import AlbumSearch
import ExampleLauncher
import ExamplesWeb
import Foundation
import LitmusHTTPStubs
import LitmusUI
import Settings
import Synchronization
import Testing

/// One journey per example through its web screen in headless Chromium: the wiring between the page
/// and the example's view model, as seed 000 says UI tests should check.
@Suite("Example journeys in Chromium", .tags(.endToEnd), .serialized)
struct ExampleJourneyUITests {
    @Test("FitNess: without a goal Start shows the goal alert; with one it starts, then pauses", uiTestsEnabled)
    func fitNessJourney() async throws {
        try await XCUIApplication.example("fitness").run { app in
            try await app.buttons["Start"].tap()
            let alert = app.alerts.element
            #expect(try await alert.waitForExistence(timeout: 5))
            #expect(try await alert.label == "Set a goal first: you need a step goal before you start.")
            try await alert.buttons["OK"].tap()
            #expect(try await alert.waitForNonExistence(timeout: 5))

            try await app.textFields["Goal (steps)"].typeText("1000")
            try await app.buttons["Set Goal"].tap()
            try await app.buttons["Start"].tap()
            #expect(try await app.buttons["startButton"].label == "Pause")
            #expect(try await app.staticTexts["chaseView"].label == "inProgress")
            #expect(try await !app.alerts.element.exists)

            try await app.buttons["Pause"].tap()
            #expect(try await app.buttons["startButton"].label == "Resume")
            #expect(try await app.staticTexts["chaseView"].label == "paused")
        }
    }

    @Test("Movies: the list shows every movie's title and year", uiTestsEnabled)
    func moviesJourney() async throws {
        try await XCUIApplication.example("movies").run { app async throws in
            let list = app.tables["Movies"]
            #expect(try await list.cells.count == 3)
            let first = list.cells.element(boundBy: 0)
            #expect(try await first.staticTexts["Slumdog Millionaire"].exists)
            #expect(try await first.staticTexts["2008"].exists)
            #expect(try await list.cells.element(boundBy: 2).label == "The King's Speech 2010")
        }
    }

    @Test("Settings: tapping a switch turns it on in the page and in the session's settings manager", uiTestsEnabled)
    func settingsJourney() async throws {
        let made = Mutex<[StoredSettings]>([])
        let configuration = ExamplesConfiguration(makeSettingsManager: {
            let settings = StoredSettings()
            made.withLock { $0.append(settings) }
            return settings
        })
        try await XCUIApplication.example("settings", configuration: configuration).run { app in
            let darkMode = app.switches["Dark Mode"]
            #expect(try await app.switches.count == 3)
            #expect(try await darkMode.value == "0")

            try await darkMode.tap()

            #expect(try await darkMode.value == "1")
            let manager = try #require(made.withLock { $0.count == 1 ? $0.first : nil })
            #expect(manager.settings().first { $0.name == "Dark Mode" }?.isEnabled == true)
            #expect(manager.settings().first { $0.name == "Notifications" }?.isEnabled == true)
        }
    }

    @Test("AlbumSearch: a search lists the albums the stubbed service returns; no real network", uiTestsEnabled)
    func albumSearchJourney() async throws {
        let stubs = HTTPStubs()
        stubs.stub(
            .host("itunes.apple.com") && .path("/search") && .query(["term": "Phish", "entity": "album"]),
            .string(
                #"{"results":[{"collectionName":"Big Boat","artistName":"Phish","#
                    + #""releaseDate":"2016-10-07T07:00:00Z","artworkUrl100":"https://example.com/b.jpg"},"#
                    + #"{"collectionName":"Farmhouse","artistName":"Phish","#
                    + #""releaseDate":"2000-05-16T07:00:00Z","artworkUrl100":"https://example.com/f.jpg"}]}"#))
        let configuration = ExamplesConfiguration(makeNetworkingLayer: {
            DefaultNetworkingLayer(session: stubs.session())
        })
        try await XCUIApplication.example("albums", configuration: configuration).run { app in
            try await app.textFields["Artist or album"].typeText("Phish")
            try await app.buttons["Search"].tap()

            let albums = app.tables["Albums"]
            #expect(try await albums.cells.count == 2)
            #expect(try await albums.cells.element(boundBy: 0).label == "Big Boat Phish 2016")
            #expect(try await albums.cells.element(boundBy: 1).staticTexts["Farmhouse"].exists)
        }
        stubs.verifyNoUnmatchedRequests()
    }

    @Test("CashRegister: too little is refused with the register's message; enough gives the change", uiTestsEnabled)
    func cashRegisterJourney() async throws {
        try await XCUIApplication.example("cash-register").run { app in
            for cost in ["2.50", "1.25"] {
                try await app.textFields["Item cost"].typeText(cost)
                try await app.buttons["Add Item"].tap()
            }
            #expect(try await app.tables["Items"].cells.count == 2)
            #expect(try await app.staticTexts["total"].label == "3.75")

            try await app.textFields["Payment"].typeText("3")
            try await app.buttons["Pay"].tap()
            let refusal = app.alerts.element
            #expect(try await refusal.label.hasPrefix("A payment of 3 does not cover the transaction total of 3.75"))

            try await app.textFields["Payment"].typeText("5")
            try await app.buttons["Pay"].tap()
            #expect(try await app.staticTexts["change"].label == "1.25")
            #expect(try await app.staticTexts["total"].label == "0")
            #expect(try await !app.alerts.element.exists)
        }
    }
}

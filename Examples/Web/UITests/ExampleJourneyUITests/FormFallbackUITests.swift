import ExampleLauncher
import ExamplesWeb
import LitmusUI
import Synchronization
import Testing

/// The paths a page takes besides its script's `fetch`, walked in Chromium: with its script not run
/// (as with JavaScript disabled), and with its `fetch` failing. `ExamplesServerTests` checks the
/// server's side of both; these check that the browser really takes them.
@Suite("Forms without the page's script, and when its fetch fails, in Chromium", .tags(.endToEnd), .serialized)
struct FormFallbackUITests {
    @Test(
        "With the page's script blocked, as with JavaScript disabled, the calculator works by post and redirect",
        uiTestsEnabled)
    func calculatorWithoutScript() async throws {
        let forms = FormLog()
        try await calculator(.blocked, recordingFormsIn: forms).run { app in
            for label in ["5", "+", "4", "="] {
                try await app.buttons[label].tap()
            }
            #expect(try await app.staticTexts["display"].label == "9")
        }
        #expect(forms.sentByScript == [false, false, false, false])
    }

    @Test(
        "When the server refuses the script's fetch, the form is posted the plain way and no page stays busy",
        uiTestsEnabled)
    func calculatorWhenFetchFails() async throws {
        let forms = FormLog()
        let app = calculator(.fetchRefused, recordingFormsIn: forms)
        // A tap returns only once the page is not aria-busy (or the post's page is there): a page left
        // busy fails it (notSettled) after this timeout.
        app.timeout = .seconds(3)
        try await app.run { app in
            try await app.buttons["7"].tap()
            #expect(try await app.staticTexts["display"].label == "7")
            try await app.buttons["AC"].tap()
            #expect(try await app.staticTexts["display"].label == " ")
        }
        // Each tap: the script's fetch (refused, not acted on), then the same form posted plainly.
        #expect(forms.sentByScript == [true, false, true, false])
    }
}

/// The Calculator screen served with `formScript`, its server telling `forms` of every form.
private func calculator(_ formScript: FormScriptMode, recordingFormsIn forms: FormLog) -> XCUIApplication {
    XCUIApplication.example(
        "calculator", configuration: ExamplesConfiguration(formScript: formScript, onFormReceived: forms.record))
}

/// Whether the script sent each form the server received, in order.
private final class FormLog: Sendable {
    private let log = Mutex<[Bool]>([])

    var sentByScript: [Bool] { log.withLock { $0 } }

    @Sendable func record(screen: String, sentByScript: Bool) {
        log.withLock { $0.append(sentByScript) }
    }
}

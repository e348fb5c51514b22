import ExamplesWeb
import Foundation
import LitmusUI
import Testing

extension Tag {
    /// A test that starts a server and a browser: seconds, not milliseconds.
    @Tag static var endToEnd: Self
}

extension XCUIApplication {
    /// The examples web app on one screen (`fitness`, `movies`, …), served by a server of its own on
    /// a free port with `configuration`, so every launch starts with fresh state.
    static func example(
        _ screen: String, configuration: ExamplesConfiguration = ExamplesConfiguration()
    ) -> XCUIApplication {
        XCUIApplication(
            launcher: AppLauncher { _, _ in
                let server = try await ExamplesServer(configuration: configuration).start()
                return LaunchedApp(url: server.url(ofScreen: screen)) { await server.stop() }
            })
    }

    /// Launches the app, runs `journey` with it, and terminates it even when the journey throws.
    func run(_ journey: (XCUIApplication) async throws -> Void) async throws {
        try await launch()
        do {
            try await journey(self)
        } catch {
            try await terminate()
            throw error
        }
        try await terminate()
    }
}

/// UI tests run unless `LITMUS_SKIP_UI=1` (without a browser they fail, saying how to install one).
let uiTestsEnabled = Testing.ConditionTrait.enabled(
    if: !XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1: UI test skipped")

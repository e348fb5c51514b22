import ExamplesWeb
import LitmusUI

extension AppLauncher {
    /// Launches the examples web app on one screen (`calculator`, `fitness`, …): a server of its own,
    /// in this process on a free loopback port, with `configuration`, stopped on terminate. Every
    /// launch therefore starts with fresh state.
    public static func example(
        _ screen: String, configuration: ExamplesConfiguration = ExamplesConfiguration()
    ) -> AppLauncher {
        AppLauncher { _, _ in
            let server = try await ExamplesServer(configuration: configuration).start()
            return LaunchedApp(url: server.url(ofScreen: screen)) { await server.stop() }
        }
    }
}

extension XCUIApplication {
    /// The examples web app on one screen, launched by ``LitmusUI/AppLauncher/example(_:configuration:)``.
    public static func example(
        _ screen: String, configuration: ExamplesConfiguration = ExamplesConfiguration()
    ) -> XCUIApplication {
        XCUIApplication(launcher: .example(screen, configuration: configuration))
    }
}

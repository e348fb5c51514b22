import Foundation

/// The process's one chromedriver and its pool of browser sessions.
///
/// chromedriver and the first Chromium start on the first launch (about half a second); after that
/// a launch takes an idle session, whose cookies were cleared when it was handed back, so tests pay
/// for a browser once and still start from a clean one. Everything is killed when the process ends
/// (see ``ChromeDriverProcess``).
actor Browser {
    /// The browser every ``XCUIApplication`` in this process uses.
    static let shared = Browser()

    private var starting: Task<(ChromeDriverProcess, BrowserInstallation), any Error>?
    private var driver: ChromeDriverProcess?
    private var installation: BrowserInstallation?
    private var idle: [BrowserSession] = []

    /// A session for one launched app: an idle one, or a new one.
    func session() async throws -> BrowserSession {
        let driver = try await runningDriver()
        if let session = idle.popLast() { return session }
        return try await BrowserSession.create(on: driver.client, chromium: installation!.chromium)
    }

    /// Takes back a session whose app was terminated; a session that cannot be reset is closed.
    func release(_ session: BrowserSession) async {
        do {
            try await session.reset()
            idle.append(session)
        } catch {
            try? await session.delete()
        }
    }

    /// The running chromedriver (nil before the first launch), for tests that check it is gone.
    var currentDriver: ChromeDriverProcess? { driver }

    private func runningDriver() async throws -> ChromeDriverProcess {
        if let driver { return driver }
        // One start for concurrent first launches (the actor is re-entered while this awaits).
        let starting =
            self.starting
            ?? Task {
                let installation = try BrowserInstallation.find()
                return (try await ChromeDriverProcess.start(installation), installation)
            }
        self.starting = starting
        do {
            let (driver, installation) = try await starting.value
            self.installation = installation
            self.driver = driver
            return driver
        } catch {
            self.starting = nil
            throw error
        }
    }
}

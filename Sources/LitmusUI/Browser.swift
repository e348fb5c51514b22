import Foundation

/// The process's one chromedriver and its pool of browser sessions.
///
/// chromedriver and the first Chromium start on the first launch (about half a second); after that
/// a launch takes an idle session, whose cookies were cleared when it was handed back, so tests pay
/// for a browser once and still start from a clean one. At most ``sessionLimit`` sessions exist at once
/// (see ``SessionPool``). Everything is killed when the process ends (see ``ChromeDriverProcess``).
actor Browser {
    /// The browser every ``XCUIApplication`` in this process uses.
    static let shared = Browser()

    private var starting: Task<(ChromeDriverProcess, BrowserInstallation), any Error>?
    private var driver: ChromeDriverProcess?
    private var installation: BrowserInstallation?
    private var pool: SessionPool<BrowserSession>?

    /// How many browser sessions exist at once: `LITMUS_UI_BROWSERS` when set to a positive number,
    /// else the machine's processor count, at least 2.
    static var sessionLimit: Int {
        if let text = ProcessInfo.processInfo.environment["LITMUS_UI_BROWSERS"], let limit = Int(text), limit > 0 {
            return limit
        }
        return max(2, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A session for one launched app: an idle one, a new one, or the next one another app hands back.
    func session() async throws -> BrowserSession {
        let driver = try await runningDriver()
        if let pool { return try await pool.acquire() }
        let chromium = installation!.chromium
        let pool = SessionPool<BrowserSession>(
            limit: Self.sessionLimit, overflowAfter: .seconds(90),
            create: { try await BrowserSession.create(on: driver.client, chromium: chromium) },
            reset: { try await $0.reset() },
            close: { try? await $0.delete() })
        self.pool = pool
        return try await pool.acquire()
    }

    /// Takes back a session whose app was terminated; a session that cannot be reset is closed.
    func release(_ session: BrowserSession) async {
        await pool?.release(session)
    }

    /// Closes a session that must not be used again, freeing its place for another launch.
    func discard(_ session: BrowserSession) async {
        await pool?.discard(session)
    }

    /// Frees the place of a session that was already deleted.
    func forget(_ session: BrowserSession) async {
        await pool?.forget(session)
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

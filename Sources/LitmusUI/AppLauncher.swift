import Foundation

/// How an ``XCUIApplication`` is launched: whatever serves the web app for one launch, given the
/// launch arguments and environment, and how to stop it.
///
/// ```swift
/// let launcher = AppLauncher { arguments, environment in
///     let server = try await MyServer(arguments: arguments).start(port: 0)
///     return LaunchedApp(url: server.url) { await server.stop() }
/// }
/// ```
public struct AppLauncher: Sendable {
    /// Starts one instance of the app.
    public let launch: @Sendable (_ arguments: [String], _ environment: [String: String]) async throws -> LaunchedApp

    /// Creates a launcher from a function that starts the app.
    public init(
        _ launch:
            @escaping @Sendable (_ arguments: [String], _ environment: [String: String]) async throws -> LaunchedApp
    ) {
        self.launch = launch
    }

    /// An app already served at `url` (started elsewhere); launching only opens it.
    public static func url(_ url: URL) -> AppLauncher {
        AppLauncher { _, _ in LaunchedApp(url: url) }
    }
}

/// One running instance of an app: the page to open, and how to stop it.
public struct LaunchedApp: Sendable {
    /// The page the browser opens on launch.
    public let url: URL
    /// Stops the app (called by ``XCUIApplication/terminate()``).
    public let terminate: @Sendable () async -> Void

    /// Creates a launched app; `terminate` defaults to doing nothing.
    public init(url: URL, terminate: @escaping @Sendable () async -> Void = {}) {
        self.url = url
        self.terminate = terminate
    }
}

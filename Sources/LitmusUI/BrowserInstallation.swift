import Foundation

/// Where chromedriver and Chromium are: `LITMUS_CHROMEDRIVER` / `LITMUS_CHROMIUM` when set, else the
/// first match on `PATH`.
struct BrowserInstallation: Sendable, Equatable {
    /// The chromedriver executable.
    let chromedriver: String
    /// The Chromium (or Chrome) executable.
    let chromium: String

    private static let chromiumNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// Finds both executables in `environment`, or throws ``LitmusUIError/browserNotFound(missing:searched:)``.
    static func find(in environment: [String: String] = ProcessInfo.processInfo.environment) throws(LitmusUIError)
        -> BrowserInstallation
    {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let driver = environment["LITMUS_CHROMEDRIVER"].map { [$0] } ?? executables(named: ["chromedriver"], path: path)
        let browser = environment["LITMUS_CHROMIUM"].map { [$0] } ?? executables(named: chromiumNames, path: path)
        let foundDriver = driver.first { FileManager.default.isExecutableFile(atPath: $0) }
        let foundBrowser = browser.first { FileManager.default.isExecutableFile(atPath: $0) }
        var missing: [String] = []
        if foundDriver == nil { missing.append(environment["LITMUS_CHROMEDRIVER"] ?? "chromedriver") }
        if foundBrowser == nil { missing.append(environment["LITMUS_CHROMIUM"] ?? "chromium") }
        guard let foundDriver, let foundBrowser else {
            throw .browserNotFound(missing: missing, searched: environment["LITMUS_CHROMEDRIVER"] == nil ? path : nil)
        }
        return BrowserInstallation(chromedriver: foundDriver, chromium: foundBrowser)
    }

    private static func executables(named names: [String], path: String) -> [String] {
        let folders = path.split(separator: ":").map(String.init)
        return names.flatMap { name in folders.map { "\($0)/\(name)" } }
    }
}

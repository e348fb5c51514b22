import Foundation

/// Why the browser or the app could not be used. Each message names what failed and what to do.
public enum LitmusUIError: Error, Equatable, CustomStringConvertible {
    /// chromedriver or Chromium is not installed (or not where `LITMUS_CHROMEDRIVER` /
    /// `LITMUS_CHROMIUM` say); `searched` is the PATH looked in.
    case browserNotFound(missing: [String], searched: String?)
    /// chromedriver exited or did not answer in time.
    case driverDidNotStart(output: String, timeout: Duration)
    /// A process or system call failed.
    case processFailed(command: String, reason: String)
    /// The app's launcher failed, or the browser could not open the app.
    case launchFailed(reason: String)
    /// The app was used before ``XCUIApplication/launch()`` or after ``XCUIApplication/terminate()``.
    case notLaunched
    /// ``XCUIApplication/typeText(_:)`` was called with nothing focused.
    case noFocusedElement
    /// `typeText` was given a WebDriver key code (U+E000 to U+F8FF, here in hex) that is not one of
    /// ``XCUIKeyboardKey``'s keys.
    case unknownKey(String)
    /// An environment variable of LitmusUI has a value it does not know (`LITMUS_UI_TRACE=yes`).
    case invalidSetting(name: String, value: String, expected: String)

    /// How to install the browser, for messages and docs.
    public static let installAdvice = """
        Install them with `sudo apt-get install -y chromium chromium-driver` (Debian, Ubuntu; scripts/test \
        does this), or `brew install --cask chromium chromedriver` (macOS), or set LITMUS_CHROMEDRIVER and \
        LITMUS_CHROMIUM to their paths. To skip UI tests on purpose, set LITMUS_SKIP_UI=1.
        """

    public var description: String {
        switch self {
        case .browserNotFound(let missing, let searched):
            let place = searched.map { " (searched PATH: \($0))" } ?? ""
            return "LitmusUI runs UI tests in headless Chromium through chromedriver, and "
                + "\(missing.joined(separator: " and ")) \(missing.count == 1 ? "was" : "were") not found\(place). "
                + Self.installAdvice
        case .driverDidNotStart(let output, let timeout):
            return "chromedriver did not become ready within \(timeout)"
                + (output.isEmpty ? "" : "; it printed: \(output)")
                + ". Check that `chromedriver --version` and `chromium --version` run and report the same version."
        case .processFailed(let command, let reason):
            return "\(command) failed: \(reason)."
        case .launchFailed(let reason):
            return "The app could not be launched: \(reason)."
        case .notLaunched:
            return "The app is not running: call `try await app.launch()` first (in setUp)."
        case .noFocusedElement:
            return "typeText found no focused element: tap a text field first, or call typeText on the field."
        case .invalidSetting(let name, let value, let expected):
            return "\(name) is \"\(value)\", which LitmusUI does not know: set it to one of \(expected), or unset it."
        case .unknownKey(let hex):
            return "typeText was given U+\(hex), a key code LitmusUI does not know. It presses the keys of "
                + "XCUIKeyboardKey (\(XCUIKeyboardKey.allCases.map { "\($0)" }.joined(separator: ", "))) and types "
                + "any other character as text: use one of those keys, or the text itself."
        }
    }
}

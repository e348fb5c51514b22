import ExampleLauncher
import LitmusUI
import XCTest

extension XCUIApplication {
    /// The app of seed 000's UI tests: the examples web app on its Calculator screen, served by a
    /// server of its own on a free port, so every launch starts with a new calculator.
    convenience init() {
        self.init(launcher: .example("calculator"))
    }
}

/// Skips the calling test when `LITMUS_SKIP_UI=1` (the only way to skip UI tests on purpose;
/// without a browser they fail, saying how to install one).
func skipIfUITestsAreOptedOut() throws {
    try XCTSkipIf(XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1: UI test skipped")
}

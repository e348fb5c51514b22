import LitmusUI
import Testing

extension Tag {
    /// A test that starts a server and a browser: seconds, not milliseconds.
    @Tag static var endToEnd: Self
}

/// UI tests run unless `LITMUS_SKIP_UI=1` (without a browser they fail, saying how to install one).
let uiTestsEnabled = Testing.ConditionTrait.enabled(
    if: !XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1: UI test skipped")

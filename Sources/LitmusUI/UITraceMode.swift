import Foundation

/// When a UI test's trace is written: a self-contained HTML page with every step the test took (its
/// element, how long it waited), a screenshot after each, the page's DOM at each, its console messages
/// and network requests, and the failure (docs/ui-testing.md, "Traces").
///
/// Set for the whole run with `LITMUS_UI_TRACE=on|off|failure` (`failure` unless set), or for one app
/// with ``XCUIApplication/traceMode``.
public enum UITraceMode: String, Sendable, CaseIterable {
    /// Nothing is recorded.
    case off
    /// Recorded always, written only when the test fails (the default).
    case failure
    /// Recorded and written for every test, passing ones too.
    case on

    /// The mode `LITMUS_UI_TRACE` asks for: `failure` when it is not set. Throws
    /// ``LitmusUIError/invalidSetting(name:value:expected:)`` for any other value, naming it.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LitmusUIError) -> UITraceMode {
        guard let value = environment["LITMUS_UI_TRACE"], !value.isEmpty else { return .failure }
        guard let mode = UITraceMode(rawValue: value.lowercased()) else {
            throw .invalidSetting(
                name: "LITMUS_UI_TRACE", value: value, expected: allCases.map(\.rawValue).joined(separator: ", "))
        }
        return mode
    }
}

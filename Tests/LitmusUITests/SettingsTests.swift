import Testing

@testable import LitmusUI

@Suite("LITMUS_UI_TRACE and LITMUS_UI_RECORD are read, and a value they do not know is refused by name")
struct SettingsTests {
    @Test("Without LITMUS_UI_TRACE, a trace is kept when the test fails")
    func traceDefault() throws {
        #expect(try UITraceMode.fromEnvironment([:]) == .failure)
    }

    @Test("LITMUS_UI_TRACE takes on, off and failure, in any case", arguments: ["on", "OFF", "failure"])
    func traceValues(value: String) throws {
        #expect(try UITraceMode.fromEnvironment(["LITMUS_UI_TRACE": value]).rawValue == value.lowercased())
    }

    @Test("LITMUS_UI_TRACE=1 (its meaning before traces: now LITMUS_UI_PHASES) is refused, naming what it takes")
    func traceRefused() {
        let error = #expect(throws: LitmusUIError.self) { try UITraceMode.fromEnvironment(["LITMUS_UI_TRACE": "1"]) }

        #expect(error == .invalidSetting(name: "LITMUS_UI_TRACE", value: "1", expected: "off, failure, on"))
        #expect(error?.description.contains("set it to one of off, failure, on, or unset it") == true)
    }

    @Test(
        "LITMUS_UI_RECORD: unset records a missing snapshot, 1 records every one, never records none",
        arguments: [(nil, "missing"), ("1", "all"), ("never", "never")] as [(String?, String)])
    func recording(value: String?, expected: String) throws {
        let environment = value.map { ["LITMUS_UI_RECORD": $0] } ?? [:]

        #expect(try "\(SnapshotRecording.fromEnvironment(environment))" == expected)
    }

    @Test("LITMUS_UI_RECORD=yes is refused, naming what it takes")
    func recordingRefused() {
        let error = #expect(throws: LitmusUIError.self) {
            try SnapshotRecording.fromEnvironment(["LITMUS_UI_RECORD": "yes"])
        }

        #expect(
            error == .invalidSetting(name: "LITMUS_UI_RECORD", value: "yes", expected: "1 (or all), missing, never"))
    }
}

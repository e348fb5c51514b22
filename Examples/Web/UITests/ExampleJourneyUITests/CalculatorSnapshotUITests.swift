import Calculator
import ExampleLauncher
import ExamplesWeb
import Foundation
import LitmusUI
import Testing

/// The Calculator's screens against their accessibility snapshots, recorded once with
/// `LITMUS_UI_RECORD=1` and checked in (__Snapshots__/CalculatorSnapshotUITests): what a screen reader
/// finds on each, the display and every key, in one check per screen.
@Suite("The Calculator's screens match their accessibility snapshots", .tags(.endToEnd), .serialized, .uiTrace)
struct CalculatorSnapshotUITests {
    @Test("The first screen: an empty display and the sixteen keys", uiTestsEnabled)
    func firstScreen() async throws {
        try await XCUIApplication.example("calculator").run { sut in
            try await sut.verifyAccessibilitySnapshot(named: "empty")
        }
    }

    @Test("A number being entered: the display shows it", uiTestsEnabled)
    func numberEntered() async throws {
        try await XCUIApplication.example("calculator").run { sut in
            // When
            try await sut.buttons["4"].tap()
            try await sut.buttons["2"].tap()

            // Then
            try await sut.verifyAccessibilitySnapshot(named: "number")
        }
    }

    @Test("A result: 8 ÷ 2 = shows 4", uiTestsEnabled)
    func result() async throws {
        try await XCUIApplication.example("calculator").run { sut in
            // When
            for key in ["8", "÷", "2", "="] { try await sut.buttons[key].tap() }

            // Then
            try await sut.verifyAccessibilitySnapshot(named: "result")
        }
    }

    @Test(
        "A screen whose multiplication key changed fails the first screen's snapshot, naming that key", uiTestsEnabled)
    func mutatedScreen() async throws {
        // Given: the key x labelled × instead, and the first screen's snapshot as checked in
        let decoded = ButtonConfiguration.decoded
        let mutated = ButtonConfiguration(
            labels: decoded.labels.map { $0 == "x" ? "×" : $0 }, columnCount: decoded.columnCount)
        let snapshot = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("__Snapshots__/CalculatorSnapshotUITests/firstScreen.empty.txt"),
            encoding: .utf8)
        let app = XCUIApplication.example(
            "calculator", configuration: ExamplesConfiguration(calculatorButtons: mutated))
        app.timeout = .milliseconds(500)

        try await app.run { sut in
            // When
            let error = await #expect(throws: AccessibilitySnapshotError.self) {
                try await sut.verifyAccessibilitySnapshot(matching: snapshot)
            }

            // Then
            guard case .mismatch(_, _, let expected, let reason, let diff, _) = error else {
                Issue.record("not a mismatch: \(String(describing: error))")
                return
            }
            #expect(expected == #"- button "x""#)
            #expect(reason.hasPrefix(#"the button after - button "6" differs: its name is "×", expected "x""#))
            #expect(diff.contains(#"+     - button "×""#))
        }
    }
}

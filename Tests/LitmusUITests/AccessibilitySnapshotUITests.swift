import Foundation
import Testing

@testable import LitmusUI

@Suite(
    "A page's accessibility tree is checked against a snapshot", .tags(.endToEnd), .serialized, .uiTrace,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct AccessibilitySnapshotUITests {
    private let form = """
        <main aria-label="Settings">
          <h1>Settings</h1>
          <output id="status">3 changes</output>
          <label><input type="checkbox" checked> Dark Mode</label>
          <input aria-label="Name" value="Ann">
          <button disabled>Save</button>
        </main>
        """

    @Test("The page's snapshot is Chromium's tree: roles, names, states and text, one node a line")
    func snapshot() async throws {
        try await page(form).run { (sut: XCUIApplication) async throws in
            #expect(
                try await sut.accessibilitySnapshot() == """
                    - main "Settings":
                      - heading "Settings" [level=1]
                      - status: "3 changes"
                      - checkbox "Dark Mode" [checked]
                      - textbox "Name": "Ann"
                      - button "Save" [disabled]
                    """)
        }
    }

    @Test("A snapshot of some of the nodes, with a regular expression for changing text, matches")
    func partialSnapshot() async throws {
        try await page(form).run { (sut: XCUIApplication) async throws in
            try await sut.verifyAccessibilitySnapshot(
                matching: """
                    - main:
                      - status: /^\\d+ changes$/
                      - button "Save" [disabled]
                    """)
        }
    }

    @Test("A page that comes to match the snapshot is waited for")
    func waitsForPage() async throws {
        let app = page(
            """
            <output id="status">saving</output>
            <script>setTimeout(() => document.getElementById('status').textContent = 'saved', 300);</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            try await sut.verifyAccessibilitySnapshot(matching: #"- status: "saved""#)
        }
    }

    @Test("A page that differs fails, naming the snapshot's first node that differs, with the page's tree")
    func mismatch() async throws {
        try await page(form, timeout: .milliseconds(300)).run { (sut: XCUIApplication) async throws in
            // When
            let error = await #expect(throws: AccessibilitySnapshotError.self) {
                try await sut.verifyAccessibilitySnapshot(
                    matching: """
                        - main "Settings":
                          - heading "Settings"
                          - checkbox "Dark Mode" [checked=false]
                        """)
            }

            // Then
            guard case .mismatch(_, let line, let expected, let reason, let diff, let page) = error else {
                Issue.record("not a mismatch: \(String(describing: error))")
                return
            }
            #expect(line == 3)
            #expect(expected == #"- checkbox "Dark Mode" [checked=false]"#)
            #expect(
                reason
                    == #"the checkbox after - heading "Settings" [level=1] differs: its [checked] is true, expected "false", in `- main "Settings"`"#
            )
            #expect(diff.contains(#"+   - checkbox "Dark Mode" [checked]"#))
            #expect(page.hasPrefix(#"- main "Settings":"#))
        }
    }

    @Test("A missing snapshot is recorded, and the check fails once, saying so")
    func recordsMissing() async throws {
        let path = temporarySnapshotPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await page(form).run { (sut: XCUIApplication) async throws in
            // When
            let error = await #expect(throws: AccessibilitySnapshotError.self) {
                try await sut.verifyAccessibilitySnapshot(at: path, recording: .missing, onCI: false)
            }

            // Then
            #expect(error == .recorded(path: path))
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("- main \"Settings\":\n  - heading"))
        }
    }

    @Test("With CI=true a missing snapshot is not recorded, and the check says how to record it")
    func refusedOnCI() async throws {
        let path = temporarySnapshotPath()
        try await page(form).run { (sut: XCUIApplication) async throws in
            let error = await #expect(throws: AccessibilitySnapshotError.self) {
                try await sut.verifyAccessibilitySnapshot(at: path, recording: .missing, onCI: true)
            }

            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(error?.description.contains("CI=true") == true)
            #expect(error?.description.contains("LITMUS_UI_RECORD=1") == true)
        }
    }

    @Test("LITMUS_UI_RECORD=1 records a snapshot again, and the check passes")
    func recordsAgain() async throws {
        let path = temporarySnapshotPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("- button \"Old\"\n".utf8).write(to: URL(fileURLWithPath: path))
        try await page(form).run { (sut: XCUIApplication) async throws in
            try await sut.verifyAccessibilitySnapshot(at: path, recording: .all, onCI: false)

            #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#"- button "Save" [disabled]"#))
        }
    }

    private func temporarySnapshotPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("litmus-snapshot-\(UUID()).txt").path
    }
}

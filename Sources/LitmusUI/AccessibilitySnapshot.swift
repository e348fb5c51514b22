import Foundation
import LitmusJSON
import LitmusSupport
import LitmusTestReporting

/// When an accessibility snapshot is recorded instead of checked: `LITMUS_UI_RECORD`.
enum SnapshotRecording: Equatable {
    /// Recorded when there is none yet (the test then fails once); checked otherwise. The default.
    case missing
    /// Recorded again every time (`LITMUS_UI_RECORD=1`), and the test passes.
    case all
    /// Never recorded: a missing snapshot fails the test.
    case never

    /// The mode `LITMUS_UI_RECORD` asks for (`1`, `all` or `true`; `missing`; `never`, `0` or `false`).
    static func fromEnvironment(_ environment: [String: String]) throws(LitmusUIError) -> SnapshotRecording {
        switch environment["LITMUS_UI_RECORD"]?.lowercased() {
        case nil, "", "missing": .missing
        case "1", "all", "true": .all
        case "never", "0", "false": .never
        case let value?:
            throw .invalidSetting(name: "LITMUS_UI_RECORD", value: value, expected: "1 (or all), missing, never")
        }
    }
}

extension XCUIApplication {
    /// The page's accessibility tree (Chromium's own) as an accessibility snapshot writes it: one node a
    /// line, its role, name, states and text, children indented below:
    ///
    /// ```
    /// - main "Calculator":
    ///   - status: "8"
    ///   - button "7"
    /// ```
    public func accessibilitySnapshot() async throws -> String {
        try await accessibilityTreeNow().snapshot
    }

    /// Checks the page's accessibility tree (roles, names, states, values and text) against the snapshot
    /// `name` stored beside the test file, in `__Snapshots__/<file>/<test>.<name>.txt`, waiting up to the
    /// app's ``timeout`` for the page to match (as an action waits for its element). Throws an
    /// ``AccessibilitySnapshotError`` that names the first node that differs, with a diff; in the style of
    /// XCUITest's throwing `performAccessibilityAudit()`.
    ///
    /// The snapshot may be cut down to what matters: only the nodes it lists must be there, in order, and a
    /// `/regular expression/` matches text that changes (see docs/ui-testing.md). A missing snapshot is
    /// recorded (the check fails once, so that it is looked at and committed); `LITMUS_UI_RECORD=1` records
    /// every snapshot again (and the check passes), `LITMUS_UI_RECORD=never` none. With `CI=true` nothing is
    /// ever recorded.
    public func verifyAccessibilitySnapshot(
        named name: String, testName: String = #function, filePath: StaticString = #filePath
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        try await verifyAccessibilitySnapshot(
            at: Self.snapshotPath(named: name, testName: testName, filePath: "\(filePath)"),
            recording: try SnapshotRecording.fromEnvironment(environment),
            onCI: ["true", "1"].contains(environment["CI"]?.lowercased()))
    }

    /// Checks the page's accessibility tree against `expected`, a snapshot written in the test, as
    /// ``verifyAccessibilitySnapshot(named:testName:filePath:)`` does with a stored one.
    public func verifyAccessibilitySnapshot(matching expected: String) async throws {
        try await tracing("verifyAccessibilitySnapshot", element: nil) { started in
            try await check(expected, path: "(given in the test)")
            record(started, "verifyAccessibilitySnapshot", detail: "matches")
        }
    }

    /// Where the snapshot `name` of the test `testName` in the file `filePath` is stored.
    static func snapshotPath(named name: String, testName: String, filePath: String) -> String {
        let file = URL(fileURLWithPath: filePath)
        let test = String(testName.prefix { $0 != "(" })
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("\(safe(test)).\(safe(name)).txt").path
    }

    private static func safe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    /// Checks (or records, as `recording` and `onCI` say) the snapshot at `path`.
    func verifyAccessibilitySnapshot(at path: String, recording: SnapshotRecording, onCI: Bool) async throws {
        try await tracing("verifyAccessibilitySnapshot", element: path) { started in
            let exists = FileManager.default.fileExists(atPath: path)
            if recording == .all || (!exists && recording == .missing) {
                if onCI {
                    throw AccessibilitySnapshotError.recordingRefused(
                        path: path, reason: "CI=true: a snapshot recorded where it is checked would check nothing")
                }
                let snapshot = try await accessibilitySnapshot()
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data((snapshot + "\n").utf8).write(to: URL(fileURLWithPath: path))
                record(started, "verifyAccessibilitySnapshot", element: path, detail: "recorded")
                // Recording every snapshot is asked for; a missing one fails once, so that it is looked at.
                if recording == .all { return }
                throw AccessibilitySnapshotError.recorded(path: path)
            }
            guard exists else {
                throw AccessibilitySnapshotError.recordingRefused(path: path, reason: "LITMUS_UI_RECORD=never")
            }
            try await check(try String(contentsOfFile: path, encoding: .utf8), path: path)
            record(started, "verifyAccessibilitySnapshot", element: path, detail: "matches")
        }
    }

    /// Reads the page's tree until it matches the snapshot `expected` (from `path`), after each change of
    /// the page, until the timeout; then throws the mismatch (and attaches the page's snapshot to the Swift
    /// Testing test).
    private func check(_ expected: String, path: String) async throws {
        let template = try AccessibilityTemplate(expected, path: path)
        let session = try session()
        let deadline = ContinuousClock.now + timeout
        while true {
            let page = try await accessibilityTreeNow()
            guard let difference = AccessibilityMatch(template: template, page: page).difference else { return }
            if ContinuousClock.now >= deadline {
                TestReporter.attach(Array((page.snapshot + "\n").utf8), named: "accessibility-snapshot.txt")
                throw AccessibilitySnapshotError.mismatch(
                    path: path, line: difference.line, expected: difference.expected,
                    reason: difference.reason + (difference.parent.map { ", in `\($0)`" } ?? ""),
                    diff: LineDiff.of(expected.trimmingSuffixNewlines, page.snapshot),
                    page: page.snapshot)
            }
            _ = try await retrying {
                try await session.evaluate(
                    "window.__litmus.waitForMutation(\(Self.budget(until: deadline)), done);", waits: true,
                    timeout: callTimeout)
            }
        }
    }

    /// The page's accessibility tree now, from Chromium.
    private func accessibilityTreeNow() async throws -> AccessibilityNode {
        let answer = try await session().devTools(call: "Accessibility.getFullAXTree")
        return AccessibilityNode.tree(fromFullAXTree: answer) ?? AccessibilityNode(role: "document", name: "")
    }
}

extension String {
    fileprivate var trimmingSuffixNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// Why an accessibility snapshot check failed (``XCUIApplication/verifyAccessibilitySnapshot(named:testName:filePath:)``).
public enum AccessibilitySnapshotError: Error, Equatable, CustomStringConvertible {
    /// The page does not match the snapshot at `path` (or given inline): `line` of the snapshot, which
    /// reads `expected`, is the first node that differs, and `reason` says how; `diff` compares the
    /// snapshot with the page's, `page` is the page's snapshot now.
    case mismatch(path: String, line: Int, expected: String, reason: String, diff: String, page: String)
    /// There was no snapshot at `path`: the page's was recorded there (the test fails once, so that it is
    /// looked at and committed).
    case recorded(path: String)
    /// There is no snapshot at `path`, and none was recorded, because of `reason` (`CI=true`,
    /// `LITMUS_UI_RECORD=never`).
    case recordingRefused(path: String, reason: String)
    /// The snapshot at `path` cannot be read: `line` is not a snapshot line, for `reason`.
    case invalidSnapshot(path: String, line: Int, reason: String)

    /// What failed and how to go on: the first node that differs and the diff, or how to record.
    public var description: String {
        switch self {
        case .mismatch(let path, let line, let expected, let reason, let diff, let page):
            let recordAgain =
                path.hasPrefix("/")
                ? "\nIf the page is right, record the snapshot again: LITMUS_UI_RECORD=1 (then check and commit it)."
                : ""
            return "The page does not match the accessibility snapshot \(path): line \(line), `\(expected)`: \(reason)."
                + (diff.isEmpty ? "" : "\nDiff (- snapshot, + page):\n\(diff)")
                + "\nThe page's accessibility snapshot now:\n\(page)" + recordAgain
        case .recorded(let path):
            return "There was no accessibility snapshot at \(path): the page's is recorded there now. Check it "
                + "(cut it down to what matters, put /regular expressions/ where text changes), commit it, and run "
                + "the test again."
        case .recordingRefused(let path, let reason):
            return "There is no accessibility snapshot at \(path), and none was recorded: \(reason). Record it "
                + "where you develop (it is recorded when missing, or every snapshot again with LITMUS_UI_RECORD=1), "
                + "then commit it."
        case .invalidSnapshot(let path, let line, let reason):
            return "The accessibility snapshot \(path) cannot be read: line \(line): \(reason)."
        }
    }
}

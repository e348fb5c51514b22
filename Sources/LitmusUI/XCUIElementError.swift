import Foundation
import LitmusTestReporting

/// An element could not be used: nothing matched, several did, or it never became actionable.
///
/// The message names the element as the test wrote it (`app.buttons["7"]`), what was wrong, the
/// page's accessibility tree, and the path of a screenshot taken at the failure. Inside a Swift
/// Testing test the screenshot and the tree are also attached to the test.
public struct XCUIElementError: Error, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Sendable, Equatable {
        /// No element matched.
        case noMatch
        /// Several elements matched where exactly one was needed.
        case multipleMatches(count: Int, matches: [String])
        /// One element matched but could not be acted on, and why.
        case notActionable(String)
        /// The action was made, but the page it started did not settle: still busy or still navigating.
        case notSettled(String)
    }

    /// The element, as the test wrote it.
    public let element: String
    /// The action that failed (`tap`, `typeText`, `read`).
    public let action: String
    /// What was wrong.
    public let problem: Problem
    /// How long the action waited.
    public let timeout: Duration
    /// The page's accessibility tree at the failure.
    public let accessibilityTree: String
    /// Where the screenshot taken at the failure was saved, if it could be.
    public let screenshotPath: String?

    public var description: String {
        let what: String
        switch problem {
        case .noMatch:
            what =
                "no element matches it. Check the query against the tree below (a subscript matches an "
                + "identifier, label, title, value or placeholder exactly)."
        case .multipleMatches(let count, let matches):
            what =
                "\(count) elements match it, and it must be exactly one: "
                + matches.joined(separator: "; ")
                + ". Narrow the query, or use .firstMatch or .element(boundBy:)."
        case .notActionable(let reason):
            what = "it is not actionable: \(reason)."
        case .notSettled(let reason):
            what =
                "the \(action) was made, but \(reason). The page must clear aria-busy on <html> and <body> "
                + "when it has updated itself, and a navigation must reach the next page."
        }
        return "\(action) \(element) failed after waiting \(timeout): \(what)"
            + (screenshotPath.map { "\nScreenshot: \($0)" } ?? "")
            + "\nAccessibility tree:\n\(accessibilityTree)"
    }

    static func make(element: String, action: String, problem: Problem, timeout: Duration, app: XCUIApplication) async
        -> XCUIElementError
    {
        let tree = (try? await app.accessibilityTree()) ?? "(the page could not be read)"
        let png = try? await app.screenshot().pngRepresentation
        let path = png.flatMap { FailureEvidence.save($0, for: element) }
        FailureEvidence.attach(screenshot: png, tree: tree)
        return XCUIElementError(
            element: element, action: action, problem: problem, timeout: timeout, accessibilityTree: tree,
            screenshotPath: path)
    }
}

/// Keeps what a failure looked like: a PNG in `LITMUS_UI_ARTIFACTS` (default: the temporary
/// folder's `litmus-ui-failures`), and attachments of the current Swift Testing test.
enum FailureEvidence {
    static func save(_ png: Data, for element: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            environment["LITMUS_UI_ARTIFACTS"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("litmus-ui-failures").path
        let safe = String(element.map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(60))
        let path = folder + "/\(Int(Date().timeIntervalSince1970 * 1000))-\(safe).png"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try png.write(to: URL(fileURLWithPath: path))
            return path
        } catch {
            return nil
        }
    }

    static func attach(screenshot: Data?, tree: String) {
        if let screenshot { TestReporter.attach([UInt8](screenshot), named: "screenshot.png") }
        TestReporter.attach(Array(tree.utf8), named: "accessibility-tree.txt")
    }
}

import Foundation
import LitmusJSON

/// An element could not be used: nothing matched, several did, or it never became actionable.
///
/// The message names the element as the test wrote it (`app.buttons["7"]`), what was wrong, the
/// page's accessibility tree, the path of a screenshot taken at the failure and that of the UI trace
/// (``UITraceMode``). Inside a Swift Testing test the screenshot, the tree and the trace are also
/// attached to the test.
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
    /// Where the UI trace of the test up to the failure was written (nil with ``UITraceMode/off``).
    public let tracePath: String?

    /// What failed and why, in one sentence (the description without the screenshot, trace and tree).
    public var summary: String {
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
    }

    public var description: String {
        summary
            + (screenshotPath.map { "\nScreenshot: \($0)" } ?? "")
            + (tracePath.map { "\nTrace: \($0)" } ?? "")
            + "\nAccessibility tree:\n\(accessibilityTree)"
    }

    /// The error of `action` on `element`, begun at `started`, with the evidence: the page's tree and a
    /// screenshot now, and the trace with this failure as its last step (`query` marks the element's matches).
    static func make(
        element: String, action: String, problem: Problem, timeout: Duration, app: XCUIApplication,
        started: TraceRecorder.Start? = nil, query: JSONValue? = nil
    ) async -> XCUIElementError {
        let tree = (try? await app.accessibilityTree()) ?? "(the page could not be read)"
        await app.recorder?.awaitScreenshots()  // one in progress emulates a smaller screen
        let png = try? await app.screenshot().pngRepresentation
        let path = png.flatMap { FailureEvidence.save($0, for: element) }
        FailureEvidence.attach(screenshot: png, tree: tree)
        func error(trace: String?) -> XCUIElementError {
            XCUIElementError(
                element: element, action: action, problem: problem, timeout: timeout, accessibilityTree: tree,
                screenshotPath: path, tracePath: trace)
        }
        let trace = await app.recordFailure(
            started, action, element: element, message: error(trace: nil).summary, query: query, screenshot: png)
        return error(trace: trace)
    }
}

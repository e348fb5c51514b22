import Foundation
import LitmusJSON

/// What every page-script call of an app and its elements shares: retrying a call that a navigation
/// cut off, the budget of an in-page wait, and waiting for what an action started to settle.
extension XCUIApplication {
    /// Runs `body` as the step `kind` of the trace on `element`: `body` is given when the step began (nil
    /// when nothing is recorded) and records it; an error it throws other than an ``XCUIElementError``
    /// (recorded where it is made) is recorded as the step's failure.
    func tracing<Value>(
        _ kind: String, element: String?, _ body: (TraceRecorder.Start?) async throws -> Value
    ) async throws -> Value {
        let started = recorder?.begin()
        do {
            return try await body(started)
        } catch {
            recordThrown(error, started, kind, element: element)
            throw error
        }
    }

    /// Runs a page script again when the page was replaced while it ran (a navigation unloads it).
    func retrying(_ body: () async throws -> JSONValue) async throws -> JSONValue {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                return try await body()
            } catch let error as any BrowserCommandError where error.isRetryable && ContinuousClock.now < deadline {
                continue
            }
        }
    }

    /// Milliseconds an in-page wait may take: until the deadline, at most a second, so a wait notices a
    /// navigation (which ends the page's script) within a second.
    static func budget(until deadline: ContinuousClock.Instant) -> Int {
        Int(max(0, min(1000, (deadline - ContinuousClock.now).inMilliseconds)))
    }

    /// Waits, after `action` on `element` in the document `page`, until a navigation the action started
    /// (a tap on a link, a Return in a form) has brought the next document, and the page is no longer
    /// busy, so what a test reads next is the action's result (chromedriver does not always wait). Returns
    /// the last page-script call's result: with the page as it settled, for a trace (`["trace"]`).
    @discardableResult
    func settle(
        after action: String, of element: String, fromPage page: String, until deadline: ContinuousClock.Instant,
        started: TraceRecorder.Start? = nil
    ) async throws -> JSONValue {
        let session = try session()
        var status: String?
        let traced = recorder != nil
        repeat {
            let value = try await retrying {
                try await session.evaluate(
                    "window.__litmus.afterAction(arguments[0], \(Self.budget(until: deadline)), done, \(traced));",
                    .string(page), waits: true, timeout: callTimeout)
            }
            status = value["status"].string
            if !["waiting", "busy"].contains(status) { return value }
        } while ContinuousClock.now < deadline
        let reason =
            status == "busy"
            ? "the page was still updating itself (aria-busy=\"true\")"
            : "the navigation it started did not arrive"
        throw await XCUIElementError.make(
            element: element, action: action, problem: .notSettled(reason), timeout: timeout, app: self,
            started: started)
    }
}

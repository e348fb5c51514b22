import Foundation
import LitmusJSON
import LitmusSupport

/// An element of the page, found by its query every time it is used, as in XCUITest.
///
/// ``exists``, ``XCUIElementQuery/count`` and the other properties read the page as it is now. Actions (``tap()``,
/// ``typeText(_:)``, ``clearText()``) wait up to the app's ``XCUIApplication/timeout`` until exactly
/// one element matches and it is visible, enabled, stable (the same place in two frames) and
/// hit-testable (nothing covers its centre), and query again when the page changed under them.
/// A failure throws an ``XCUIElementError`` that names the query and what was wrong, with the page's
/// accessibility tree and a screenshot (attached to the running Swift Testing test, and saved to a
/// file named in the message).
public struct XCUIElement: Sendable, XCUIElementTypeQueryProvider, CustomStringConvertible {
    enum Pick: Sendable, Equatable {
        case only
        case first
        case index(Int)
    }

    let query: XCUIElementQuery
    let pick: Pick
    /// How the element reads in Swift: `app.buttons["7"]`.
    public let description: String

    init(query: XCUIElementQuery, pick: Pick, description: String) {
        self.query = query
        self.pick = pick
        self.description = description
    }

    /// The descendants of this element that are of `type`.
    public func descendants(matching type: XCUIElementType) -> XCUIElementQuery {
        var steps = query.steps
        steps.append(.init(kind: .descendants, type: type, identifier: nil))
        return XCUIElementQuery(app: query.app, steps: steps, description: description + typeAccessor(type))
    }

    // MARK: State, read now

    /// Whether an element matches now (for ``XCUIElementQuery/element``: at least one). Instant.
    public var exists: Bool {
        get async throws {
            try await query.app.tracing("exists", element: description) { started in
                let (count, result) = try await query.matches()
                let exists = if case .index(let index) = pick { index < count } else { count > 0 }
                query.app.record(started, "exists", element: description, detail: "\(exists)", result: result)
                return exists
            }
        }
    }

    /// Whether a tap would reach the element now: it is on screen and nothing covers its centre.
    public var isHittable: Bool { get async throws { try await snapshot().hittable } }
    /// Whether the element is enabled (not `disabled`, `aria-disabled` or in a disabled fieldset).
    public var isEnabled: Bool { get async throws { try await snapshot().enabled } }
    /// The accessible label: `aria-label`, the associated `<label>`, `alt`, or the text.
    public var label: String { get async throws { try await snapshot().label } }
    /// The value: a field's text (its placeholder when empty, as in XCUITest), `"1"`/`"0"` for a switch.
    public var value: String? { get async throws { try await snapshot().value } }
    /// The identifier: `data-testid`, else `id`.
    public var identifier: String { get async throws { try await snapshot().identifier } }
    /// The `title` attribute.
    public var title: String { get async throws { try await snapshot().title } }
    /// The `placeholder` attribute.
    public var placeholderValue: String { get async throws { try await snapshot().placeholderValue } }
    /// The element's type.
    public var elementType: XCUIElementType { get async throws { try await snapshot().elementType } }

    /// The element's attributes, read at once. Waits (up to the app's timeout) for the element to
    /// exist, so reading a label right after an action does not race the page.
    public func snapshot() async throws -> XCUIElementSnapshot {
        try await query.app.tracing("read", element: description) { started in
            let session = try query.app.session()
            let deadline = ContinuousClock.now + query.app.timeout
            var last = JSONValue.null
            repeat {
                last = try await query.app.retrying {
                    try await session.evaluate(
                        "return window.__litmus.snapshot(arguments[0]);", query.json(pick), waits: false,
                        timeout: query.app.callTimeout)
                }
                if last["status"].string == "ok" {
                    let snapshot = XCUIElementSnapshot(last)
                    query.app.record(started, "read", element: description, detail: snapshot.summary, result: last)
                    return snapshot
                }
                if last["status"].string == "multiple" { break }
                _ = try await waitForCount(atLeastOne: true, until: deadline)
            } while ContinuousClock.now < deadline
            throw await failure(for: last, action: "read", started: started)
        }
    }

    // MARK: Waiting

    /// Waits until the element exists; false if it does not within `timeout` seconds.
    public func waitForExistence(timeout: TimeInterval) async throws -> Bool {
        try await waitForCount(atLeastOne: true, until: ContinuousClock.now + .seconds(timeout), recordingAs: timeout)
    }

    /// Waits until the element no longer exists; false if it still does after `timeout` seconds.
    public func waitForNonExistence(timeout: TimeInterval) async throws -> Bool {
        try await waitForCount(atLeastOne: false, until: ContinuousClock.now + .seconds(timeout), recordingAs: timeout)
    }

    /// Waits until `condition` holds for the element's attributes, reading them again after each
    /// change of the page; false if it does not hold within `timeout` seconds.
    public func wait(
        until condition: @Sendable (XCUIElementSnapshot) -> Bool, timeout: TimeInterval
    ) async throws -> Bool {
        let kind = "wait(until:timeout: \(timeout))"
        return try await query.app.tracing(kind, element: description) { started in
            let session = try query.app.session()
            let deadline = ContinuousClock.now + .seconds(timeout)
            var previous = ""
            var value = JSONValue.null
            var holds = false
            repeat {
                var arguments = query.json(pick)
                if case .object(var fields) = arguments {
                    fields["previous"] = .string(previous)
                    arguments = .object(fields)
                }
                value = try await query.app.retrying {
                    try await session.evaluate(
                        "window.__litmus.waitForChange(arguments[0], \(XCUIApplication.budget(until: deadline)), done);",
                        arguments,
                        waits: true, timeout: query.app.callTimeout)
                }
                holds = value["status"].string == "ok" && condition(XCUIElementSnapshot(value))
                previous = value["json"].string ?? ""
            } while !holds && ContinuousClock.now < deadline
            query.app.record(started, kind, element: description, detail: "\(holds)", result: value)
            return holds
        }
    }

    // MARK: Actions

    /// Taps (clicks) the element once it is actionable: presses and releases the mouse at its centre.
    public func tap() async throws {
        try await act("tap", target: .point) { session, point in try await session.tap(atX: point.x, y: point.y) }
    }

    /// Types `text` into the element once it is actionable and editable: focuses it (the caret after its
    /// text, unless it had the focus already) and presses a key for each character, as a person would
    /// (``XCUIKeyboardKey`` values may be part of it: `typeText("Phish" + XCUIKeyboardKey.return.rawValue)`).
    /// Like `tap()`, it returns when what the keys started has settled (a Return that submits a form
    /// has brought the next page).
    public func typeText(_ text: String) async throws {
        let keys = try KeyEvents.commands(typing: text)
        try await act("typeText", typing: text, target: .focused) { session, _ in try await session.press(keys) }
    }

    /// Empties a text field as WebDriver's clear does: sets its value to nothing, fires `input` and
    /// `change`, and takes the focus away (XCUITest has no such call; tests there type delete keys).
    public func clearText() async throws {
        try await act("clearText", target: .cleared) { _, _ in }
    }

    /// A screenshot of the page with the element scrolled into view.
    public func screenshot() async throws -> XCUIScreenshot {
        try await query.app.screenshot()
    }

    // MARK: Implementation

    /// Waits until the element is actionable, then runs `action` with what `target` reads of it. `typing`
    /// is the text typed, for the trace (bullets in a secure text field).
    private func act<Target>(
        _ name: String, typing: String? = nil, target: ActionTarget<Target>,
        _ action: (BrowserSession, Target) async throws -> Void
    ) async throws {
        try await query.app.tracing(name, element: description) { started in
            let session = try query.app.session()
            let deadline = ContinuousClock.now + query.app.timeout
            var last = JSONValue.null
            var phases = ActionPhases(name)
            let then = target.inPage.map { "'\($0)'" } ?? "null"
            repeat {
                last = try await query.app.retrying {
                    try await session.evaluate(
                        "window.__litmus.waitForActionable(arguments[0], \(XCUIApplication.budget(until: deadline)), done, \(then));",
                        query.json(pick), waits: true, timeout: query.app.callTimeout)
                }
                guard last["status"].string == "ok", let found = target.read(last) else {
                    if last["status"].string == "multiple" { break }
                    continue
                }
                do {
                    phases.end("actionable")
                    try await action(session, found)
                    phases.end("input")
                    var after = JSONValue.null
                    if let page = last["page"].string {
                        after = try await query.app.settle(
                            after: name, of: description, fromPage: page, until: deadline, started: started)
                        phases.end("settle")
                    }
                    phases.write()
                    let secure = last["description"].string?.hasPrefix("SecureTextField") == true
                    let detail = typing.map { secure ? String(repeating: "\u{2022}", count: $0.count) : $0 }
                    query.app.record(
                        started, name, element: description, detail: detail, phases: phases.phases, result: last,
                        after: after)
                    return
                } catch let error as any BrowserCommandError where error.isRetryable {
                    last = ["status": "retrying", "reason": .string("\(error)")]
                }
            } while ContinuousClock.now < deadline
            throw await failure(for: last, action: name, started: started)
        }
    }

    /// Waits until the element exists (or, with `atLeastOne` false, no longer does) until `deadline`;
    /// recorded in the trace as `waitFor(Non)Existence(timeout: recordingAs)` when given.
    private func waitForCount(
        atLeastOne: Bool, until deadline: ContinuousClock.Instant, recordingAs timeout: TimeInterval? = nil
    ) async throws -> Bool {
        let kind = "\(atLeastOne ? "waitForExistence" : "waitForNonExistence")(timeout: \(timeout ?? 0))"
        let wait: (TraceRecorder.Start?) async throws -> Bool = { started in
            let session = try query.app.session()
            var value = JSONValue.null
            var done = false
            repeat {
                value = try await query.app.retrying {
                    try await session.evaluate(
                        "window.__litmus.waitForCount(arguments[0], \(atLeastOne), \(XCUIApplication.budget(until: deadline)), done);",
                        query.json(pick, traced: timeout != nil), waits: true, timeout: query.app.callTimeout)
                }
                let count = Int(value["count"].number ?? 0)
                let exists = if case .index(let index) = pick { index < count } else { count > 0 }
                done = exists == atLeastOne
            } while !done && ContinuousClock.now < deadline
            query.app.record(started, kind, element: description, detail: "\(done)", result: value)
            return done
        }
        // Within a read, the wait is part of that step.
        guard timeout != nil else { return try await wait(nil) }
        return try await query.app.tracing(kind, element: description, wait)
    }

    private func failure(for result: JSONValue, action: String, started: TraceRecorder.Start?) async
        -> XCUIElementError
    {
        let problem: XCUIElementError.Problem
        switch result["status"].string {
        case "none", nil:
            problem = .noMatch
        case "multiple":
            problem = .multipleMatches(
                count: Int(result["count"].number ?? 0), matches: result["matches"].array?.compactMap(\.string) ?? [])
        case "disabled":
            problem = .notActionable("it is disabled: " + (result["description"].string ?? ""))
        case "notVisible":
            problem = .notActionable("it is not visible (it has no size)")
        case "unstable":
            problem = .notActionable("it kept moving")
        case "obscured":
            problem = .notActionable(result["reason"].string ?? "it is covered")
        default:
            problem = .notActionable(result["reason"].string ?? result["message"].string ?? "\(result)")
        }
        return await XCUIElementError.make(
            element: description, action: action, problem: problem, timeout: query.app.timeout, app: query.app,
            started: started, query: query.json(pick))
    }
}

/// What an action needs of its actionable element, all found by one page-script call over DevTools:
/// what the page does to it in the frame it is found actionable (`inPage`: nothing, `focus` it for
/// typing, `clear` it), and what the action reads of the result.
private struct ActionTarget<Value> {
    let inPage: String?
    let read: (JSONValue) -> Value?
}

/// A point of the viewport, in whole CSS pixels.
private struct ViewportPoint {
    let x: Int
    let y: Int
}

extension ActionTarget where Value == ViewportPoint {
    /// The centre of the element's box, where the page's hit test checked a tap lands.
    static var point: Self {
        Self(inPage: nil) { result in
            result["x"].number.flatMap { x in result["y"].number.map { ViewportPoint(x: Int(x), y: Int($0)) } }
        }
    }
}

extension ActionTarget where Value == Void {
    /// The element has the keyboard focus, for typing.
    static var focused: Self { Self(inPage: "focus") { _ in () } }
    /// The element has been emptied.
    static var cleared: Self { Self(inPage: "clear") { _ in () } }
}

/// An element's attributes, read at one moment.
public struct XCUIElementSnapshot: Sendable, Equatable {
    /// The element's type.
    public let elementType: XCUIElementType
    /// `data-testid`, else `id`.
    public let identifier: String
    /// The accessible label.
    public let label: String
    /// The value (see ``XCUIElement/value``).
    public let value: String?
    /// The `title` attribute.
    public let title: String
    /// The `placeholder` attribute.
    public let placeholderValue: String
    /// Whether the element is enabled.
    public let enabled: Bool
    /// Whether a tap would reach it.
    public let hittable: Bool

    /// The label and value, as a UI trace shows what a read found.
    var summary: String {
        "label: \(label)" + (value.map { ", value: \($0)" } ?? "")
    }

    init(_ json: JSONValue) {
        elementType = json["type"].string.flatMap(XCUIElementType.init(rawValue:)) ?? .other
        identifier = json["identifier"].string ?? ""
        label = json["label"].string ?? ""
        value = json["value"].string
        title = json["title"].string ?? ""
        placeholderValue = json["placeholder"].string ?? ""
        enabled = json["enabled"].bool ?? true
        hittable = json["hittable"].bool ?? false
    }
}

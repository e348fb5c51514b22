import Foundation
import LitmusJSON
import LitmusSupport

/// An element of the page, found by its query every time it is used, as in XCUITest.
///
/// ``exists``, ``count`` and the other properties read the page as it is now. Actions (``tap()``,
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
            let count = try await query.count
            if case .index(let index) = pick { return index < count }
            return count > 0
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
        let session = try query.app.session()
        let deadline = ContinuousClock.now + query.app.timeout
        var last = JSONValue.null
        repeat {
            last = try await retrying {
                try await session.evaluate(
                    "return window.__litmus.snapshot(arguments[0]);", query.json(pick), waits: false,
                    timeout: query.app.callTimeout)
            }
            if last["status"].string == "ok" { return XCUIElementSnapshot(last) }
            if last["status"].string == "multiple" { break }
            _ = try await waitForCount(atLeastOne: true, until: deadline)
        } while ContinuousClock.now < deadline
        throw await failure(for: last, action: "read")
    }

    // MARK: Waiting

    /// Waits until the element exists; false if it does not within `timeout` seconds.
    public func waitForExistence(timeout: TimeInterval) async throws -> Bool {
        try await waitForCount(atLeastOne: true, until: ContinuousClock.now + .seconds(timeout))
    }

    /// Waits until the element no longer exists; false if it still does after `timeout` seconds.
    public func waitForNonExistence(timeout: TimeInterval) async throws -> Bool {
        try await waitForCount(atLeastOne: false, until: ContinuousClock.now + .seconds(timeout))
    }

    /// Waits until `condition` holds for the element's attributes, reading them again after each
    /// change of the page; false if it does not hold within `timeout` seconds.
    public func wait(
        until condition: @Sendable (XCUIElementSnapshot) -> Bool, timeout: TimeInterval
    ) async throws -> Bool {
        let session = try query.app.session()
        let deadline = ContinuousClock.now + .seconds(timeout)
        var previous = ""
        repeat {
            var arguments = query.json(pick)
            if case .object(var fields) = arguments {
                fields["previous"] = .string(previous)
                arguments = .object(fields)
            }
            let value = try await retrying {
                try await session.evaluate(
                    "window.__litmus.waitForChange(arguments[0], \(Self.budget(until: deadline)), done);", arguments,
                    waits: true, timeout: query.app.callTimeout)
            }
            if value["status"].string == "ok", condition(XCUIElementSnapshot(value)) { return true }
            previous = value["json"].string ?? ""
        } while ContinuousClock.now < deadline
        return false
    }

    // MARK: Actions

    /// Taps (clicks) the element once it is actionable: presses and releases the mouse at its centre.
    public func tap() async throws {
        try await act("tap", target: .point) { session, point in try await session.tap(atX: point.x, y: point.y) }
    }

    /// Waits, after a tap in the document `page`, until a navigation the tap started has brought the
    /// next document, so what a test reads next is the new page (chromedriver does not always wait).
    private func awaitNavigation(
        fromPage page: String, session: BrowserSession, until deadline: ContinuousClock.Instant
    )
        async throws
    {
        var status: String?
        repeat {
            let value = try await retrying {
                try await session.evaluate(
                    "window.__litmus.afterTap(arguments[0], \(Self.budget(until: deadline)), done);", .string(page),
                    waits: true, timeout: query.app.callTimeout)
            }
            status = value["status"].string
            if !["waiting", "busy"].contains(status) { return }
        } while ContinuousClock.now < deadline
        let reason =
            status == "busy"
            ? "the page was still updating itself (aria-busy=\"true\")"
            : "the navigation it started did not arrive"
        throw await XCUIElementError.make(
            element: description, action: "tap", problem: .notSettled(reason), timeout: query.app.timeout,
            app: query.app)
    }

    /// Types `text` into the element (focusing it first). ``XCUIKeyboardKey`` values may be part of it.
    public func typeText(_ text: String) async throws {
        try await act("typeText", target: .elementID) { session, element in
            try await session.type(text, into: element)
        }
    }

    /// Empties a text field (XCUITest has no such call; tests there type delete keys).
    public func clearText() async throws {
        try await act("clearText", target: .elementID) { session, element in try await session.clear(element) }
    }

    /// A screenshot of the page with the element scrolled into view.
    public func screenshot() async throws -> XCUIScreenshot {
        try await query.app.screenshot()
    }

    // MARK: Implementation

    /// Waits until the element is actionable, then runs `action` with what `target` reads of it.
    private func act<Target>(
        _ name: String, target: ActionTarget<Target>, _ action: (BrowserSession, Target) async throws -> Void
    ) async throws {
        let session = try query.app.session()
        let deadline = ContinuousClock.now + query.app.timeout
        var last = JSONValue.null
        var trace = PhaseTrace(name)
        repeat {
            last = try await retrying {
                let body = "window.__litmus.waitForActionable(arguments[0], \(Self.budget(until: deadline)), done);"
                return try await target.needsElementID
                    ? session.executeAsync(body, query.json(pick))
                    : session.evaluate(body, query.json(pick), waits: true, timeout: query.app.callTimeout)
            }
            guard last["status"].string == "ok", let found = target.read(last) else {
                if last["status"].string == "multiple" { break }
                continue
            }
            do {
                trace.end("actionable")
                try await action(session, found)
                trace.end("input")
                if name == "tap", let page = last["page"].string {
                    try await awaitNavigation(fromPage: page, session: session, until: deadline)
                    trace.end("settle")
                }
                trace.write()
                return
            } catch let error as any BrowserCommandError where error.isRetryable {
                last = ["status": "retrying", "reason": .string("\(error)")]
            }
        } while ContinuousClock.now < deadline
        throw await failure(for: last, action: name)
    }

    private func waitForCount(atLeastOne: Bool, until deadline: ContinuousClock.Instant) async throws -> Bool {
        let session = try query.app.session()
        repeat {
            let value = try await retrying {
                try await session.evaluate(
                    "window.__litmus.waitForCount(arguments[0], \(atLeastOne), \(Self.budget(until: deadline)), done);",
                    query.json(pick), waits: true, timeout: query.app.callTimeout)
            }
            let count = Int(value["count"].number ?? 0)
            let exists = if case .index(let index) = pick { index < count } else { count > 0 }
            if exists == atLeastOne { return true }
        } while ContinuousClock.now < deadline
        return false
    }

    /// Runs a page script again when the page was replaced while it ran (a navigation unloads it).
    private func retrying(_ body: () async throws -> JSONValue) async throws -> JSONValue {
        let deadline = ContinuousClock.now + query.app.timeout
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
    private static func budget(until deadline: ContinuousClock.Instant) -> Int {
        Int(max(0, min(1000, (deadline - ContinuousClock.now).inMilliseconds)))
    }

    private func failure(for result: JSONValue, action: String) async -> XCUIElementError {
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
            element: description, action: action, problem: problem, timeout: query.app.timeout, app: query.app)
    }
}

/// What an action needs of its actionable element, and where the actionability check runs: a tap
/// needs only the point to press (the check runs straight over DevTools), typing needs WebDriver's
/// element id (the check runs through chromedriver, which returns elements as ids).
private struct ActionTarget<Value> {
    let needsElementID: Bool
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
        Self(needsElementID: false) { result in
            result["x"].number.flatMap { x in result["y"].number.map { ViewportPoint(x: Int(x), y: Int($0)) } }
        }
    }
}

extension ActionTarget where Value == String {
    /// WebDriver's id of the element.
    static var elementID: Self { Self(needsElementID: true) { $0["element"].elementID } }
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

import LitmusJSON

/// A query for elements, as in XCUITest: built from an app or an element (`app.buttons`,
/// `app.otherElements["keys"].buttons`), resolved in the page every time it is used, so it never
/// holds a stale element.
public struct XCUIElementQuery: Sendable, XCUIElementTypeQueryProvider, CustomStringConvertible {
    struct Step: Sendable, Equatable {
        enum Kind: String, Sendable { case descendants, children, filter, containing }
        let kind: Kind
        let type: XCUIElementType
        let identifier: String?
    }

    let app: XCUIApplication
    let steps: [Step]
    /// How the query reads in Swift, for failure messages: `app.buttons["7"]`.
    public let description: String

    init(app: XCUIApplication, steps: [Step], description: String) {
        self.app = app
        self.steps = steps
        self.description = description
    }

    /// The one element matching `identifier`, as XCUITest matches it: equal to the element's
    /// identifier, label, title, value or placeholder.
    public subscript(identifier: String) -> XCUIElement {
        matching(identifier: identifier).element
    }

    /// Only the elements matching `identifier` (identifier, label, title, value or placeholder).
    public func matching(identifier: String) -> XCUIElementQuery {
        adding(.init(kind: .filter, type: .any, identifier: identifier), "[\(quoted(identifier))]")
    }

    /// Only the elements of `elementType` matching `identifier`.
    public func matching(_ elementType: XCUIElementType, identifier: String?) -> XCUIElementQuery {
        adding(
            .init(kind: .filter, type: elementType, identifier: identifier),
            ".matching(.\(elementType), identifier: \(identifier.map(quoted) ?? "nil"))")
    }

    /// Only the elements that contain an element of `elementType` matching `identifier`.
    public func containing(_ elementType: XCUIElementType, identifier: String?) -> XCUIElementQuery {
        adding(
            .init(kind: .containing, type: elementType, identifier: identifier),
            ".containing(.\(elementType), identifier: \(identifier.map(quoted) ?? "nil"))")
    }

    /// The descendants of every matched element that are of `type`.
    public func descendants(matching type: XCUIElementType) -> XCUIElementQuery {
        adding(.init(kind: .descendants, type: type, identifier: nil), typeAccessor(type))
    }

    /// The children of every matched element that are of `type`.
    public func children(matching type: XCUIElementType) -> XCUIElementQuery {
        adding(.init(kind: .children, type: type, identifier: nil), ".children(matching: .\(type))")
    }

    /// The one element the query matches; using it when none or several match fails, naming them.
    public var element: XCUIElement { XCUIElement(query: self, pick: .only, description: description) }

    /// The first element the query matches, in document order.
    public var firstMatch: XCUIElement {
        XCUIElement(query: self, pick: .first, description: description + ".firstMatch")
    }

    /// The element at `index` among the matches, in document order.
    public func element(boundBy index: Int) -> XCUIElement {
        XCUIElement(query: self, pick: .index(index), description: description + ".element(boundBy: \(index))")
    }

    /// How many elements match now (no waiting, as in XCUITest).
    public var count: Int {
        get async throws {
            try await app.tracing("count", element: description) { started in
                let (count, result) = try await matches()
                app.record(started, "count", element: description, detail: "\(count)", result: result)
                return count
            }
        }
    }

    /// How many elements match now, and the page-script call's result (with the page marked for a trace).
    func matches() async throws -> (count: Int, result: JSONValue) {
        let value = try await app.session().evaluate(
            "return window.__litmus.count(arguments[0]);", json(.first), waits: false, timeout: app.callTimeout)
        return (Int(value.number ?? value["count"].number ?? 0), value)
    }

    /// Every element matching now, each bound to its index.
    public var allElementsBoundByIndex: [XCUIElement] {
        get async throws { (0..<(try await count)).map(element(boundBy:)) }
    }

    /// The query as the page script takes it, asking it to capture the page for the trace when the app
    /// records one (and `traced`).
    func json(_ pick: XCUIElement.Pick, traced: Bool = true) -> JSONValue {
        var query: [String: JSONValue] = [
            "steps": .array(
                steps.map { step in
                    var fields: [String: JSONValue] = [
                        "kind": .string(step.kind.rawValue), "type": .string(step.type.rawValue),
                    ]
                    if let identifier = step.identifier { fields["identifier"] = .string(identifier) }
                    return .object(fields)
                })
        ]
        switch pick {
        case .only: query["pick"] = "only"
        case .first: query["pick"] = "first"
        case .index(let index):
            query["pick"] = "index"
            query["index"] = .number(Double(index))
        }
        if traced && app.recorder != nil { query["trace"] = true }
        return .object(query)
    }

    private func adding(_ step: Step, _ text: String) -> XCUIElementQuery {
        XCUIElementQuery(app: app, steps: steps + [step], description: description + text)
    }
}

/// The queries for each element type, on an app, an element or a query, as in XCUITest.
public protocol XCUIElementTypeQueryProvider {
    /// Descendants of the given type.
    func descendants(matching type: XCUIElementType) -> XCUIElementQuery
}

extension XCUIElementTypeQueryProvider {
    /// Buttons: `<button>`, submit inputs, role `button`.
    public var buttons: XCUIElementQuery { descendants(matching: .button) }
    /// Static texts: `<output>` and text elements (see ``XCUIElementType``).
    public var staticTexts: XCUIElementQuery { descendants(matching: .staticText) }
    /// Text fields: text inputs and text areas.
    public var textFields: XCUIElementQuery { descendants(matching: .textField) }
    /// Secure text fields: password inputs.
    public var secureTextFields: XCUIElementQuery { descendants(matching: .secureTextField) }
    /// Switches: checkboxes and role `switch`.
    public var switches: XCUIElementQuery { descendants(matching: .switch) }
    /// Links: `<a href>`.
    public var links: XCUIElementQuery { descendants(matching: .link) }
    /// Images: `<img>`, role `img`.
    public var images: XCUIElementQuery { descendants(matching: .image) }
    /// Tables: `<table>`, `<ul>`, `<ol>`, roles `table`, `grid`, `list`.
    public var tables: XCUIElementQuery { descendants(matching: .table) }
    /// Cells: `<tr>`, `<li>`, roles `row`, `listitem`.
    public var cells: XCUIElementQuery { descendants(matching: .cell) }
    /// Alerts: `<dialog>`, roles `dialog`, `alertdialog`, `alert`.
    public var alerts: XCUIElementQuery { descendants(matching: .alert) }
    /// Other elements: landmarks and elements with an `id`, `data-testid` or `aria-label`.
    public var otherElements: XCUIElementQuery { descendants(matching: .other) }
}

func typeAccessor(_ type: XCUIElementType) -> String {
    switch type {
    case .button: ".buttons"
    case .staticText: ".staticTexts"
    case .textField: ".textFields"
    case .secureTextField: ".secureTextFields"
    case .switch: ".switches"
    case .link: ".links"
    case .image: ".images"
    case .table: ".tables"
    case .cell: ".cells"
    case .alert: ".alerts"
    case .other: ".otherElements"
    case .any, .application: ".descendants(matching: .\(type))"
    }
}

func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

import LitmusJSON
import Testing

@testable import LitmusUI

/// Chromium's accessibility tree (an `Accessibility.getFullAXTree` answer, in the shape Chromium 156 gives)
/// as an accessibility snapshot writes it, without a browser.
@Suite("Chromium's accessibility tree is written as a snapshot")
struct AccessibilityNodeTests {
    /// One node of a `getFullAXTree` answer.
    private func node(
        _ id: Int, _ role: String, _ name: String = "", children: [Int] = [], ignored: Bool = false,
        value: String? = nil, properties: [String: JSONValue] = [:], parent: Int? = nil
    ) -> JSONValue {
        var fields: [String: JSONValue] = [
            "nodeId": .string("\(id)"), "ignored": .bool(ignored), "role": ["type": "role", "value": .string(role)],
            "name": ["type": "computedString", "value": .string(name)],
            "childIds": .array(children.map { .string("\($0)") }),
            "properties": .array(properties.map { ["name": .string($0.key), "value": ["value": $0.value]] }),
        ]
        if let value { fields["value"] = ["type": "string", "value": .string(value)] }
        if let parent { fields["parentId"] = .string("\(parent)") }
        return .object(fields)
    }

    @Test("Roles, names and states are written one node a line; text that repeats a name is left out")
    func calculator() throws {
        // Given: main > (status > "8", form > (button "7" > text "7" > inline box, button "AC" disabled))
        let answer: JSONValue = [
            "nodes": [
                node(1, "RootWebArea", "Calculator", children: [2]),
                node(2, "none", children: [3], ignored: true, parent: 1),
                node(3, "main", "Calculator", children: [4, 6], parent: 2),
                node(4, "status", children: [5], properties: ["live": "polite"], parent: 3),
                node(5, "StaticText", "8", parent: 4),
                node(6, "form", children: [7, 10], parent: 3),
                node(7, "button", "7", children: [8], properties: ["focusable": true, "invalid": "false"], parent: 6),
                node(8, "StaticText", "7", children: [9], parent: 7),
                node(9, "InlineTextBox", "7", parent: 8),
                node(10, "button", "AC", properties: ["disabled": true], parent: 6),
            ]
        ]

        // When
        let sut = try #require(AccessibilityNode.tree(fromFullAXTree: answer))

        // Then
        #expect(
            sut.snapshot == """
                - main "Calculator":
                  - status: "8"
                  - form:
                    - button "7"
                    - button "AC" [disabled]
                """)
    }

    @Test("An unnamed generic node gives way to its children, and adjacent texts are one")
    func transparentNodesAndText() throws {
        let answer: JSONValue = [
            "nodes": [
                node(1, "RootWebArea", "Movies", children: [2]),
                node(2, "listitem", children: [3, 4, 5], properties: ["level": 1], parent: 1),
                node(3, "ListMarker", "• ", parent: 2),
                node(4, "StaticText", "Slumdog   Millionaire ", parent: 2),
                node(5, "generic", children: [6], parent: 2),
                node(6, "StaticText", "2008", parent: 5),
            ]
        ]

        let sut = try #require(AccessibilityNode.tree(fromFullAXTree: answer))

        #expect(sut.snapshot == #"- listitem [level=1]: "Slumdog Millionaire 2008""#)
    }

    @Test("A checked switch, a heading's level and a text field's text are written as states and text")
    func statesAndValues() throws {
        let answer: JSONValue = [
            "nodes": [
                node(1, "RootWebArea", "Settings", children: [2, 3, 4]),
                node(2, "heading", "Settings", properties: ["level": 1], parent: 1),
                node(3, "switch", "Dark \"Mode\"", properties: ["checked": "true"], parent: 1),
                node(4, "textbox", "Goal", children: [5], value: "1000", parent: 1),
                node(5, "generic", children: [6], parent: 4),
                node(6, "StaticText", "1000", parent: 5),
            ]
        ]

        let sut = try #require(AccessibilityNode.tree(fromFullAXTree: answer))

        #expect(
            sut.snapshot == """
                - heading "Settings" [level=1]
                - switch "Dark \\"Mode\\"" [checked]
                - textbox "Goal": "1000"
                """)
    }

    @Test("An answer without nodes has no tree")
    func empty() {
        #expect(AccessibilityNode.tree(fromFullAXTree: ["nodes": []]) == nil)
    }
}

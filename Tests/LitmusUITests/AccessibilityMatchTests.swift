import Testing

@testable import LitmusUI

/// Matching a snapshot against a page's tree, without a browser: the page is built here as the tree of
/// the examples' Calculator screen.
@Suite("A page matches a snapshot that lists some of its nodes, in order; else the first node that differs is named")
struct AccessibilityMatchTests {
    private func text(_ name: String) -> AccessibilityNode { AccessibilityNode(role: "text", name: name) }

    /// document > main "Calculator" > (status > "8", form > buttons 7, 8, 9, AC (disabled)).
    private let page = AccessibilityNode(
        role: "document", name: "Calculator",
        children: [
            AccessibilityNode(
                role: "main", name: "Calculator",
                children: [
                    AccessibilityNode(role: "status", name: "", children: [AccessibilityNode(role: "text", name: "8")]),
                    AccessibilityNode(
                        role: "form", name: "",
                        children: [
                            AccessibilityNode(role: "button", name: "7"), AccessibilityNode(role: "button", name: "8"),
                            AccessibilityNode(role: "button", name: "9"),
                            AccessibilityNode(role: "button", name: "AC", attributes: ["disabled": "true"]),
                        ]),
                ])
        ])

    private func difference(_ snapshot: String) throws -> AccessibilityMatch.Difference? {
        AccessibilityMatch(template: try AccessibilityTemplate(snapshot, path: "inline"), page: page).difference
    }

    @Test("The page matches its own snapshot")
    func wholePage() throws {
        #expect(try difference(page.snapshot) == nil)
    }

    @Test("A snapshot that lists some nodes matches, wherever they are, when they come in the page's order")
    func partial() throws {
        #expect(try difference("- button \"7\"\n- button \"9\"") == nil)
    }

    @Test("A regular expression matches text that changes")
    func regularExpression() throws {
        #expect(try difference("- main:\n  - status: /^\\d+$/") == nil)
    }

    @Test("Nodes out of the page's order do not match")
    func order() throws {
        let sut = try difference("- button \"9\"\n- button \"7\"")

        #expect(sut?.line == 2)
        #expect(sut?.reason == #"the button after - button "9" differs: its name is "AC", expected "7""#)
    }

    @Test("A node whose name changed is named, with its line, the page's name and its place")
    func changedName() throws {
        let sut = try difference(
            """
            - main "Calculator":
              - form:
                - button "7"
                - button "x"
            """)

        #expect(
            sut
                == AccessibilityMatch.Difference(
                    line: 4, expected: #"- button "x""#,
                    reason: #"the button after - button "7" differs: its name is "8", expected "x""#, parent: "- form"))
    }

    @Test("A node of a role the page does not have is named, with what the page has there")
    func missingNode() throws {
        let sut = try difference("- link \"Help\"")

        #expect(sut?.reason == #"no link follows at the start; there: - main "Calculator""#)
        #expect(sut?.parent == nil)
    }

    @Test("A state the page's node does not have is named")
    func missingState() throws {
        let sut = try difference("- button \"7\" [disabled]")

        #expect(sut?.reason == #"the button at the start differs: it is not [disabled]"#)
        #expect(sut?.parent == "- form")
    }

    @Test("A text that differs is named with the page's text")
    func changedText() throws {
        let sut = try difference("- main:\n  - status: \"9\"")

        #expect(sut?.reason == #"the status at the start differs: its text is "8", expected "9""#)
        #expect(sut?.parent == #"- main "Calculator""#)
    }
}

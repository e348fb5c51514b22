import Testing

@testable import LitmusUI

@Suite("An accessibility snapshot is read line by line, and a line it cannot read is named")
struct AccessibilityTemplateTests {
    @Test("A node has a role, a name, states and text; its children are the lines indented below it")
    func nodes() throws {
        // When
        let sut = try AccessibilityTemplate(
            """
            # the display and one key
            - main "Calculator":
              - status: /\\d+/
              - button "7" [disabled] [level=2]
            - text: "Total"
            """, path: "inline")

        // Then
        #expect(sut.nodes.map(\.role) == ["main", "text"])
        let main = try #require(sut.nodes.first)
        #expect(main.name?.description == #""Calculator""#)
        #expect(main.children.map(\.role) == ["status", "button"])
        #expect(main.children[0].text?.description == #"/\d+/"#)
        #expect(main.children[1].attributes.map(\.key) == ["disabled", "level"])
        #expect(main.children[1].line == 4)
        #expect(sut.nodes[1].text?.description == #""Total""#)
    }

    @Test("A name in quotes matches exactly; between slashes it is a regular expression searched for")
    func matchers() throws {
        let sut = try AccessibilityTemplate(#"- button "a \"b\"" [value=/\d\/\d/]"#, path: "inline")

        let button = try #require(sut.nodes.first)
        #expect(button.name?.matches(#"a "b""#) == true)
        #expect(button.attributes.first?.value.matches("page 3/4") == true)
        #expect(button.attributes.first?.value.matches("page 3-4") == false)
    }

    @Test(
        "A line that is not a snapshot line is refused, naming its line and what is wrong",
        arguments: [
            ("- main:\n      - button", 2, "it is indented more than one level below its parent"),
            ("button \"7\"", 1, "each line is \"- \" after two spaces per level"),
            ("- button \"7", 1, "\"7 is not closed with \""),
            ("- button [checked", 1, "the state `checked` is not closed with `]`"),
            ("- text", 1, "a text node says its text"),
            ("- button /(/", 1, "/(/ is not a valid regular expression"),
            ("- button \"7\" extra", 1, "`extra` is left over at the end of the line"),
        ])
    func refused(text: String, line: Int, reason: String) {
        let error = #expect(throws: AccessibilitySnapshotError.self) {
            try AccessibilityTemplate(text, path: "/snapshots/a.txt")
        }

        guard case .invalidSnapshot(let path, let errorLine, let message) = error else {
            Issue.record("not an invalid snapshot: \(String(describing: error))")
            return
        }
        #expect(path == "/snapshots/a.txt")
        #expect(errorLine == line)
        #expect(message.contains(reason), "\(message)")
    }
}

@Suite("A stored accessibility snapshot lives beside its test file")
struct AccessibilitySnapshotPathTests {
    @Test("It is __Snapshots__/<test file>/<test>.<name>.txt in the test file's folder")
    func path() {
        let sut = XCUIApplication.snapshotPath(
            named: "empty display", testName: "firstScreen()", filePath: "/p/Tests/UITests/CalculatorUITests.swift")

        #expect(sut == "/p/Tests/UITests/__Snapshots__/CalculatorUITests/firstScreen.empty-display.txt")
    }
}

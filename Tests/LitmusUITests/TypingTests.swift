import Foundation
import Testing

@testable import LitmusUI

@Suite(
    "typeText presses a key for each character in the page; clearText empties a field", .tags(.endToEnd),
    .serialized, .uiTrace, .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct TypingTests {
    @Test("typeText types into a field, clearText empties it, and an empty field's value is its placeholder")
    func typing() async throws {
        let app = page(#"<label>Name <input id="name" placeholder="Your name"></label><input type="password">"#)
        try await app.run { (sut: XCUIApplication) async throws in
            let field = sut.textFields["name"]
            try await field.typeText("Ada")
            #expect(try await field.value == "Ada")
            #expect(try await field.label == "Name")
            try await field.typeText(XCUIKeyboardKey.delete.rawValue)
            #expect(try await field.value == "Ad")
            try await field.clearText()
            #expect(try await field.value == "Your name")
            try await sut.secureTextFields.element.typeText("secret")
            #expect(try await sut.secureTextFields.element.value == "••••••")
        }
    }

    @Test("The page sees a keydown for every key; the arrows move the caret and Tab moves the focus")
    func keys() async throws {
        let app = page(
            """
            <input id="first"><input id="second"><output id="log"></output>
            <script>addEventListener('keydown', e => { document.getElementById('log').textContent += e.key + ' '; });
            </script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            // When
            try await sut.textFields["first"].typeText(
                "ab" + XCUIKeyboardKey.leftArrow.rawValue + "X" + XCUIKeyboardKey.tab.rawValue + "c")

            // Then
            #expect(try await sut.textFields["first"].value == "aXb")
            #expect(try await sut.textFields["second"].value == "c")
            #expect(try await sut.staticTexts["log"].label == "a b ArrowLeft X Tab c")
        }
    }

    @Test("A Return submits the form, and typeText returns once the page has updated itself")
    func returnSubmits() async throws {
        // Given: a search form that answers 150 ms after the submission, busy meanwhile.
        let app = page(
            """
            <form id="search"><input id="query"></form><output id="out">none</output>
            <script>document.getElementById('search').addEventListener('submit', e => {
              e.preventDefault();
              document.documentElement.setAttribute('aria-busy', 'true');
              setTimeout(() => {
                document.getElementById('out').textContent = 'results for ' + document.getElementById('query').value;
                document.documentElement.removeAttribute('aria-busy');
              }, 150);
            });</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            // When
            try await sut.textFields["query"].typeText("Phish" + XCUIKeyboardKey.return.rawValue)

            // Then: read at once, not waited for
            #expect(try await sut.staticTexts["out"].label == "results for Phish")
        }
    }

    @Test("typeText on the app types into the focused field, and fails when only the page has the focus")
    func typingIntoTheFocus() async throws {
        let app = page(#"<input id="name">"#)
        try await app.run { (sut: XCUIApplication) async throws in
            await #expect(throws: LitmusUIError.noFocusedElement) { try await sut.typeText("lost") }
            try await sut.textFields["name"].tap()
            try await sut.typeText("Grace")
            #expect(try await sut.textFields["name"].value == "Grace")
        }
    }

    @Test("clearText fires input and change; a read-only field cannot be typed into or cleared")
    func clearingAndReadOnly() async throws {
        let app = page(
            """
            <input id="editable" value="abc"><input id="fixed" value="kept" readonly><output id="log"></output>
            <script>for (const type of ['input', 'change']) addEventListener(type, e => {
              document.getElementById('log').textContent += type + ':' + e.target.value + ' '; });</script>
            """, timeout: .milliseconds(300))
        try await app.run { (sut: XCUIApplication) async throws in
            try await sut.textFields["editable"].clearText()
            #expect(try await sut.staticTexts["log"].label == "input: change:")

            for action in ["typeText", "clearText"] {
                let error = await #expect(throws: XCUIElementError.self) {
                    if action == "typeText" {
                        try await sut.textFields["fixed"].typeText("x")
                    } else {
                        try await sut.textFields["fixed"].clearText()
                    }
                }
                #expect(error?.action == action)
                #expect(error?.problem == .notActionable("it is read-only"))
            }
            #expect(try await sut.textFields["fixed"].value == "kept")
        }
    }
}

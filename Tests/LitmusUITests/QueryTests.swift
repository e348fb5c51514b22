import Foundation
import Testing

@testable import LitmusUI

@Suite(
    "Queries find elements as XCUITest does", .tags(.endToEnd), .serialized, .uiTrace,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct QueryTests {
    @Test("A subscript matches an identifier, a label, a title, a value or a placeholder")
    func subscriptMatching() async throws {
        let app = page(
            """
            <button id="plus">+</button>
            <button aria-label="Delete">⌫</button>
            <button title="Help">?</button>
            <input type="text" value="typed">
            <input type="text" placeholder="Search">
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.buttons["plus"].exists)
            #expect(try await sut.buttons["Delete"].exists)
            #expect(try await sut.buttons["Help"].exists)
            #expect(try await sut.textFields["typed"].exists)
            #expect(try await sut.textFields["Search"].exists)
            #expect(try await !sut.buttons["⌫ "].exists)
            #expect(try await !sut.buttons["Search"].exists)
        }
    }

    @Test("Element types follow the HTML, hidden elements are left out, and text inside a button is the button's")
    func elementTypes() async throws {
        let app = page(
            """
            <h1>Title</h1>
            <p>Some <strong>bold</strong> text</p>
            <output> </output>
            <button><span>Go</span></button>
            <input type="submit" value="Send">
            <a href="#x">Link</a>
            <input type="password">
            <input type="checkbox" checked>
            <div role="switch" aria-checked="false" aria-label="Wi-Fi" tabindex="0"></div>
            <img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
            <ul><li>One</li><li>Two</li></ul>
            <div id="panel"></div>
            <button style="display:none">Hidden</button>
            <div aria-hidden="true"><button>Also hidden</button></div>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.staticTexts.count == 3)  // h1, p (with its strong), output
            #expect(try await sut.buttons.count == 2)
            #expect(try await sut.links.count == 1)
            #expect(try await sut.secureTextFields.count == 1)
            #expect(try await sut.switches.count == 2)
            #expect(try await sut.images["Logo"].exists)
            #expect(try await sut.tables.count == 1)
            #expect(try await sut.cells.count == 2)
            #expect(try await sut.otherElements["panel"].exists)
            #expect(try await sut.staticTexts["Some bold text"].exists)
            #expect(try await sut.staticTexts[" "].exists)
            #expect(try await sut.switches.element(boundBy: 0).value == "1")
            #expect(try await sut.switches["Wi-Fi"].value == "0")
        }
    }

    @Test("Queries scope to an element, and element(boundBy:), firstMatch and count agree")
    func scoping() async throws {
        let app = page(
            """
            <div id="left"><button>A</button><button>B</button></div>
            <div id="right"><button>C</button></div>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.otherElements["left"].buttons.count == 2)
            #expect(try await sut.otherElements["right"].buttons.element.label == "C")
            #expect(try await sut.buttons.element(boundBy: 1).label == "B")
            #expect(try await sut.buttons.firstMatch.label == "A")
            #expect(try await !sut.buttons.element(boundBy: 3).exists)
            #expect(try await sut.descendants(matching: .any).matching(identifier: "C").count == 1)
        }
    }

    @Test("A query reads in failure messages as the test wrote it")
    func descriptions() {
        // litmus:ignore trapInTest a literal URL, which always parses
        let sut = XCUIApplication(url: URL(string: "about:blank")!)
        #expect(sut.buttons["7"].description == #"app.buttons["7"]"#)
        #expect(
            sut.otherElements["keys"].buttons.firstMatch.description == #"app.otherElements["keys"].buttons.firstMatch"#
        )
        #expect(sut.cells.element(boundBy: 2).description == "app.cells.element(boundBy: 2)")
    }
}

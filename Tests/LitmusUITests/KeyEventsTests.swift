import LitmusJSON
import Testing

@testable import LitmusUI

@Suite("typeText's key events, computed without a browser")
struct KeyEventsTests {
    /// The `key`, `type` and `text` of each event, in order, as one line: `keyDown a a, keyUp a -`.
    private func events(_ text: String) throws -> String {
        try KeyEvents.commands(typing: text).map { command in
            #expect(command.method == "Input.dispatchKeyEvent")
            let params = command.params
            return "\(params["type"].string ?? "?") \(params["key"].string ?? "?") \(params["text"].string ?? "-")"
        }.joined(separator: ", ")
    }

    @Test("Each character is a press with its text and a release")
    func characters() throws {
        #expect(try events("a1") == "keyDown a a, keyUp a -, keyDown 1 1, keyUp 1 -")
        #expect(try events("é👍") == "keyDown é é, keyUp é -, keyDown 👍 👍, keyUp 👍 -")
    }

    @Test("ASCII letters and digits carry the US keyboard's code and key code, as chromedriver gives them")
    func keyCodes() throws {
        #expect(try KeyEvents.key(for: "B") == KeyEvents.Key(key: "B", code: "KeyB", keyCode: 66, text: "B"))
        #expect(try KeyEvents.key(for: "b") == KeyEvents.Key(key: "b", code: "KeyB", keyCode: 66, text: "b"))
        #expect(try KeyEvents.key(for: "7") == KeyEvents.Key(key: "7", code: "Digit7", keyCode: 55, text: "7"))
        #expect(try KeyEvents.key(for: "-") == KeyEvents.Key(key: "-", code: "", keyCode: 0, text: "-"))
    }

    @Test("XCUIKeyboardKey's keys are pressed as keys: Backspace types nothing, Return and a line break type \\r")
    func namedKeys() throws {
        #expect(try events(XCUIKeyboardKey.delete.rawValue) == "rawKeyDown Backspace -, keyUp Backspace -")
        #expect(try events(XCUIKeyboardKey.return.rawValue) == "keyDown Enter \r, keyUp Enter -")
        #expect(try events("\n") == "keyDown Enter \r, keyUp Enter -")
        for key in XCUIKeyboardKey.allCases {
            #expect(throws: Never.self, "\(key)") { try KeyEvents.key(for: Character(key.rawValue)) }
        }
    }

    @Test("Another WebDriver key code is refused before anything is typed, naming it and the keys there are")
    func unknownKey() throws {
        let error = #expect(throws: LitmusUIError.unknownKey("E009")) {
            try KeyEvents.commands(typing: "ctrl\u{E009}a")
        }
        #expect(error?.description.contains("U+E009") == true)
        #expect(error?.description.contains("leftArrow") == true)
    }
}

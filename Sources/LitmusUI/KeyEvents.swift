import LitmusJSON

/// What `typeText` sends to Chromium: for each character of the text, a key press and release
/// (`Input.dispatchKeyEvent`), as a person typing on a keyboard would, so the page sees `keydown`,
/// `keypress`, `input` and `keyup` and the browser's own default actions happen (a Return submits the
/// form, a Tab moves the focus, a Backspace deletes). This is what chromedriver does for WebDriver's
/// "send keys", without its HTTP round trip per command: every event of a text is sent at once.
enum KeyEvents {
    /// A key: its DOM `key` and `code`, its Windows virtual key code (`keyCode`), and what it types.
    struct Key: Equatable {
        let key: String
        let code: String
        let keyCode: Int
        /// What the key types, if anything (Return types a carriage return, which submits a form).
        var text: String? = nil
    }

    /// Return (and Enter): it types a carriage return, which submits a form.
    private static let enter = Key(key: "Enter", code: "Enter", keyCode: 13, text: "\r")

    /// The keys of ``XCUIKeyboardKey``, by the WebDriver code that is its raw value, and a line break as Return.
    static let keys: [Character: Key] = [
        Character(XCUIKeyboardKey.delete.rawValue): Key(key: "Backspace", code: "Backspace", keyCode: 8),
        Character(XCUIKeyboardKey.tab.rawValue): Key(key: "Tab", code: "Tab", keyCode: 9),
        Character(XCUIKeyboardKey.return.rawValue): enter,
        Character(XCUIKeyboardKey.enter.rawValue): enter,
        "\n": enter,
        "\r": enter,
        "\r\n": enter,
        Character(XCUIKeyboardKey.escape.rawValue): Key(key: "Escape", code: "Escape", keyCode: 27),
        Character(XCUIKeyboardKey.space.rawValue): Key(key: " ", code: "Space", keyCode: 32, text: " "),
        Character(XCUIKeyboardKey.pageUp.rawValue): Key(key: "PageUp", code: "PageUp", keyCode: 33),
        Character(XCUIKeyboardKey.pageDown.rawValue): Key(key: "PageDown", code: "PageDown", keyCode: 34),
        Character(XCUIKeyboardKey.end.rawValue): Key(key: "End", code: "End", keyCode: 35),
        Character(XCUIKeyboardKey.home.rawValue): Key(key: "Home", code: "Home", keyCode: 36),
        Character(XCUIKeyboardKey.leftArrow.rawValue): Key(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37),
        Character(XCUIKeyboardKey.upArrow.rawValue): Key(key: "ArrowUp", code: "ArrowUp", keyCode: 38),
        Character(XCUIKeyboardKey.rightArrow.rawValue): Key(key: "ArrowRight", code: "ArrowRight", keyCode: 39),
        Character(XCUIKeyboardKey.downArrow.rawValue): Key(key: "ArrowDown", code: "ArrowDown", keyCode: 40),
        Character(XCUIKeyboardKey.forwardDelete.rawValue): Key(key: "Delete", code: "Delete", keyCode: 46),
    ]

    /// The `Input.dispatchKeyEvent` calls that type `text`: two per character (press, release).
    /// Throws ``LitmusUIError/unknownKey(_:)`` for a WebDriver key code outside ``keys``, before
    /// anything is typed.
    static func commands(typing text: String) throws(LitmusUIError) -> [DevToolsCommand] {
        var commands: [DevToolsCommand] = []
        for character in text {
            let key = try key(for: character)
            var down: [String: JSONValue] = [
                "type": .string(key.text == nil ? "rawKeyDown" : "keyDown"), "key": .string(key.key),
                "code": .string(key.code), "windowsVirtualKeyCode": .number(Double(key.keyCode)),
            ]
            if let typed = key.text {
                down["text"] = .string(typed)
                down["unmodifiedText"] = .string(typed)
            }
            let up: JSONValue = [
                "type": "keyUp", "key": .string(key.key), "code": .string(key.code),
                "windowsVirtualKeyCode": .number(Double(key.keyCode)),
            ]
            commands += [("Input.dispatchKeyEvent", .object(down)), ("Input.dispatchKeyEvent", up)]
        }
        return commands
    }

    /// The key that types `character`: a named key, or a key whose `key` and text are the character
    /// (with the US keyboard's `code` and `keyCode` for ASCII letters and digits, as chromedriver gives).
    static func key(for character: Character) throws(LitmusUIError) -> Key {
        if let named = keys[character] { return named }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            (0xE000...0xF8FF).contains(scalar.value)
        {
            throw .unknownKey(String(scalar.value, radix: 16, uppercase: true))
        }
        let text = String(character)
        guard let ascii = character.asciiValue else { return Key(key: text, code: "", keyCode: 0, text: text) }
        switch character {
        case "a"..."z", "A"..."Z":
            let upper = Character(text.uppercased())
            return Key(key: text, code: "Key\(upper)", keyCode: Int(upper.asciiValue ?? ascii), text: text)
        case "0"..."9":
            return Key(key: text, code: "Digit\(text)", keyCode: Int(ascii), text: text)
        case " ":
            return Key(key: " ", code: "Space", keyCode: 32, text: " ")
        default:
            return Key(key: text, code: "", keyCode: 0, text: text)
        }
    }
}

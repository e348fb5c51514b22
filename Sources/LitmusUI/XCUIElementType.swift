/// The kind of an element, as XCUITest names it, and the HTML each kind is found in.
///
/// | type | HTML (or ARIA role) |
/// |---|---|
/// | `button` | `<button>`, `<input type=submit/button/reset/image>`, role `button` |
/// | `staticText` | `<output>`, and `<p>`, `<span>`, `<label>`, `<h1>`…, `<td>`, `<div>` … holding text of their own; roles `status`, `heading`, `note` |
/// | `textField` | `<input>` (text, email, search, number, …), `<textarea>`, roles `textbox`, `searchbox` |
/// | `secureTextField` | `<input type=password>` |
/// | `switch` | `<input type=checkbox>`, roles `switch`, `checkbox` |
/// | `link` | `<a href>`, role `link` |
/// | `image` | `<img>`, role `img` |
/// | `table` | `<table>`, `<ul>`, `<ol>`, roles `table`, `grid`, `list` |
/// | `cell` | `<tr>`, `<li>`, roles `row`, `listitem` |
/// | `alert` | `<dialog>`, roles `dialog`, `alertdialog`, `alert` |
/// | `other` | landmarks (`<main>`, `<nav>`, `<form>`, …) and any element with an `id`, `data-testid` or `aria-label` |
///
/// Hidden elements (`display: none`, `visibility: hidden`, `aria-hidden`, `inert`) are not in the
/// tree; a button's, link's or text's own content is part of it, not elements of their own.
public enum XCUIElementType: String, Sendable, CaseIterable {
    /// Any type (for ``XCUIElementTypeQueryProvider/descendants(matching:)``).
    case any
    /// The application (the document).
    case application
    case button
    case staticText
    case textField
    case secureTextField
    case `switch`
    case link
    case image
    case table
    case cell
    case alert
    case other
}

/// XCUITest's keys that `typeText(_:)` understands inside a string. Their raw values are WebDriver's
/// key codes (characters of the private use area), so a string can hold them; LitmusUI presses each as
/// its key (`keydown` with the DOM's `key`, the browser's default action, `keyup`). A line break types
/// Return too. Any other character is typed as text; another WebDriver key code is refused, by name.
public enum XCUIKeyboardKey: String, Sendable, CaseIterable {
    /// Backspace: `typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: 3))`.
    case delete = "\u{E003}"
    /// Tab (moves the focus).
    case tab = "\u{E004}"
    /// Return (submits a form from a text field).
    case `return` = "\u{E006}"
    /// Enter (the keypad's; the same as Return in a web page).
    case enter = "\u{E007}"
    /// Escape.
    case escape = "\u{E00C}"
    /// The space bar.
    case space = "\u{E00D}"
    /// Page Up.
    case pageUp = "\u{E00E}"
    /// Page Down.
    case pageDown = "\u{E00F}"
    /// End.
    case end = "\u{E010}"
    /// Home.
    case home = "\u{E011}"
    /// The left arrow.
    case leftArrow = "\u{E012}"
    /// The up arrow.
    case upArrow = "\u{E013}"
    /// The right arrow.
    case rightArrow = "\u{E014}"
    /// The down arrow.
    case downArrow = "\u{E015}"
    /// Forward delete (deletes after the caret).
    case forwardDelete = "\u{E017}"
}

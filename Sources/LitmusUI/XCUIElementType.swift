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

/// XCUITest's keys that `typeText(_:)` understands inside a string, as WebDriver key codes.
public enum XCUIKeyboardKey: String, Sendable {
    /// Backspace: `typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: 3))`.
    case delete = "\u{E003}"
    /// Return (submits a form from a text field).
    case `return` = "\u{E006}"
    /// Tab (moves the focus).
    case tab = "\u{E004}"
}

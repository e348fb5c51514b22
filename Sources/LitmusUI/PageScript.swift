import Foundation
import LitmusJSON

/// The script LitmusUI installs in a page (once per document) to see it the way XCUITest sees an
/// app: an accessibility tree of typed elements (button, staticText, textField, …) with identifier,
/// label, value, title and placeholder, and the queries, waits and actionability checks run on it.
///
/// Waiting happens inside the page, frame by frame (`requestAnimationFrame`), so a wait ends in the
/// frame its condition becomes true, with no sleep on either side.
///
/// The script is Resources/PageScript.js, embedded in the module's code (no bundle to look up). A
/// session registers it with Chromium for every new document (``BrowserSession/create(on:chromium:)``),
/// so a call into the page sends only its own line; a document without it (one that was there before
/// the registration) is told so by ``guardAsync`` / ``guardSync``, and the call is sent again with it.
enum PageScript {
    /// Defines `window.__litmus` if this document has not got it yet.
    static let install = String(decoding: PackageResources.PageScript_js, as: UTF8.self)

    /// What a call returns from a document that has no `window.__litmus`.
    static let missing = "__litmus_missing__"

    /// The start of a synchronous call: returns ``missing`` when the script is not installed.
    static let guardSync = "if (!window.__litmus) return '\(missing)';\n"

    /// The start of an asynchronous call: defines `done` and answers ``missing`` when the script is
    /// not installed.
    static let guardAsync =
        "const done = arguments[arguments.length - 1];\nif (!window.__litmus) { done('\(missing)'); return; }\n"

    /// A `Runtime.evaluate` expression that runs `body` as ``guardSync`` / ``guardAsync`` calls do
    /// (`arguments[0]` is `argument`; with `waits`, `done` ends it, else `return` does) and yields
    /// the JSON text of its result (a promise of it with `waits`), DOM nodes in it written as null.
    /// Without `installing`, a document without the script yields ``missing``.
    static func expression(_ body: String, _ argument: JSONValue, waits: Bool, installing: Bool) -> String {
        let argumentJSON = (try? JSONEncoder().encode(argument)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        let start = installing ? install + "\n" : "if (!window.__litmus) return done('\(missing)');\n"
        let call = waits ? body : "done((function () { \(body) }).apply(this, arguments));"
        return """
            (function () { return new Promise(resolve => {
            const done = value => resolve(JSON.stringify(value === undefined ? null : value,
              (key, item) => item instanceof Node ? null : item));
            \(start)\(call)
            }); })(\(argumentJSON))
            """
    }
}

/// The HTML document every screen is rendered into: a title, the shared style sheet, and the
/// screen's body inside `<main>`.
///
/// Pages work without JavaScript: every action is a real `<button>` in a `<form method="post">`,
/// answered by a redirect back to the screen (Post/Redirect/Get).
struct Page: Sendable {
    /// The document title, also the accessible name of `<main>`.
    let title: String
    /// The screen's markup, already escaped where it holds view-model text.
    let body: String

    /// The complete document.
    var html: String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(html: title) · Litmus examples</title>
        <style>\(Self.styleSheet)</style>
        </head>
        <body>
        <main aria-label="\(html: title)">
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// One small style sheet for every screen; no animations, so nothing moves while a test acts.
    private static let styleSheet = """
        body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#fff;color:#111}
        main{max-width:360px;margin:0 auto}
        .display{display:block;min-height:1.4em;font-size:2rem;padding:12px;text-align:right;\
        background:#111;color:#fff;border-radius:5px;white-space:pre;overflow:hidden}
        .keys{display:grid;grid-template-columns:repeat(var(--columns),1fr);gap:8px;margin-top:8px}
        .keys button{font-size:1.4rem;padding:12px 0;background:#ccc;color:#111;border:0;border-radius:5px}
        .keys button:focus-visible{outline:3px solid #06c}
        nav ul{list-style:none;padding:0}
        .rows{list-style:none;padding:0}
        .rows li{padding:8px 0;border-bottom:1px solid #ddd}
        form{margin:8px 0}
        input{font-size:1rem;padding:6px}
        form button{font-size:1rem;padding:6px 12px}
        [role=switch][aria-checked=true]{background:#2a2;color:#fff}
        [role=alert]{border:2px solid #c00;padding:8px;border-radius:5px}
        nav a{display:block;padding:8px 0;font-size:1.2rem}
        """
}

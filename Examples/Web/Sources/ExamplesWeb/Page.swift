/// The HTML document every screen is rendered into: a title, the shared style sheet, and the
/// screen's body inside `<main>`.
///
/// Pages work without JavaScript: every action is a real `<button>` in a `<form method="post">`,
/// answered by a redirect back to the screen (Post/Redirect/Get). With JavaScript, a small script
/// (``formScript``) sends the same form with `fetch` and swaps in the page the server answers with,
/// which spares the redirect and the page load.
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
        <link rel="icon" href="data:,">
        <title>\(html: title) · Litmus examples</title>
        <style>\(Self.styleSheet)</style>
        <script>\(Self.formScript)</script>
        </head>
        <body>
        <main aria-label="\(html: title)">
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// The header a form sent by ``formScript`` carries; the server answers it with the screen's page
    /// (200) instead of a redirect.
    static let fetchHeader = "X-Examples-Fetch"

    /// Progressive enhancement of every `<form method="post">`: the submission is sent with `fetch`
    /// (the same fields, the pressed button's among them), and the page the server answers with
    /// replaces the body, so the page is not reloaded. While that runs, `<html>` is
    /// `aria-busy="true"`, which tells assistive technology, and LitmusUI's `tap()`, that the page is
    /// being updated. Should the request fail (no answer, or an error status), the form is submitted
    /// the plain way, and the mark is removed either way, so a page is never left busy.
    static let formScript = """
        document.addEventListener('submit', async event => {
          const form = event.target, root = document.documentElement;
          if (event.defaultPrevented || form.method !== 'post' || form.dataset.plain) return;
          event.preventDefault();
          root.setAttribute('aria-busy', 'true');
          try {
            const response = await fetch(form.action, {method: 'POST', headers: {'\(fetchHeader)': '1'},
              body: new URLSearchParams(new FormData(form, event.submitter))});
            if (!response.ok) throw new Error(response.status);
            const page = new DOMParser().parseFromString(await response.text(), 'text/html');
            document.title = page.title;
            document.body.replaceWith(document.adoptNode(page.body));
          } catch {
            form.dataset.plain = 'true';
            form.requestSubmit(event.submitter);
          } finally {
            root.removeAttribute('aria-busy');
          }
        });
        """

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

import Foundation
import LitmusHTTPStubServer
import LitmusHTTPStubs

/// A shopping list served over HTTP on 127.0.0.1 (a stub server), for the trace tests: its page logs to
/// the console, and adding an item posts it with `fetch` (the page `aria-busy` meanwhile, as the
/// examples' pages are), so a trace has console messages and requests to show.
enum ShoppingListPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Shopping list</title>
        <style>body{font:16px system-ui,sans-serif;margin:16px} button{font-size:16px;padding:6px 12px}</style>
        </head><body>
        <main aria-label="Shopping list">
          <h1>Shopping list</h1>
          <output id="status">No items</output>
          <p><input id="item" aria-label="Item"> <button id="add">Add</button></p>
          <ul id="items" aria-label="Items"></ul>
        </main>
        <script>
          console.log('shopping list ready');
          document.getElementById('add').addEventListener('click', async () => {
            const item = document.getElementById('item').value;
            console.warn('adding ' + item);
            document.documentElement.setAttribute('aria-busy', 'true');
            const response = await fetch('/api/items', {method: 'POST', body: item});
            const saved = await response.json();
            const row = document.createElement('li');
            row.textContent = saved.item;
            document.getElementById('items').append(row);
            document.getElementById('status').textContent = '1 item';
            document.documentElement.removeAttribute('aria-busy');
          });
        </script>
        </body></html>
        """

    /// Runs `body` with the page's URL, served until `body` ends.
    static func serving<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        let stubs = HTTPStubs()
        stubs.stub(.path("/"), .string(html, headers: ["Content-Type": "text/html; charset=utf-8"]))
        stubs.stub(.path("/api/items"), .string(#"{"item":"milk"}"#, headers: ["Content-Type": "application/json"]))
        return try await HTTPStubServer.serving(stubs) { server in try await body(server.url("/")) }
    }
}

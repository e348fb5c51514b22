import Foundation
import Testing

@testable import LitmusUI

extension Tag {
    /// Tests that start processes or a browser.
    @Tag static var endToEnd: Self
}

/// An app that is one HTML page (a data: URL), so each test states the page it runs against. Its timeout
/// bounds waits that succeed (a minute: on a busy machine Chromium can take seconds to paint, issue #52);
/// a test of a wait that fails gives a short one of its own.
func page(_ body: String, timeout: Duration = .seconds(60)) -> XCUIApplication {
    let html = "<!doctype html><html><head><title>Fixture</title></head><body>\(body)</body></html>"
    let url = URL(string: "data:text/html;base64," + Data(html.utf8).base64EncodedString())!
    let app = XCUIApplication(url: url)
    app.timeout = timeout
    return app
}

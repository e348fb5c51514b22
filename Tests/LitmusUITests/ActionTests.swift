import Foundation
import Testing

@testable import LitmusUI

@Suite(
    "Actions wait for an actionable element; waits retry to a deadline", .tags(.endToEnd), .serialized, .uiTrace,
    .disabled(if: XCUIApplication.isOptedOutByEnvironment, "LITMUS_SKIP_UI=1"))
struct ActionTests {
    @Test("A tap waits for a button the page adds later")
    func tapWaitsForAppearance() async throws {
        let app = page(
            """
            <output id="out">none</output>
            <script>setTimeout(() => {
              const b = document.createElement('button'); b.textContent = 'Late';
              b.onclick = () => { document.getElementById('out').textContent = 'tapped'; };
              document.body.appendChild(b); }, 300);</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            try await sut.buttons["Late"].tap()
            #expect(try await sut.staticTexts["out"].label == "tapped")
        }
    }

    @Test("A tap waits for a sliding button to stop, and hits it where it came to rest")
    func tapWaitsForAnimation() async throws {
        // Given: a button sliding 400 px to the right over 400 ms; where it starts, a decoy. The slide
        // starts as the page is read, before any tap can look: started later (a transition set off
        // two frames after the load), a tap could find the button at rest before it moved, and the
        // click then reached the decoy once it had slid away (1 suite run of 3 under `litmus audit`).
        let app = page(
            """
            <output id="out">none</output>
            <div style="position:relative;height:40px">
              <button id="decoy" style="position:absolute;left:0"
                onclick="document.getElementById('out').textContent = 'decoy'">Decoy</button>
              <button id="slider" style="position:absolute;left:0"
                onclick="document.getElementById('out').textContent = 'slider'">Slide</button>
            </div>
            <script>document.getElementById('slider').animate(
              [{left: '0px'}, {left: '400px'}], {duration: 400, easing: 'linear', fill: 'forwards'});</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            // When
            try await sut.buttons["Slide"].tap()

            // Then
            #expect(try await sut.staticTexts["out"].label == "slider")
        }
    }

    @Test("A tap waits until nothing covers the button")
    func tapWaitsForOverlay() async throws {
        let app = page(
            """
            <output id="out">none</output>
            <button onclick="document.getElementById('out').textContent = 'tapped'">Go</button>
            <div id="overlay" style="position:fixed;inset:0;background:rgba(0,0,0,.5)"></div>
            <script>
              // The overlay goes 300 ms after the first hit test, not after the page loads: on a
              // loaded machine the launch alone can take longer, and the overlay would be gone
              // before isHittable looks.
              const hitTest = document.elementFromPoint.bind(document);
              let removal = null;
              document.elementFromPoint = (x, y) => {
                removal ??= setTimeout(() => document.getElementById('overlay').remove(), 300);
                return hitTest(x, y);
              };
            </script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await !sut.buttons["Go"].isHittable)
            try await sut.buttons["Go"].tap()
            #expect(try await sut.staticTexts["out"].label == "tapped")
        }
    }

    @Test("A tap returns once a page that updates itself is no longer aria-busy")
    func tapWaitsWhilePageIsBusy() async throws {
        let app = page(
            """
            <output id="out">before</output>
            <button onclick="document.documentElement.setAttribute('aria-busy', 'true');
              setTimeout(() => { document.getElementById('out').textContent = 'updated';
                document.documentElement.removeAttribute('aria-busy'); }, 300)">Send</button>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            try await sut.buttons["Send"].tap()
            #expect(try await sut.staticTexts["updated"].exists)  // exists does not wait: tap did
        }
    }

    @Test("A tap on a page that stays aria-busy fails after the timeout, saying the page never settled")
    func tapFailsWhenPageStaysBusy() async throws {
        let app = page(
            """
            <button onclick="document.documentElement.setAttribute('aria-busy', 'true')">Send</button>
            """, timeout: .milliseconds(500))
        try await app.run { (sut: XCUIApplication) async throws in
            let error = await #expect(throws: XCUIElementError.self) { try await sut.buttons["Send"].tap() }
            #expect(error?.problem == .notSettled(#"the page was still updating itself (aria-busy="true")"#))
            #expect(error?.description.contains("the tap was made, but the page was still updating") == true)
        }
    }

    @Test("A tap on a disabled button fails after the timeout, naming the element and why")
    func tapOnDisabledButtonFails() async throws {
        let app = page(#"<button disabled>Pay</button>"#, timeout: .milliseconds(300))
        try await app.run { (sut: XCUIApplication) async throws in
            let error = await #expect(throws: XCUIElementError.self) { try await sut.buttons["Pay"].tap() }
            #expect(error?.problem == .notActionable("it is disabled: Button, label: 'Pay', Disabled"))
            #expect(error?.description.hasPrefix(#"tap app.buttons["Pay"] failed after waiting 0.3 seconds"#) == true)
            #expect(error?.accessibilityTree.contains("Button, label: 'Pay', Disabled") == true)
            let screenshot = try #require(error?.screenshotPath)
            #expect(FileManager.default.fileExists(atPath: screenshot))
        }
    }

    @Test("Using an element that matches twice fails, naming both matches")
    func ambiguousElementFails() async throws {
        let app = page(#"<button>OK</button><button>OK</button>"#, timeout: .milliseconds(200))
        try await app.run { (sut: XCUIApplication) async throws in
            let error = await #expect(throws: XCUIElementError.self) { try await sut.buttons["OK"].tap() }
            #expect(
                error?.problem == .multipleMatches(count: 2, matches: ["Button, label: 'OK'", "Button, label: 'OK'"]))
            #expect(try await sut.buttons["OK"].exists)  // exists does not require exactly one, as in XCUITest
        }
    }

    @Test("waitForExistence and waitForNonExistence return when the page changes, false at the deadline")
    func waiting() async throws {
        let app = page(
            """
            <p id="toast">Saved</p>
            <script>setTimeout(() => document.getElementById('toast').remove(), 200);
            setTimeout(() => { const p = document.createElement('p'); p.textContent = 'Done';
              document.body.appendChild(p); }, 300);</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.staticTexts["Saved"].waitForNonExistence(timeout: 120))
            #expect(try await sut.staticTexts["Done"].waitForExistence(timeout: 120))
            #expect(try await !sut.staticTexts["Never"].waitForExistence(timeout: 0.2))
        }
    }

    @Test("wait(until:) retries until the label changes")
    func waitingAssertion() async throws {
        let app = page(
            """
            <output id="count">0</output>
            <script>let n = 0; const t = setInterval(() => { document.getElementById('count').textContent = ++n;
              if (n === 3) clearInterval(t); }, 50);</script>
            """)
        try await app.run { (sut: XCUIApplication) async throws in
            #expect(try await sut.staticTexts["count"].wait(until: { $0.label == "3" }, timeout: 120))
            #expect(try await !sut.staticTexts["count"].wait(until: { $0.label == "4" }, timeout: 0.2))
        }
    }
}
